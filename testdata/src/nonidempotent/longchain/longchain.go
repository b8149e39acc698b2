// Package longchain holds a retry whose e-mail is sent eleven calls down:
// the chain in the finding's related information is cut, says how many
// calls it leaves out, and ends at the send.
package longchain

import (
	"math/rand/v2"
	"net/smtp"
	"time"
)

func notify(to string) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop repeats longchain.step1, which sends an e-mail`
		if err := step1(to); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
	return nil
}

func step1(to string) error  { return step2(to) }
func step2(to string) error  { return step3(to) }
func step3(to string) error  { return step4(to) }
func step4(to string) error  { return step5(to) }
func step5(to string) error  { return step6(to) }
func step6(to string) error  { return step7(to) }
func step7(to string) error  { return step8(to) }
func step8(to string) error  { return step9(to) }
func step9(to string) error  { return step10(to) }
func step10(to string) error { return smtp.SendMail("mail:25", nil, "shop", []string{to}, nil) }

// A chain of eight calls is shown whole.
func notifyShort(to string) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop repeats longchain.step4, which sends an e-mail`
		if err := step4(to); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
	return nil
}
