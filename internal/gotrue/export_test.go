package gotrue

// SetHashHook makes f run before each password hash, until the returned
// function is called.
func SetHashHook(f func()) (restore func()) {
	testHookHash = f
	return func() { testHookHash = nil }
}

// CustomerWords is the customer search's condition on words.
var CustomerWords = customerWords
