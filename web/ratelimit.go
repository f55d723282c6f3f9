package web

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
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

// clientAddr is the address the limiters count request r against: its
// connection's host, or, when that is one of Options.TrustedProxies, the
// nearest address of X-Forwarded-For (read from the right) that is not a
// trusted proxy; a malformed entry ends the walk at the last trusted hop,
// so that a client cannot choose its own address.
func (s *Server) clientAddr(r *http.Request) string {
	return forwardedFor(r, s.opts.TrustedProxies)
}

// limitKey is what the limiters count request r against: the user of
// its bearer session (the Activity's requests), else its client address.
// The Activity's requests come through Discord's proxy (Cloudflare
// Workers), which hides the users' addresses and forwards none: counted
// by address, every user of the Activity would share the proxy's few
// addresses and their limits. A valid sealed token is made only by
// signing in, so a user cannot choose another's key; a bad one is counted
// by address.
func (s *Server) limitKey(r *http.Request) string {
	if s.sealer != nil {
		if tok, ok := bearer(r); ok {
			if ss, err := s.sealer.readSession(tok); err == nil {
				return "user:" + ss.Viewer.UserID
			}
		}
	}
	return s.clientAddr(r)
}

func forwardedFor(r *http.Request, trusted []netip.Prefix) string {
	host := clientAddr(r)
	if len(trusted) == 0 {
		return host
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !isTrusted(ip, trusted) {
		return host
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return ip.String()
		}
		hop = hop.Unmap()
		if !isTrusted(hop, trusted) {
			return hop.String()
		}
		ip = hop
	}
	return ip.String()
}

func isTrusted(ip netip.Addr, trusted []netip.Prefix) bool {
	ip = ip.Unmap()
	for _, p := range trusted {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// clientAddr is the request's remote host (without the port).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// ErrTrustedProxy is returned by ParseTrustedProxies for an entry that
// is neither a CIDR prefix nor an IP address.
var ErrTrustedProxy = errors.New("web: a trusted proxy is a CIDR prefix or an IP address, such as 10.0.0.0/8 or ::1")

// ParseTrustedProxies parses a comma-separated list of CIDR prefixes or
// addresses (an address is its own /32 or /128) for
// Options.TrustedProxies; "" is none.
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		ip, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%w: %q", ErrTrustedProxy, f)
		}
		ip = ip.Unmap().WithZone("")
		out = append(out, netip.PrefixFrom(ip, ip.BitLen()))
	}
	return out, nil
}
