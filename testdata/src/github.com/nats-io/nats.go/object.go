// Package nats is a test stub of github.com/nats-io/nats.go@v1.55.0: exported API only, bodies are not real.
package nats

import (
	"context"
	"io"
	"time"
)

// ObjectStoreManager creates, opens and deletes object stores.
type ObjectStoreManager interface {
	ObjectStore(bucket string) (ObjectStore, error)
	CreateObjectStore(cfg *ObjectStoreConfig) (ObjectStore, error)
	DeleteObjectStore(bucket string) error
	ObjectStoreNames(opts ...ObjectOpt) <-chan string
	ObjectStores(opts ...ObjectOpt) <-chan ObjectStoreStatus
}

// ObjectStore is a bucket of large objects.
type ObjectStore interface {
	Put(obj *ObjectMeta, reader io.Reader, opts ...ObjectOpt) (*ObjectInfo, error)
	Get(name string, opts ...GetObjectOpt) (ObjectResult, error)
	PutBytes(name string, data []byte, opts ...ObjectOpt) (*ObjectInfo, error)
	GetBytes(name string, opts ...GetObjectOpt) ([]byte, error)
	PutString(name string, data string, opts ...ObjectOpt) (*ObjectInfo, error)
	GetString(name string, opts ...GetObjectOpt) (string, error)
	PutFile(file string, opts ...ObjectOpt) (*ObjectInfo, error)
	GetFile(name, file string, opts ...GetObjectOpt) error
	GetInfo(name string, opts ...GetObjectInfoOpt) (*ObjectInfo, error)
	UpdateMeta(name string, meta *ObjectMeta) error
	Delete(name string) error
	AddLink(name string, obj *ObjectInfo) (*ObjectInfo, error)
	AddBucketLink(name string, bucket ObjectStore) (*ObjectInfo, error)
	Seal() error
	Watch(opts ...WatchOpt) (ObjectWatcher, error)
	List(opts ...ListObjectsOpt) ([]*ObjectInfo, error)
	Status() (ObjectStoreStatus, error)
}

// ObjectOpt configures an object store call.
type ObjectOpt interface {
	configureObject(opts *objOpts) error
}

type objOpts struct {
	ctx context.Context
}

// GetObjectOpt configures Get.
type GetObjectOpt interface {
	configureGetObject(opts *getObjectOpts) error
}

type getObjectOpts struct {
	ctx         context.Context
	showDeleted bool
}

// GetObjectInfoOpt configures GetInfo.
type GetObjectInfoOpt interface {
	configureGetInfo(opts *getObjectInfoOpts) error
}

type getObjectInfoOpts struct {
	ctx         context.Context
	showDeleted bool
}

// ListObjectsOpt configures List.
type ListObjectsOpt interface {
	configureListObjects(opts *listObjectOpts) error
}

type listObjectOpts struct {
	ctx         context.Context
	showDeleted bool
}

// ObjectWatcher delivers the updates of an object store.
type ObjectWatcher interface {
	Updates() <-chan *ObjectInfo
	Stop() error
}

// ObjectResult reads an object.
type ObjectResult interface {
	io.ReadCloser
	Info() (*ObjectInfo, error)
	Error() error
}

// ObjectStoreConfig configures an object store.
type ObjectStoreConfig struct {
	Bucket      string
	Description string
	TTL         time.Duration
	MaxBytes    int64
	Storage     StorageType
	Replicas    int
	Placement   *Placement

	Metadata map[string]string

	Compression bool
}

// ObjectStoreStatus is the state of an object store.
type ObjectStoreStatus interface {
	Bucket() string
	Description() string
	TTL() time.Duration
	Storage() StorageType
	Replicas() int
	Sealed() bool
	Size() uint64
	BackingStore() string
	Metadata() map[string]string
	IsCompressed() bool
}

// ObjectMeta is the user-settable metadata of an object.
type ObjectMeta struct {
	Name        string
	Description string
	Headers     Header
	Metadata    map[string]string

	Opts *ObjectMetaOptions
}

// ObjectMetaOptions are the link and chunk size of an object.
type ObjectMetaOptions struct {
	Link      *ObjectLink
	ChunkSize uint32
}

// ObjectLink links to another object or bucket.
type ObjectLink struct {
	Bucket string

	Name string
}

// ObjectInfo is the metadata and state of an object.
type ObjectInfo struct {
	ObjectMeta
	Bucket  string
	NUID    string
	Size    uint64
	ModTime time.Time
	Chunks  uint32
	Digest  string
	Deleted bool
}
