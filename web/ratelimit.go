package web

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// limiter is a token bucket per client address: burst requests at once,
// then one every interval.
type limiter struct {
	mu       sync.Mutex
	burst    float64
	interval time.Duration
	now      func() time.Time
	buckets  map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets bounds the addresses remembered; past it the full buckets
// are forgotten.
const maxBuckets = 10000

func newLimiter(burst int, interval time.Duration, now func() time.Time) *limiter {
	return &limiter{burst: float64(burst), interval: interval, now: now, buckets: map[string]*bucket{}}
}

// allow takes a token of addr's bucket and reports whether there was one.
func (l *limiter) allow(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[addr]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			l.prune(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[addr] = b
	}
	b.tokens = min(l.burst, b.tokens+float64(now.Sub(b.last))/float64(l.interval))
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

func (l *limiter) prune(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+float64(now.Sub(b.last))/float64(l.interval) >= l.burst {
			delete(l.buckets, k)
		}
	}
}

// clientAddr is the request's remote host (without the port).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
