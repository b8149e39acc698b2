package realmod

import (
	"github.com/pocketbase/dbx"
)

// A dbx INSERT with no conflict clause appends; the module's scope is
// all.
func recordLogin(db *dbx.DB, user string) error {
	_, err := db.Insert("logins", dbx.Params{"user_name": user}).Execute() // finding: onconflict
	return err
}

// An upsert on the caller's key: nothing to report.
func recordPreference(db *dbx.DB, user, theme string) error {
	_, err := db.Upsert("preferences", dbx.Params{"user_name": user, "theme": theme}, "user_name").Execute()
	return err
}
