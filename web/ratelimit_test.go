package web

import (
	"net/http/httptest"
	"testing"
)

// TestForwardedFor: the limiters count the connection's address, or,
// from a trusted proxy only, the nearest untrusted hop of
// X-Forwarded-For; a client cannot pick its address.
func TestForwardedFor(t *testing.T) {
	trusted, err := ParseTrustedProxies("10.0.0.0/8, ::1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		remote, xff string
		trusted     bool
		want        string
	}{
		{"203.0.113.5:1234", "198.51.100.1", true, "203.0.113.5"}, // not from a proxy: the header is ignored
		{"10.1.2.3:1234", "198.51.100.1", false, "10.1.2.3"},      // no proxies trusted
		{"10.1.2.3:1234", "198.51.100.1", true, "198.51.100.1"},
		{"10.1.2.3:1234", "6.6.6.6, 198.51.100.1", true, "198.51.100.1"},  // the client's own prefix is not believed
		{"10.1.2.3:1234", "198.51.100.1, 10.9.9.9", true, "198.51.100.1"}, // two proxies
		{"[::1]:80", "2001:db8::7", true, "2001:db8::7"},
		{"10.1.2.3:1234", "", true, "10.1.2.3"},
		{"10.1.2.3:1234", "garbage, 10.0.0.2", true, "10.0.0.2"}, // a bad hop ends the walk at the last proxy
		{"10.1.2.3:1234", "::ffff:198.51.100.1", true, "198.51.100.1"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		var tp = trusted
		if !c.trusted {
			tp = nil
		}
		if got := forwardedFor(r, tp); got != c.want {
			t.Errorf("%s with X-Forwarded-For %q: %s, want %s", c.remote, c.xff, got, c.want)
		}
	}
	if _, err := ParseTrustedProxies("10.0.0.0/8,proxy.local"); err == nil {
		t.Error("a host name was taken for a proxy")
	}
}
