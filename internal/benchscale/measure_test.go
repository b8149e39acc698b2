package main

import "testing"

func TestSumResidentCountsSharedMemoryOnce(t *testing.T) {
	// /proc/PID/stat lines: pid (comm) state ppid pgrp ..., vsize at
	// field 23, rss (pages) at 24, startstack at 28.
	stat := func(pid, comm, ppid, pgrp, vsize, rss, stack string) []byte {
		return []byte(pid + " (" + comm + ") S " + ppid + " " + pgrp + " 0 0 0 0 0 0 0 0 0 0 0 0 20 0 1 0 100 " +
			vsize + " " + rss + " 0 0 0 " + stack + " 0 0 0 0 0 0")
	}
	stats := [][]byte{
		stat("100", "retrylint", "1", "100", "1610698752", "100", "140727429279312"),
		stat("101", "go", "100", "100", "1307774976", "50", "140733878256720"),
		// The go command's child between clone and exec: its memory.
		stat("102", "go", "101", "100", "1307774976", "50", "140733878256720"),
		// A tool the go command runs, exec'd: its own memory.
		stat("103", "compile sub", "101", "100", "1207774976", "30", "140733878999999"),
		// Another group's.
		stat("200", "go", "1", "200", "1307774976", "1000", "140733878256720"),
	}
	if got, want := sumResident(stats, 100, 10), int64((100+50+30)*10); got != want {
		t.Errorf("sumResident = %d, want %d", got, want)
	}
}
