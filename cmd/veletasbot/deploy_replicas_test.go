package main

import (
	"context"
	"maps"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/veletasbot/veletas/store"
)

// TestReplicasCompose checks deploy/replicas-compose.yml and its
// Caddyfile: the file parses (anchors and merge keys resolved as Compose
// does); the etcd members name each other consistently (names, peer and
// client URLs, one initial cluster); each bot replica's environment holds
// only variables the binary reads, and with it and its command the
// binary's own flag parsing accepts it in HTTP mode on the etcd store of
// those members; exactly one replica registers the commands; and Caddy,
// from its official image, publishes 443, sends /interactions, /healthz
// and /readyz to every replica on the port it listens on, and
// health-checks the replicas on /readyz (which checks the store), not
// /healthz (which only says the process lives).
func TestReplicasCompose(t *testing.T) {
	b, err := os.ReadFile("../../deploy/replicas-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Services map[string]struct {
			Image       string            `yaml:"image"`
			Command     []string          `yaml:"command"`
			Environment map[string]string `yaml:"environment"`
			Ports       []string          `yaml:"ports"`
			Volumes     []string          `yaml:"volumes"`
			Secrets     []string          `yaml:"secrets"`
			ReadOnly    bool              `yaml:"read_only"`
		} `yaml:"services"`
		Secrets map[string]struct {
			File string `yaml:"file"`
		} `yaml:"secrets"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("deploy/replicas-compose.yml does not parse: %v", err)
	}
	var etcds, bots []string
	for name := range doc.Services {
		switch {
		case strings.HasPrefix(name, "etcd"):
			etcds = append(etcds, name)
		case strings.HasPrefix(name, "veletasbot"):
			bots = append(bots, name)
		}
	}
	sort.Strings(etcds)
	sort.Strings(bots)
	if len(etcds) != 3 || len(bots) != 3 {
		t.Fatalf("want 3 etcd members and 3 bot replicas, got %v and %v", etcds, bots)
	}

	// The etcd members.
	var peers []string
	clientURLs := map[string]bool{}
	for _, name := range etcds {
		s := doc.Services[name]
		if !strings.HasPrefix(s.Image, "gcr.io/etcd-development/etcd:v3.5.") {
			t.Errorf("%s: image %q: use the official etcd v3.5 image, which the client (v3.5) speaks to", name, s.Image)
		}
		e := s.Environment
		if e["ETCD_NAME"] != name || e["ETCD_ADVERTISE_CLIENT_URLS"] != "http://"+name+":2379" ||
			e["ETCD_INITIAL_ADVERTISE_PEER_URLS"] != "http://"+name+":2380" ||
			e["ETCD_LISTEN_CLIENT_URLS"] != "http://0.0.0.0:2379" || e["ETCD_LISTEN_PEER_URLS"] != "http://0.0.0.0:2380" {
			t.Errorf("%s: inconsistent names or URLs: %v", name, e)
		}
		if len(s.Volumes) != 1 || !strings.HasSuffix(s.Volumes[0], ":"+e["ETCD_DATA_DIR"]) {
			t.Errorf("%s: the data directory %q is not on a volume: %v", name, e["ETCD_DATA_DIR"], s.Volumes)
		}
		peers = append(peers, name+"=http://"+name+":2380")
		clientURLs[name+":2379"] = true
	}
	for _, name := range etcds {
		if got := doc.Services[name].Environment["ETCD_INITIAL_CLUSTER"]; got != strings.Join(peers, ",") {
			t.Errorf("%s: ETCD_INITIAL_CLUSTER %q, want %q", name, got, strings.Join(peers, ","))
		}
	}

	// The names of the variables the binary reads.
	known := map[string]bool{}
	srcs, _ := filepath.Glob("*.go")
	for _, f := range srcs {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`Getenv\("([A-Z_]+)"\)`).FindAllSubmatch(src, -1) {
			known[string(m[1])] = true
		}
	}
	if !known["VELETAS_STORE"] || !known["VELETAS_HTTP"] {
		t.Fatalf("the variables read by the binary were not found: %v", known)
	}

	// The image's own environment (deploy/Dockerfile's ENV lines), which
	// the service's environment overrides.
	image := map[string]string{}
	df, err := os.ReadFile("../../deploy/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(df), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "ENV "); ok {
			k, v, _ := strings.Cut(rest, "=")
			image[k] = v
		}
	}

	// The bot replicas.
	httpPort := ""
	registering := 0
	for _, name := range bots {
		s := doc.Services[name]
		env := maps.Clone(image)
		for k, v := range s.Environment {
			if !known[k] {
				t.Errorf("%s: veletasbot reads no variable %s", name, k)
			}
			// Compose's ${VAR:?message} and ${VAR:-default}, filled as
			// an operator would.
			switch {
			case strings.HasPrefix(v, "${DISCORD_PUBLIC_KEY:?"):
				v = strings.Repeat("ab", 32)
			case strings.Contains(v, "${VELETAS_DOMAIN:?"):
				v = v[:strings.Index(v, "${")] + "bot.example.org"
			case strings.HasPrefix(v, "${") && strings.Contains(v, ":-"):
				v = strings.TrimSuffix(v[strings.Index(v, ":-")+2:], "}")
			}
			env[k] = v
		}
		if env["DISCORD_TOKEN_FILE"] != "/run/secrets/discord_token" || !slices.Contains(s.Secrets, "discord_token") {
			t.Errorf("%s: the token must come from the discord_token secret: %v %v", name, env["DISCORD_TOKEN_FILE"], s.Secrets)
		}
		if env["DISCORD_TOKEN"] != "" {
			t.Errorf("%s: the token in the environment shows in docker inspect", name)
		}
		if !s.ReadOnly {
			t.Errorf("%s: not read_only", name)
		}
		if env["VELETAS_WEB_KEY_FILE"] != "/run/secrets/web_key" || !slices.Contains(s.Secrets, "web_key") {
			t.Errorf("%s: the replicas must share the web key from the web_key secret: %v %v", name, env["VELETAS_WEB_KEY_FILE"], s.Secrets)
		}
		if env["VELETAS_PUBLIC_URL"] != "https://bot.example.org" {
			t.Errorf("%s: VELETAS_PUBLIC_URL %q, want https://$VELETAS_DOMAIN", name, env["VELETAS_PUBLIC_URL"])
		}
		m, _, _ := newMain(env)
		if err := m.ParseFlags(context.Background(), s.Command); err != nil {
			t.Errorf("%s: veletasbot refuses its configuration: %v", name, err)
			continue
		}
		if m.HTTPAddr == "" {
			t.Errorf("%s: not in HTTP mode", name)
		}
		_, port, err := net.SplitHostPort(m.HTTPAddr)
		if err != nil {
			t.Errorf("%s: -http %q: %v", name, m.HTTPAddr, err)
		}
		if httpPort != "" && port != httpPort {
			t.Errorf("%s listens on %s, another replica on %s", name, port, httpPort)
		}
		httpPort = port
		if m.Register {
			registering++
		}
		loc, err := store.ParseURL(env["VELETAS_STORE"])
		if err != nil || loc.Kind != "etcd" {
			t.Errorf("%s: VELETAS_STORE %q is not an etcd store: %v", name, env["VELETAS_STORE"], err)
			continue
		}
		if len(loc.Endpoints) != len(etcds) {
			t.Errorf("%s: the store names %v, the members are %v", name, loc.Endpoints, etcds)
		}
		for _, ep := range loc.Endpoints {
			if !clientURLs[ep] {
				t.Errorf("%s: the store names %s, which no etcd member advertises", name, ep)
			}
		}
	}
	if registering != 1 {
		t.Errorf("%d replicas register the commands at start; want exactly one (the others -register=false)", registering)
	}
	if doc.Secrets["discord_token"].File == "" || doc.Secrets["web_key"].File == "" {
		t.Error("no discord_token or web_key secret file")
	}

	// Caddy.
	caddy, ok := doc.Services["caddy"]
	if !ok || !regexp.MustCompile(`^caddy:2(\.|$)`).MatchString(caddy.Image) {
		t.Fatalf("want Caddy from its official image caddy:2.x, got %q", caddy.Image)
	}
	if !slices.Contains(caddy.Ports, "443:443") {
		t.Errorf("caddy publishes %v, not 443", caddy.Ports)
	}
	if !slices.Contains(caddy.Volumes, "./Caddyfile:/etc/caddy/Caddyfile:ro") {
		t.Errorf("caddy does not mount deploy/Caddyfile: %v", caddy.Volumes)
	}
	cf, err := os.ReadFile("../../deploy/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, name := range bots {
		want = append(want, name+":"+httpPort)
	}
	proxies := 0
	for _, line := range strings.Split(string(cf), "\n") {
		f := strings.Fields(line)
		if len(f) > 1 && f[0] == "reverse_proxy" {
			proxies++
			upstreams := slices.DeleteFunc(f[1:], func(s string) bool { return s == "{" })
			if strings.Join(upstreams, " ") != strings.Join(want, " ") {
				t.Errorf("Caddy proxies to %v; the replicas listen at %v", upstreams, want)
			}
		}
	}
	if proxies != 2 {
		t.Errorf("the Caddyfile has %d reverse_proxy blocks; want 2 (Discord's requests, the web board)", proxies)
	}
	for _, want := range []string{"{$VELETAS_DOMAIN}", "path /interactions /healthz /readyz", "health_uri /readyz", "lb_policy round_robin",
		"lb_try_duration", "request_buffers 1MB", "keepalive off",
		"@private path /metrics", "flush_interval -1"} {
		if !strings.Contains(string(cf), want) {
			t.Errorf("the Caddyfile lacks %q", want)
		}
	}
	if strings.Contains(string(cf), "health_uri /healthz") {
		t.Error("the Caddyfile health-checks /healthz, which does not check the store; want /readyz")
	}
	if caddy.Environment["VELETAS_DOMAIN"] == "" {
		t.Error("caddy does not get VELETAS_DOMAIN")
	}
}
