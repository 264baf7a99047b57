package testclock

import (
	"testing"
	"time"
)

func TestAtStandsStillUntilAdvanced(t *testing.T) {
	start := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	c := At(start)
	if !c.Now().Equal(start) {
		t.Fatalf("Now = %v, want %v", c.Now(), start)
	}
	c.Advance(90 * time.Second)
	if want := start.Add(90 * time.Second); !c.Now().Equal(want) {
		t.Fatalf("after Advance, Now = %v, want %v", c.Now(), want)
	}
}

func TestRunningIsTheRealTimePlusTheAdvance(t *testing.T) {
	c := Running()
	c.Advance(time.Hour)
	before := time.Now().Add(time.Hour)
	got := c.Now()
	if got.Before(before) || got.After(time.Now().Add(time.Hour)) {
		t.Fatalf("Now = %v, want the real time an hour ahead (%v)", got, before)
	}
}
