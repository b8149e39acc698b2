// Package gorm is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package gorm

import (
	"errors"

	"gorm.io/gorm/logger"
)

var (
	ErrRecordNotFound                = logger.ErrRecordNotFound
	ErrInvalidTransaction            = errors.New("invalid transaction")
	ErrNotImplemented                = errors.New("not implemented")
	ErrMissingWhereClause            = errors.New("WHERE conditions required")
	ErrUnsupportedRelation           = errors.New("unsupported relations")
	ErrPrimaryKeyRequired            = errors.New("primary key required")
	ErrModelValueRequired            = errors.New("model value required")
	ErrModelAccessibleFieldsRequired = errors.New("model accessible fields required")
	ErrSubQueryRequired              = errors.New("sub query required")
	ErrInvalidData                   = errors.New("unsupported data")
	ErrUnsupportedDriver             = errors.New("unsupported driver")
	ErrRegistered                    = errors.New("registered")
	ErrInvalidField                  = errors.New("invalid field")
	ErrEmptySlice                    = errors.New("empty slice found")
	ErrDryRunModeUnsupported         = errors.New("dry run mode unsupported")
	ErrInvalidDB                     = errors.New("invalid db")
	ErrInvalidValue                  = errors.New("invalid value, should be pointer to struct or slice")
	ErrInvalidValueOfLength          = errors.New("invalid association values, length doesn't match")
	ErrPreloadNotAllowed             = errors.New("preload is not allowed when count is used")
	ErrDuplicatedKey                 = errors.New("duplicated key not allowed")
	ErrForeignKeyViolated            = errors.New("violates foreign key constraint")
	ErrCheckConstraintViolated       = errors.New("violates check constraint")
)
