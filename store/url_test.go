package store

import (
	"errors"
	"strings"
	"testing"
)

func TestParseURL(t *testing.T) {
	good := []struct {
		url  string
		want Location
	}{
		{"bolt:./veletas.db", Location{Kind: "bolt", Path: "./veletas.db"}},
		{"bolt:/var/lib/veletas/v.db", Location{Kind: "bolt", Path: "/var/lib/veletas/v.db"}},
		{"bolt:///var/lib/v.db", Location{Kind: "bolt", Path: "/var/lib/v.db"}},
		{"etcd://127.0.0.1:2379", Location{Kind: "etcd", Endpoints: []string{"127.0.0.1:2379"}, Prefix: "veletas"}},
		{"etcd://a:1,b:2,c:3/bots/prod/", Location{Kind: "etcd", Endpoints: []string{"a:1", "b:2", "c:3"}, Prefix: "bots/prod"}},
		{"etcd://[::1]:2379/x", Location{Kind: "etcd", Endpoints: []string{"[::1]:2379"}, Prefix: "x"}},
		{"ETCD://h:1/", Location{Kind: "etcd", Endpoints: []string{"h:1"}, Prefix: "veletas"}},
	}
	for _, c := range good {
		got, err := ParseURL(c.url)
		if err != nil {
			t.Errorf("%s: %v", c.url, err)
			continue
		}
		if got.String() != c.want.String() || got.Kind != c.want.Kind || strings.Join(got.Endpoints, ",") != strings.Join(c.want.Endpoints, ",") {
			t.Errorf("%s: %+v, want %+v", c.url, got, c.want)
		}
	}
	bad := []struct{ url, says string }{
		{"", "no scheme"},
		{"veletas.db", "no scheme"},
		{"bolt:", "no file"},
		{"redis://h:1", "unknown scheme"},
		{"etcd:h:1", "etcd://"},
		{"etcd://", "no member"},
		{"etcd:///prefix", "no member"},
		{"etcd://h", "not HOST:PORT"},
		{"etcd://h:0", "port must be"},
		{"etcd://h:99999", "port must be"},
		{"etcd://h:x", "port must be"},
		{"etcd://h:1,,h:2", "not HOST:PORT"},
		{"etcd://h:1,h:1", "listed twice"},
		{"etcd://u@h:1", "user names"},
		{"etcd://h:1/a//b", "empty"},
		{"etcd://h:1/../x", ".."},
		{"etcd://h:1/a b", "printable"},
		{" bolt:x", "spaces"},
	}
	for _, c := range bad {
		_, err := ParseURL(c.url)
		if !errors.Is(err, ErrBadURL) || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), "etcd://HOST:PORT") {
			t.Errorf("%q: %v; want ErrBadURL saying %q and what a good URL looks like", c.url, err, c.says)
		}
	}
}

// FuzzParseURL: the parser never panics; what it accepts prints as a URL
// that parses to the same location.
func FuzzParseURL(f *testing.F) {
	for _, s := range []string{"bolt:./veletas.db", "etcd://127.0.0.1:2379", "etcd://a:1,b:2/p/q", "etcd://[::1]:1/x", "bolt:", "etcd://h:1/../x", "bolt:////x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		loc, err := ParseURL(s)
		if err != nil {
			if !errors.Is(err, ErrBadURL) {
				t.Fatalf("%q: error %v does not wrap ErrBadURL", s, err)
			}
			return
		}
		again, err := ParseURL(loc.String())
		if err != nil {
			t.Fatalf("%q parses to %+v, whose URL %q does not parse: %v", s, loc, loc.String(), err)
		}
		if again.String() != loc.String() {
			t.Fatalf("%q: %q, then %q", s, loc.String(), again.String())
		}
		if loc.Kind == "etcd" && (len(loc.Endpoints) == 0 || loc.Prefix == "" || strings.HasSuffix(loc.Prefix, "/")) {
			t.Fatalf("%q: %+v", s, loc)
		}
	})
}
