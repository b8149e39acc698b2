// want package:"effects"

// Package mailer sends e-mail.
package mailer

import "net/smtp"

// SendReceipt mails a receipt.
func SendReceipt(to string, body []byte) error { // want SendReceipt:`external: sends an e-mail`
	return smtp.SendMail("mail.example:25", nil, "shop@example", []string{to}, body)
}
