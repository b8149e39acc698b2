// Package wait is a test stub of k8s.io/apimachinery@v0.37.2: exported API only, bodies are not real.
package wait

import (
	"context"
	"sync"
	"time"
)

// ForeverTestTimeout is a long timeout for tests.
var ForeverTestTimeout = time.Second * 30

// NeverStop is a channel that is never closed.
var NeverStop <-chan struct{} = make(chan struct{})

// Group runs functions in goroutines and waits for them.
type Group struct {
	wg sync.WaitGroup
}

func (g *Group) Wait()                                                                   {}
func (g *Group) StartWithChannel(stopCh <-chan struct{}, f func(stopCh <-chan struct{})) {}
func (g *Group) StartWithContext(ctx context.Context, f func(context.Context))           {}
func (g *Group) Start(f func())                                                          {}

// Forever calls f every period, forever.
func Forever(f func(), period time.Duration) {}

// Jitter returns duration plus up to maxFactor*duration.
func Jitter(duration time.Duration, maxFactor float64) time.Duration { return duration }

// ConditionFunc reports whether the wait is over.
type ConditionFunc func() (done bool, err error)

// ConditionWithContextFunc is ConditionFunc with a context.
type ConditionWithContextFunc func(context.Context) (done bool, err error)

func (cf ConditionFunc) WithContext() ConditionWithContextFunc {
	return func(context.Context) (bool, error) { return cf() }
}

func ContextForChannel(parentCh <-chan struct{}) context.Context { panic("stub") }
