package nojitter

import "time"

func singleImport() error {
	for i := 0; i < 3; i++ {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed time.Second between attempts with no jitter`
	}
	return nil
}
