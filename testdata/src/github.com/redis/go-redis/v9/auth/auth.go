// Package auth is a test stub of github.com/redis/go-redis/v9@v9.23.0: exported API only, bodies are not real.
package auth

// StreamingCredentialsProvider streams credentials that may change over time.
type StreamingCredentialsProvider interface {
	Subscribe(listener CredentialsListener) (Credentials, UnsubscribeFunc, error)
}

// UnsubscribeFunc stops a subscription to credentials.
type UnsubscribeFunc func() error

// CredentialsListener is told of new credentials and of errors.
type CredentialsListener interface {
	OnNext(credentials Credentials)
	OnError(err error)
}

// Credentials is a username and password.
type Credentials interface {
	BasicAuth() (username string, password string)
	RawCredentials() string
}
