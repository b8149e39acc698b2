// Package gorm is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package gorm

import (
	"database/sql"
	"database/sql/driver"
	"time"
)

// Model is the usual embedded base of a model.
type Model struct {
	ID        uint `gorm:"primarykey"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt DeletedAt `gorm:"index"`
}

// DeletedAt marks a model as soft-deleted.
type DeletedAt sql.NullTime

func (n *DeletedAt) Scan(value interface{}) error { return nil }

func (n DeletedAt) Value() (driver.Value, error) { return nil, nil }
