// Package peer sends a frame to a server: its Send reaches another
// process, and a retry in another package of it knows so by a fact.
package peer

import "net"

// Send dials addr and writes the frame.
func Send(addr string, frame []byte) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write(frame)
	return err
}
