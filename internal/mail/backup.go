package mail

// BackupAlert tells the owners that the shop's backups need them: the last
// one failed, or the last good one is too old.
type BackupAlert struct {
	Problem  string // one sentence: what is wrong
	LastGood string // when the last good backup was made, or "never"
	Error    string // the failure's message, or ""
	PageURL  string // the back office's Backups page
}

// BackupAlertEmail builds the alert to an owner.
func BackupAlertEmail(to string, a BackupAlert) (Message, error) {
	return embedded.render("backup_alert", to, a)
}
