// Package gormmodels holds the cases of onconflict for gorm: the INSERT
// of Create is written from the model, and judged against the module's
// migrations, or against the model's own tags where no migration defines
// its table.
package gormmodels

import (
	"context"

	retry "github.com/avast/retry-go/v4"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Delivery's only key is its integer ID, which the database fills.
type Delivery struct {
	ID      uint
	OrderID string
	Courier string
}

// Payment is keyed by the caller's payment id.
type Payment struct {
	PaymentID string `gorm:"primaryKey"`
	Cents     int64
}

// Subscription is unique per user and feed, from the input.
type Subscription struct {
	gorm.Model
	UserID  uint   `gorm:"uniqueIndex:idx_user_feed"`
	FeedURL string `gorm:"uniqueIndex:idx_user_feed"`
	Note    string `gorm:"-"`
}

// AuditEvent lives in audit_log, which a migration defines.
type AuditEvent struct {
	ID     int64
	Actor  string
	Action string
}

func (AuditEvent) TableName() string { return "audit_log" }

// Invoice is keyed by its number in the migration, though the model says
// nothing about it.
type Invoice struct {
	ID            int64
	InvoiceNumber string
	Total         int64
}

func deliver(ctx context.Context, db *gorm.DB, d *Delivery) error {
	return retry.Do(func() error {
		return db.WithContext(ctx).Create(d).Error // want `Create's INSERT into deliveries appends \(no ON CONFLICT; no key of deliveries comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\), retried by retry.Do: a second execution after a lost acknowledgement writes the rows again; merge on a key from the input with Clauses\(clause.OnConflict`
	})
}

func deliverAll(ctx context.Context, db *gorm.DB, ds []Delivery) error {
	return retry.Do(func() error {
		return db.CreateInBatches(ds, 100).Error // want `CreateInBatches's INSERT into deliveries appends`
	})
}

func audit(ctx context.Context, db *gorm.DB, e AuditEvent) error {
	return retry.Do(func() error {
		return db.Create(&e).Error // want `Create's INSERT into audit_log appends \(no ON CONFLICT; no key of audit_log comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\), retried by retry.Do`
	})
}

// Negatives.

func pay(ctx context.Context, db *gorm.DB, p *Payment) error {
	return retry.Do(func() error { return db.Create(p).Error })
}

func subscribe(ctx context.Context, db *gorm.DB, s *Subscription) error {
	return retry.Do(func() error { return db.Create(s).Error })
}

func invoice(ctx context.Context, db *gorm.DB, inv *Invoice) error {
	return retry.Do(func() error { return db.Create(inv).Error })
}

func deliverOnce(ctx context.Context, db *gorm.DB, d *Delivery) error {
	return retry.Do(func() error {
		return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "order_id"}}, DoNothing: true}).Create(d).Error
	})
}

func deliverUnretried(db *gorm.DB, d *Delivery) error {
	return db.Create(d).Error
}
