// Package pgtype is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgtype

// EncodePlan encodes a value into the wire format.
type EncodePlan interface {
	Encode(value any, buf []byte) (newBuf []byte, err error)
}

// ScanPlan scans a wire value into a target.
type ScanPlan interface {
	Scan(src []byte, target any) error
}

type WrappedEncodePlanNextSetter interface {
	SetNext(EncodePlan)
	EncodePlan
}

type WrappedScanPlanNextSetter interface {
	SetNext(ScanPlan)
	ScanPlan
}

type TryWrapEncodePlanFunc func(value any) (plan WrappedEncodePlanNextSetter, nextValue any, ok bool)

type TryWrapScanPlanFunc func(target any) (plan WrappedScanPlanNextSetter, nextTarget any, ok bool)

// Map is the registry of PostgreSQL types a connection knows.
type Map struct {
	TryWrapEncodePlanFuncs []TryWrapEncodePlanFunc
	TryWrapScanPlanFuncs   []TryWrapScanPlanFunc
}

func NewMap() *Map { return &Map{} }
