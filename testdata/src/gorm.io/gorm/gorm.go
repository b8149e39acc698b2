// Package gorm is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package gorm

import (
	"context"
	"database/sql"
	"sync"
	"time"

	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"
	"gorm.io/gorm/schema"
)

// Config is the configuration of a DB.
type Config struct {
	SkipDefaultTransaction    bool
	DefaultTransactionTimeout time.Duration
	DefaultContextTimeout     time.Duration

	NamingStrategy schema.Namer

	FullSaveAssociations bool

	Logger logger.Interface

	NowFunc func() time.Time

	DryRun bool

	PrepareStmt bool

	PrepareStmtMaxSize int
	PrepareStmtTTL     time.Duration

	DisableAutomaticPing bool

	DisableForeignKeyConstraintWhenMigrating bool

	IgnoreRelationshipsWhenMigrating bool

	DisableNestedTransaction bool

	AllowGlobalUpdate bool

	QueryFields bool

	CreateBatchSize int

	TranslateError bool

	PropagateUnscoped bool

	ClauseBuilders map[string]clause.ClauseBuilder

	ConnPool ConnPool

	Dialector

	Plugins map[string]Plugin

	callbacks  *callbacks
	cacheStore *sync.Map
}

func (c *Config) Apply(config *Config) error { return nil }

func (c *Config) AfterInitialize(db *DB) error { return nil }

// Option configures Open.
type Option interface {
	Apply(*Config) error
	AfterInitialize(*DB) error
}

// DB is a GORM session; chain methods return a new *DB whose Error holds the outcome.
type DB struct {
	*Config
	Error        error
	RowsAffected int64
	Statement    *Statement
	clone        int
}

// Session configures DB.Session.
type Session struct {
	DryRun                   bool
	PrepareStmt              bool
	NewDB                    bool
	Initialized              bool
	SkipHooks                bool
	SkipDefaultTransaction   bool
	DisableNestedTransaction bool
	AllowGlobalUpdate        bool
	FullSaveAssociations     bool
	PropagateUnscoped        bool
	QueryFields              bool
	Context                  context.Context
	Logger                   logger.Interface
	NowFunc                  func() time.Time
	CreateBatchSize          int
}

// Open opens a DB with dialector.
func Open(dialector Dialector, opts ...Option) (db *DB, err error) { return nil, nil }

func (db *DB) Session(config *Session) *DB { return db }

func (db *DB) WithContext(ctx context.Context) *DB { return db }

func (db *DB) Debug() (tx *DB) { return db }

func (db *DB) Set(key string, value interface{}) *DB { return db }

func (db *DB) Get(key string) (interface{}, bool) { return nil, false }

func (db *DB) InstanceSet(key string, value interface{}) *DB { return db }

func (db *DB) InstanceGet(key string) (interface{}, bool) { return nil, false }

func (db *DB) Callback() *callbacks { return nil }

func (db *DB) AddError(err error) error { return err }

func (db *DB) DB() (*sql.DB, error) { return nil, nil }

// Expr is raw SQL with ? placeholders, for use as a value.
func Expr(expr string, args ...interface{}) clause.Expr {
	return clause.Expr{SQL: expr, Vars: args}
}

func (db *DB) Use(plugin Plugin) error { return nil }

func (db *DB) ToSQL(queryFn func(tx *DB) *DB) string { return "" }

type callbacks struct{}
