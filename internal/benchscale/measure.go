package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// sampleEvery is how often the memory of a step's processes is read.
const sampleEvery = 20 * time.Millisecond

// step is one measured command.
type step struct {
	Name    string
	Wall    time.Duration
	Peak    int64  // bytes: the largest sum of the resident sets of the step's processes at one sample
	Largest int64  // bytes: the largest resident set of any one process, from the kernel
	Exit    int    // -1 when the command did not start or was killed
	Failed  string // why the step does not count, "" when it does
	Note    string
	Stdout  []byte
	Stderr  []byte
}

// measure runs a command in its own process group and samples the
// summed resident memory of that group (go vet, the go command's
// compilers and their tools run as several processes at once).
func measure(timeout time.Duration, dir string, env []string, args ...string) step {
	s := step{Exit: -1}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	if err := cmd.Start(); err != nil {
		s.Failed = err.Error()
		return s
	}
	done, peak := make(chan struct{}), make(chan int64)
	go func() {
		var most int64
		tick := time.NewTicker(sampleEvery)
		defer tick.Stop()
		for {
			most = max(most, groupRSS(cmd.Process.Pid))
			select {
			case <-done:
				peak <- most
				return
			case <-tick.C:
			}
		}
	}()
	err := cmd.Wait()
	s.Wall = time.Since(start)
	close(done)
	s.Peak = <-peak
	// Leave nothing of the group behind: a tool that started a child and
	// exited would keep running into the next step.
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	s.Stdout, s.Stderr = stdout.Bytes(), stderr.Bytes()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.Largest = ru.Maxrss * 1024 // kilobytes on Linux
	}
	// A process shorter than a sample escapes the sum; it is never
	// smaller than the largest single process.
	s.Peak = max(s.Peak, s.Largest)
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		s.Failed = "timed out after " + timeout.String()
	case err == nil:
		s.Exit = 0
	case errors.As(err, &exit) && exit.Exited():
		s.Exit = exit.ExitCode()
	default:
		s.Failed = err.Error()
	}
	return s
}

// groupRSS returns the summed resident memory of the processes of a
// process group, in bytes, as /proc shows them now.
func groupRSS(pgid int) int64 {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	var stats [][]byte
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue // not a process
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // it exited
		}
		stats = append(stats, stat)
	}
	return sumResident(stats, pgid, int64(os.Getpagesize()))
}

// sumResident sums the resident memory of the processes of a group, from
// their /proc/PID/stat lines. A child that shares its parent's memory (Go
// programs, the go command among them, start a command by
// clone(CLONE_VM) then exec) shows, until it has exec'd, the parent's
// resident set as its own: it is counted once, known by the same virtual
// size and stack start as its parent's.
func sumResident(stats [][]byte, pgid int, pageSize int64) int64 {
	type proc struct {
		ppid, vsize, stack string
		residentPages      int64
	}
	group := map[string]proc{}
	for _, stat := range stats {
		// The fields after the command name, which may hold spaces:
		// state ppid pgrp ... (field 3 of proc(5) at index 0), vsize
		// (23) at 20, rss (24) at 21, startstack (28) at 25.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) < 26 || f[2] != strconv.Itoa(pgid) {
			continue
		}
		pid, _, _ := strings.Cut(string(stat), " ")
		pages, _ := strconv.ParseInt(f[21], 10, 64)
		group[pid] = proc{ppid: f[1], vsize: f[20], stack: f[25], residentPages: pages}
	}
	var sum int64
	for _, p := range group {
		if parent, ok := group[p.ppid]; ok && parent.vsize == p.vsize && parent.stack == p.stack {
			continue // the parent's memory, not yet its own
		}
		sum += p.residentPages * pageSize
	}
	return sum
}
