package db

import "syscall"

// lowerThreadPriority sets the calling OS thread's nice value. On Linux the
// nice value belongs to a thread, and setpriority with a thread id changes
// that thread alone.
func lowerThreadPriority(nice int) error {
	return syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), nice)
}
