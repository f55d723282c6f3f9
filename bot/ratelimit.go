package bot

import (
	"sync"
	"time"
)

// limiter is a token bucket per user: Burst commands at once, then one
// every Every. It keeps no goroutine; buckets are refilled when looked at
// and full ones are dropped when the map grows.
type limiter struct {
	Burst int
	Every time.Duration

	mu      sync.Mutex
	buckets map[string]bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

const maxBuckets = 10000

// allow takes a token for user at now; when none is left it returns false
// and how long until the next one.
func (l *limiter) allow(user string, now time.Time) (bool, time.Duration) {
	if l == nil || l.Burst <= 0 || l.Every <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buckets == nil {
		l.buckets = map[string]bucket{}
	}
	b, ok := l.buckets[user]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			l.prune(now)
		}
		b = bucket{tokens: float64(l.Burst), at: now}
	}
	b.tokens = min(float64(l.Burst), b.tokens+float64(now.Sub(b.at))/float64(l.Every))
	b.at = now
	if b.tokens < 1 {
		l.buckets[user] = b
		wait := time.Duration((1 - b.tokens) * float64(l.Every))
		return false, wait
	}
	b.tokens--
	l.buckets[user] = b
	return true, 0
}

// prune drops the buckets that have refilled completely.
func (l *limiter) prune(now time.Time) {
	full := time.Duration(l.Burst) * l.Every
	for k, b := range l.buckets {
		if now.Sub(b.at) >= full {
			delete(l.buckets, k)
		}
	}
}
