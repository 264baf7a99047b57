package audit

import (
	"slices"
	"testing"
)

// actions is every action a feature records, "<kind>.<verb>": the back
// office has words for each and a filter for each kind (the part before
// the dot) in web/src/features/admin/audit-kinds.ts, which a test checks
// against this list. A feature that records a new action adds it here, and
// its words there; in tests, Record refuses an action missing here, so a
// new one cannot show in the log as a raw key.
var actions = []string{
	"backup.create", "backup.create_failed", "backup.download", "backup.restore", "backup.restore_failed", "backup.upload",
	"campaign.create", "campaign.send", "campaign.update",
	"book.archive", "book.create", "book.duplicate", "book.update",
	"catalog.import",
	"category.create", "category.update",
	"cover.upload",
	"customer.ban", "customer.delete", "customer.password_reset", "customer.resend_confirmation",
	"customer.reset_factors", "customer.sign_out", "customer.unban",
	"discount.create", "discount.update",
	"factor.delete", "factor.update",
	"file.upload",
	"games.config", "games.image",
	"order.cancel", "order.deliver", "order.fulfil", "order.note", "order.refund", "order.resend_confirmation",
	"passkey.delete",
	"post.create", "post.picture", "post.update",
	"settings.update",
	"staff.role",
	"staff.invite",
	"subscriber.unsubscribe",
	"subscriber.unsuppress",
	"storybook.create", "storybook.grant", "storybook.import", "storybook.media", "storybook.publish",
	"storybook.unpublish", "storybook.update",
	"user.create", "user.delete", "user.generate_link", "user.invite", "user.update",
}

// Actions returns every action the features record, sorted.
func Actions() []string {
	return slices.Sorted(slices.Values(actions))
}

// undeclared tells whether action is missing from actions when that should
// fail: in tests. A shop in production still records it: a
// missing label must not lose a change.
func undeclared(action string) bool {
	return !slices.Contains(actions, action) && testing.Testing()
}
