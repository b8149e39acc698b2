package spool

import "time"

// DayFile is the spool file of the day the call is made on.
func DayFile(dir string) string {
	return dir + "/" + time.Now().UTC().Format("2006-01-02") + ".log"
}
