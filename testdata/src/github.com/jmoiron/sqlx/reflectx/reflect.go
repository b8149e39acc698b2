// Package reflectx is a test stub of github.com/jmoiron/sqlx@v1.4.0: exported API only, bodies are not real.
package reflectx

// Mapper maps struct fields to column names; opaque here.
type Mapper struct {
	tagName string
}

func NewMapper(tagName string) *Mapper { return &Mapper{tagName: tagName} }

func NewMapperFunc(tagName string, f func(string) string) *Mapper { return &Mapper{tagName: tagName} }
