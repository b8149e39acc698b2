// Package nats is a test stub of github.com/nats-io/nats.go@v1.55.0: exported API only, bodies are not real.
package nats

import (
	"context"
	"time"
)

// KeyValueManager creates, opens and deletes key-value buckets.
type KeyValueManager interface {
	KeyValue(bucket string) (KeyValue, error)
	CreateKeyValue(cfg *KeyValueConfig) (KeyValue, error)
	DeleteKeyValue(bucket string) error
	KeyValueStoreNames() <-chan string
	KeyValueStores() <-chan KeyValueStatus
}

// KeyValue is a key-value bucket.
type KeyValue interface {
	Get(key string) (entry KeyValueEntry, err error)
	GetRevision(key string, revision uint64) (entry KeyValueEntry, err error)
	Put(key string, value []byte) (revision uint64, err error)
	PutString(key string, value string) (revision uint64, err error)
	Create(key string, value []byte) (revision uint64, err error)
	Update(key string, value []byte, last uint64) (revision uint64, err error)
	Delete(key string, opts ...DeleteOpt) error
	Purge(key string, opts ...DeleteOpt) error
	Watch(keys string, opts ...WatchOpt) (KeyWatcher, error)
	WatchAll(opts ...WatchOpt) (KeyWatcher, error)
	WatchFiltered(keys []string, opts ...WatchOpt) (KeyWatcher, error)
	Keys(opts ...WatchOpt) ([]string, error)
	ListKeys(opts ...WatchOpt) (KeyLister, error)
	History(key string, opts ...WatchOpt) ([]KeyValueEntry, error)
	Bucket() string
	PurgeDeletes(opts ...PurgeOpt) error
	Status() (KeyValueStatus, error)
}

// KeyValueStatus is the state of a bucket.
type KeyValueStatus interface {
	Bucket() string
	Values() uint64
	History() int64
	TTL() time.Duration
	BackingStore() string
	Bytes() uint64
	IsCompressed() bool
	Config() KeyValueConfig
}

// KeyWatcher delivers the updates of watched keys.
type KeyWatcher interface {
	Context() context.Context
	Updates() <-chan KeyValueEntry
	Stop() error
	Error() <-chan error
}

// KeyLister lists the keys of a bucket.
type KeyLister interface {
	Keys() <-chan string
	Stop() error
	Error() <-chan error
}

// KeyValueEntry is one revision of a key.
type KeyValueEntry interface {
	Bucket() string
	Key() string
	Value() []byte
	Revision() uint64
	Created() time.Time
	Delta() uint64
	Operation() KeyValueOp
}

// KeyValueOp is the operation of an entry: put, delete or purge.
type KeyValueOp uint8

// KeyValueConfig configures a bucket.
type KeyValueConfig struct {
	Bucket       string
	Description  string
	MaxValueSize int32
	History      uint8
	TTL          time.Duration
	MaxBytes     int64
	Storage      StorageType
	Replicas     int
	Placement    *Placement
	RePublish    *RePublish
	Mirror       *StreamSource
	Sources      []*StreamSource

	Compression bool
}

// WatchOpt configures a watcher.
type WatchOpt interface {
	configureWatcher(opts *watchOpts) error
}

type watchOpts struct {
	ctx context.Context
}

// DeleteOpt configures a Delete or Purge.
type DeleteOpt interface {
	configureDelete(opts *deleteOpts) error
}

type deleteOpts struct {
	purge    bool
	revision uint64
}

// PurgeOpt configures PurgeDeletes.
type PurgeOpt interface {
	configurePurge(opts *purgeOpts) error
}

type purgeOpts struct {
	ctx context.Context
}
