package web

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// FuzzReadSession feeds the session parser (the cookie's or the bearer
// header's value) anything: it never panics, and what it accepts is a
// session it sealed, unchanged.
func FuzzReadSession(f *testing.F) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	sl, err := newSealer(testKey, time.Hour, func() time.Time { return now })
	if err != nil {
		f.Fatal(err)
	}
	// good was sealed once by newSession under testKey (the nonce is
	// random: a constant, so that every fuzzing worker knows it).
	const good = "s1.5B-ulYRztTEoAmo1GWHiBH5D0hqpSQWy_9sme8gOGuy3CigtehudDSJWOwbcujYq2zbsTsSXGjIKyfFSNxlU4b88ZpvM1mvw2qU7B6Bz3gu7You-CxHvZJuKlcIctIQ9viSQb12asAtL1R1yK3hAJ8MUmBT4em_e"
	want := Viewer{UserID: "200000000000000002", Name: "Alice", Avatar: "https://cdn.discordapp.com/avatars/2/a.png"}
	if ss, err := sl.readSession(good); err != nil || ss.Viewer != want {
		f.Fatalf("the seed session: %+v, %v", ss, err)
	}
	f.Add(good)
	f.Add(good[:len(good)-1])
	f.Add(sessionPrefix)
	f.Add("")
	f.Add("s1.AAAA")
	f.Add("s1." + strings.Repeat("A", 5000))
	f.Add(sessionPrefix + sl.sealState(signinState{State: "x", Expires: now.Add(time.Minute), Next: "/"}))
	f.Fuzz(func(t *testing.T, tok string) {
		ss, err := sl.readSession(tok)
		if err != nil {
			return
		}
		if tok != good {
			t.Fatalf("a token not sealed by the server was accepted: %q -> %+v", tok, ss)
		}
	})
}

// FuzzDecodeSession checks the session's plain-text decoder: it never
// panics, and what it accepts encodes back to the same bytes.
func FuzzDecodeSession(f *testing.F) {
	f.Add(encodeSession(session{Expires: time.Unix(1e9, 0), Viewer: Viewer{UserID: "1", Name: "n", Avatar: "a"}}))
	f.Add([]byte{})
	f.Add(make([]byte, 27))
	f.Add(append(make([]byte, 24), 1, '1', 0, 200))
	f.Fuzz(func(t *testing.T, b []byte) {
		ss, err := decodeSession(b)
		if err != nil {
			return
		}
		if got := encodeSession(ss); string(got) != string(b) {
			t.Fatalf("decode(%x) = %+v encodes to %x", b, ss, got)
		}
	})
}

// FuzzSafeNext checks that the path a sign-in returns to stays on the
// site whatever the next parameter.
func FuzzSafeNext(f *testing.F) {
	for _, s := range []string{"/g/abc", "//evil", "/\\evil", "https://evil/", "/a?b#c", "", "\x00", "/%2f%2fevil", "/..//evil"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, next string) {
		got := safeNext(next)
		if got != "/" && got != next {
			t.Fatalf("safeNext(%q) = %q: neither the input nor /", next, got)
		}
		if !strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//") || strings.ContainsAny(got, "\\\r\n\t") {
			t.Fatalf("safeNext(%q) = %q leaves the site", next, got)
		}
		base, _ := url.Parse("https://bot.example.org/g/x")
		u, err := url.Parse(got)
		if err != nil {
			t.Fatalf("safeNext(%q) = %q does not parse: %v", next, got, err)
		}
		if r := base.ResolveReference(u); r.Host != "bot.example.org" || r.Scheme != "https" {
			t.Fatalf("safeNext(%q) = %q resolves to %s", next, got, r)
		}
	})
}

// FuzzOpenState feeds the pre-session cookie's parser anything.
func FuzzOpenState(f *testing.F) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	sl, _ := newSealer(testKey, time.Hour, func() time.Time { return now })
	const good = "gMf2YaYp0BtKHnAVOxW6owbd553NUdIjz6dOJuOz1n52N9PfNWksJ3Pd73Y" // sealState of the state below
	if st, err := sl.openState(good); err != nil || st.State != "abc" || st.Next != "/g/x" {
		f.Fatalf("the seed state: %+v, %v", st, err)
	}
	f.Add(good)
	f.Add("")
	f.Add("AAAA")
	f.Fuzz(func(t *testing.T, s string) {
		st, err := sl.openState(s)
		if err == nil && (s != good || st.State != "abc" || st.Next != "/g/x") {
			t.Fatalf("openState(%q) = %+v", s, st)
		}
	})
}

// FuzzParseTrustedProxies: no panic; what parses are masked prefixes.
func FuzzParseTrustedProxies(f *testing.F) {
	for _, s := range []string{"10.0.0.0/8", "::1", "10.0.0.1,192.168.0.0/16", "x", "", "::ffff:10.0.0.1", "fe80::1%eth0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := ParseTrustedProxies(s)
		if err != nil {
			return
		}
		for _, p := range ps {
			if !p.IsValid() || p != p.Masked() {
				t.Fatalf("ParseTrustedProxies(%q) gave %v", s, p)
			}
		}
	})
}
