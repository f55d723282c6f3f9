package store

import (
	"fmt"
	"net"
	"strconv"
	"strings"
)

// DefaultURL is the store of a bot run without -store: a bbolt file in
// the working directory.
const DefaultURL = "bolt:./veletas.db"

// DefaultPrefix is the key prefix of an etcd store whose URL names none.
const DefaultPrefix = "veletas"

// A Location is a parsed store URL.
type Location struct {
	// Kind is "bolt" or "etcd".
	Kind string
	// Path is a bolt store's file.
	Path string
	// Endpoints are an etcd store's members, as host:port.
	Endpoints []string
	// Prefix is an etcd store's key prefix, without a trailing slash
	// (DefaultPrefix when the URL names none).
	Prefix string
}

// String is the URL of the location, in the form ParseURL reads.
func (l Location) String() string {
	if l.Kind == "bolt" {
		if strings.HasPrefix(l.Path, "//") {
			return "bolt://" + l.Path // bolt:// is cut off when parsed
		}
		return "bolt:" + l.Path
	}
	return "etcd://" + strings.Join(l.Endpoints, ",") + "/" + l.Prefix
}

// ParseURL parses a store URL: bolt:PATH (a bbolt file; bolt://PATH is
// accepted too) or etcd://HOST:PORT[,HOST:PORT...][/PREFIX]. Errors wrap
// ErrBadURL and say what is wrong.
func ParseURL(url string) (Location, error) {
	bad := func(format string, args ...any) (Location, error) {
		return Location{}, fmt.Errorf("store: %q: %s: %w", url, fmt.Sprintf(format, args...), ErrBadURL)
	}
	if strings.TrimSpace(url) != url {
		return bad("leading or trailing spaces")
	}
	scheme, rest, ok := strings.Cut(url, ":")
	if !ok {
		return bad("no scheme (bolt: or etcd://)")
	}
	switch strings.ToLower(scheme) {
	case "bolt":
		path := strings.TrimPrefix(rest, "//")
		if path == "" {
			return bad("no file after bolt:")
		}
		if strings.ContainsRune(path, 0) {
			return bad("the path contains a NUL byte")
		}
		return Location{Kind: "bolt", Path: path}, nil
	case "etcd":
	default:
		return bad("unknown scheme %q", scheme)
	}
	if !strings.HasPrefix(rest, "//") {
		return bad("etcd needs etcd:// followed by the members")
	}
	rest = rest[2:]
	hosts, prefix, _ := strings.Cut(rest, "/")
	if strings.ContainsAny(hosts, "@?#") {
		return bad("user names, queries and fragments are not supported")
	}
	if hosts == "" {
		return bad("no member (HOST:PORT) after etcd://")
	}
	loc := Location{Kind: "etcd", Prefix: DefaultPrefix}
	seen := map[string]bool{}
	for _, h := range strings.Split(hosts, ",") {
		host, port, err := net.SplitHostPort(h)
		if err != nil || host == "" {
			return bad("member %q is not HOST:PORT", h)
		}
		if strings.ContainsAny(host, " /\\") {
			return bad("member %q: bad host", h)
		}
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || strconv.Itoa(n) != port {
			return bad("member %q: port must be a number from 1 to 65535", h)
		}
		ep := net.JoinHostPort(host, port)
		if seen[ep] {
			return bad("member %s is listed twice", ep)
		}
		seen[ep] = true
		loc.Endpoints = append(loc.Endpoints, ep)
	}
	prefix = strings.TrimSuffix(prefix, "/")
	if prefix != "" {
		for _, part := range strings.Split(prefix, "/") {
			if part == "" || part == "." || part == ".." {
				return bad("prefix %q has an empty, . or .. part", prefix)
			}
		}
		for _, r := range prefix {
			if r < 0x21 || r > 0x7e {
				return bad("prefix %q: use printable ASCII without spaces", prefix)
			}
		}
		loc.Prefix = prefix
	}
	return loc, nil
}
