// Package schema is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package schema

import (
	"reflect"
	"sync"

	"gorm.io/gorm/clause"
)

// Schema is the parsed form of a model.
type Schema struct {
	Name                      string
	ModelType                 reflect.Type
	Table                     string
	PrioritizedPrimaryField   *Field
	DBNames                   []string
	PrimaryFields             []*Field
	PrimaryFieldDBNames       []string
	Fields                    []*Field
	FieldsByName              map[string]*Field
	FieldsByBindName          map[string]*Field
	FieldsByDBName            map[string]*Field
	FieldsWithDefaultDBValue  []*Field
	Relationships             Relationships
	CreateClauses             []clause.Interface
	QueryClauses              []clause.Interface
	UpdateClauses             []clause.Interface
	DeleteClauses             []clause.Interface
	BeforeCreate, AfterCreate bool
	BeforeUpdate, AfterUpdate bool
	BeforeDelete, AfterDelete bool
	BeforeSave, AfterSave     bool
	AfterFind                 bool
	err                       error
	namer                     Namer
	cacheStore                *sync.Map
}

func (schema *Schema) String() string { return schema.Name }

func (schema *Schema) LookUpField(name string) *Field { return schema.FieldsByDBName[name] }

// Tabler lets a model name its table.
type Tabler interface {
	TableName() string
}

// TablerWithNamer lets a model name its table with the naming strategy.
type TablerWithNamer interface {
	TableName(Namer) string
}

// RelationshipType is the kind of a relationship.
type RelationshipType string

const (
	HasOne    RelationshipType = "has_one"
	HasMany   RelationshipType = "has_many"
	BelongsTo RelationshipType = "belongs_to"
	Many2Many RelationshipType = "many_to_many"
)

// Relationships are the relationships of a schema.
type Relationships struct {
	HasOne    []*Relationship
	BelongsTo []*Relationship
	HasMany   []*Relationship
	Many2Many []*Relationship
	Relations map[string]*Relationship

	EmbeddedRelations map[string]*Relationships

	Mux sync.RWMutex
}

// Relationship is one relationship of a schema.
type Relationship struct {
	Name                     string
	Type                     RelationshipType
	Field                    *Field
	Polymorphic              *Polymorphic
	References               []*Reference
	Schema                   *Schema
	FieldSchema              *Schema
	JoinTable                *Schema
	foreignKeys, primaryKeys []string
}

type Polymorphic struct {
	PolymorphicID   *Field
	PolymorphicType *Field
	Value           string
}

type Reference struct {
	PrimaryKey    *Field
	PrimaryValue  string
	ForeignKey    *Field
	OwnPrimaryKey bool
}
