// Package gormrebind runs raw SQL through gorm, which writes ? for every
// database and rebinds it for the driver: with no driver in sight, the ?
// says nothing of the dialect, and the text is read as PostgreSQL.
package gormrebind

import "gorm.io/gorm"

func record(db *gorm.DB, id string) error {
	return db.Exec(`INSERT INTO audit (id) VALUES (?)`, id).Error // want `INSERT into audit appends \(no ON CONFLICT; no schema found, so the table.s keys are unknown\): .*; merge on a key from the input \(ON CONFLICT \(key\) DO UPDATE\)`
}

func recordOnce(db *gorm.DB, id string) error {
	return db.Exec(`INSERT INTO audit (id) VALUES (?) ON CONFLICT (id) DO NOTHING`, id).Error
}
