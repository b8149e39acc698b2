package modelshapes

import (
	"errors"
	"time"
)

type throttled struct{ after time.Duration }

func (t *throttled) Error() string { return "throttled" }

func upload(part int) error { return nil }

// A retry that goes round only when errors.AsType finds a throttling
// error, after a fixed wait.
func uploadPart(part int) error {
	for attempt := 0; attempt < 4; attempt++ {
		err := upload(part)
		if err == nil {
			return nil
		}
		if _, ok := errors.AsType[*throttled](err); ok {
			time.Sleep(2 * time.Second) // want `retry loop waits a fixed 2 \* time.Second between attempts with no jitter`
			continue
		}
		return err
	}
	return errors.New("upload: out of attempts")
}

var inflight = map[int]bool{}

// Not a retry: the flag is a map lookup, not a look at the error; the
// loop waits for another upload of the part to finish, whatever
// happened to this one.
func awaitPart(part int) error {
	for range 10 {
		err := upload(part)
		if _, ok := inflight[part]; ok {
			time.Sleep(2 * time.Second)
			continue
		}
		return err
	}
	return nil
}
