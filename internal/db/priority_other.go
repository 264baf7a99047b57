//go:build !linux

package db

// lowerThreadPriority does nothing where a nice value is the whole process's.
func lowerThreadPriority(int) error { return nil }
