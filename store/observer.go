package store

import "time"

// Observer receives the store's measures (package internal/metrics
// implements it): set Options.Observer. backend is "bolt" or "etcd".
type Observer interface {
	// Committed: a change committed (or found nothing to write) after
	// took, its retries included.
	Committed(backend string, took time.Duration)
	// Conflicted: a change on etcd conflicted with another and runs
	// again.
	Conflicted(backend string)
}

// backendName is the Observer's label of db's backend.
func (db *DB) backendName() string {
	if _, ok := db.be.(*etcdStore); ok {
		return "etcd"
	}
	return "bolt"
}
