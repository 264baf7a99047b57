package audit

// "bookmark.update" is no feature's action: the tests record it to show
// that the kind "book" does not select it.
func init() { actions = append(actions, "bookmark.update") }
