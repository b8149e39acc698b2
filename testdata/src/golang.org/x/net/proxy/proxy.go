// Package proxy is a test stub of golang.org/x/net@v0.59.0: exported API only, bodies are not real.
package proxy

import "net"

// Dialer dials through a proxy.
type Dialer interface {
	Dial(network, addr string) (c net.Conn, err error)
}
