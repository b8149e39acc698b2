// Package pgproto3 is a test stub of github.com/jackc/pgproto3/v2@v2.3.3: exported API only, bodies are not real.
package pgproto3

// Message is a wire protocol message.
type Message interface {
	Decode(data []byte) error
	Encode(dst []byte) ([]byte, error)
}

// FrontendMessage is a message sent by the client.
type FrontendMessage interface {
	Message
	Frontend()
}

// BackendMessage is a message sent by the server.
type BackendMessage interface {
	Message
	Backend()
}

// FieldDescription describes one result column.
type FieldDescription struct {
	Name                 []byte
	TableOID             uint32
	TableAttributeNumber uint16
	DataTypeOID          uint32
	DataTypeSize         int16
	TypeModifier         int32
	Format               int16
}

func (fd FieldDescription) MarshalJSON() ([]byte, error) { return nil, nil }
