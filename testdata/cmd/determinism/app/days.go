package app

import (
	"os"
	"time"

	"example.com/determinism/spool"
)

// Rollup writes the record into the file of the day of each attempt.
func Rollup(dir string, record []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = os.WriteFile(spool.DayFile(dir), record, 0o644); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// hourDir is the folder of the hour the call is made in.
func hourDir(dir string) string {
	return dir + "/" + time.Now().UTC().Format("2006010215")
}

// Keep and Mirror both write into the folder of the hour of each attempt.
func Keep(dir string, record []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = os.WriteFile(hourDir(dir)+"/keep", record, 0o644); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func Mirror(dir string, record []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = os.WriteFile(hourDir(dir)+"/mirror", record, 0o644); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
