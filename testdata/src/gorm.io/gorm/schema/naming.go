// Package schema is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package schema

// Namer names tables, columns and constraints.
type Namer interface {
	TableName(table string) string
	SchemaName(table string) string
	ColumnName(table, column string) string
	JoinTableName(joinTable string) string
	RelationshipFKName(Relationship) string
	CheckerName(table, column string) string
	IndexName(table, column string) string
	UniqueName(table, column string) string
}

// Replacer rewrites names before they are converted.
type Replacer interface {
	Replace(name string) string
}

// NamingStrategy is the default Namer.
type NamingStrategy struct {
	TablePrefix         string
	SingularTable       bool
	NameReplacer        Replacer
	NoLowerCase         bool
	IdentifierMaxLength int
}

func (ns NamingStrategy) TableName(str string) string                { return ns.TablePrefix + str }
func (ns NamingStrategy) SchemaName(table string) string             { return table }
func (ns NamingStrategy) ColumnName(table, column string) string     { return column }
func (ns NamingStrategy) JoinTableName(str string) string            { return ns.TablePrefix + str }
func (ns NamingStrategy) RelationshipFKName(rel Relationship) string { return "fk_" + rel.Name }
func (ns NamingStrategy) CheckerName(table, column string) string {
	return "chk_" + table + "_" + column
}
func (ns NamingStrategy) IndexName(table, column string) string { return "idx_" + table + "_" + column }
func (ns NamingStrategy) UniqueName(table, column string) string {
	return "uni_" + table + "_" + column
}
