package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// dockerIgnored reports whether the .dockerignore patterns exclude path (a
// slash-separated path relative to the build context), with the rules of
// Docker's pattern matcher: a leading "/" is dropped, "**" spans any
// number of directories, "*" and "?" stay within one, a pattern that
// matches a directory excludes everything under it, and a later "!"
// pattern re-includes.
func dockerIgnored(t *testing.T, patterns []string, path string) bool {
	t.Helper()
	ignored := false
	for _, p := range patterns {
		negate := strings.HasPrefix(p, "!")
		p = strings.TrimPrefix(strings.TrimPrefix(p, "!"), "/")
		var re strings.Builder
		re.WriteString("^")
		for i := 0; i < len(p); i++ {
			switch {
			case strings.HasPrefix(p[i:], "**/"):
				re.WriteString("(.*/)?")
				i += 2
			case strings.HasPrefix(p[i:], "**"):
				re.WriteString(".*")
				i++
			case p[i] == '*':
				re.WriteString("[^/]*")
			case p[i] == '?':
				re.WriteString("[^/]")
			default:
				re.WriteString(regexp.QuoteMeta(p[i : i+1]))
			}
		}
		re.WriteString("(/.*)?$")
		if regexp.MustCompile(re.String()).MatchString(path) {
			ignored = !negate
		}
	}
	return ignored
}

// TestDockerIgnore checks that the Docker build context, which the build
// stage copies whole, leaves out the token file, databases and local
// output, and keeps the sources.
func TestDockerIgnore(t *testing.T) {
	f, err := os.Open("../../.dockerignore")
	if err != nil {
		t.Fatalf("the repository needs a .dockerignore: %v", err)
	}
	defer f.Close()
	var patterns []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			patterns = append(patterns, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{
		"deploy/discord_token", "discord_token", "veletas.db", "data/veletas.db",
		"veletas-console.db", "veletas.db.snapshot", "backups/veletas.db.1",
		"veletas-images/board-1.png", ".git/config",
		"deploy/web_key", "deploy/client_secret", "web.key",
	} {
		if !dockerIgnored(t, patterns, secret) {
			t.Errorf(".dockerignore lets %s into the build context", secret)
		}
	}
	for _, source := range []string{
		"go.mod", "go.sum", "cmd/veletasbot/main.go", "store/db.go", "deploy/Dockerfile",
		"render/fonts/font.ttf",
	} {
		if dockerIgnored(t, patterns, source) {
			t.Errorf(".dockerignore leaves out %s, which the build needs", source)
		}
	}
}

// TestDocsKeepTokenOutOfEnvironment checks that the deployment docs never
// show the token passed with -e DISCORD_TOKEN=..., which docker inspect
// shows to anyone allowed to run it.
func TestDocsKeepTokenOutOfEnvironment(t *testing.T) {
	for _, name := range []string{"../../README.md", "../../deploy/Dockerfile", "../../deploy/docker-compose.yml", "../../deploy/replicas-compose.yml"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if regexp.MustCompile(`-e\s+DISCORD_TOKEN=`).Match(b) {
			t.Errorf("%s passes the token with -e DISCORD_TOKEN=, visible to docker inspect: mount a token file and set DISCORD_TOKEN_FILE", name)
		}
	}
}

// readPatterns returns the patterns of an ignore file, without comments
// and blank lines.
func readPatterns(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for line := range strings.SplitSeq(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			patterns = append(patterns, line)
		}
	}
	return patterns
}

// TestBuiltBinariesIgnored checks that the binaries go build writes, at the
// top of the repository (go build -o NAME ./cmd/NAME, as the README says)
// or beside their main package (go build in cmd/NAME), are neither
// committed nor copied into the Docker build context, and that none is in
// git.
func TestBuiltBinariesIgnored(t *testing.T) {
	files := map[string][]string{
		".gitignore":    readPatterns(t, "../../.gitignore"),
		".dockerignore": readPatterns(t, "../../.dockerignore"),
	}
	for _, tool := range []string{"veletas", "veletasbot", "fanorona", "amazons"} {
		for name, patterns := range files {
			for _, path := range []string{tool, "cmd/" + tool + "/" + tool} {
				if !dockerIgnored(t, patterns, path) {
					t.Errorf("%s does not ignore the binary %s", name, path)
				}
			}
			if dockerIgnored(t, patterns, "cmd/"+tool+"/main.go") {
				t.Errorf("%s ignores the sources of cmd/%s", name, tool)
			}
		}
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git to list the committed files")
	}
	out, err := exec.Command(git, "ls-files", "-z", "--", "../../cmd").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	for file := range strings.SplitSeq(strings.TrimRight(string(out), "\x00"), "\x00") {
		base := filepath.Base(file)
		if base == filepath.Base(filepath.Dir(file)) {
			t.Errorf("the binary %s is committed: git rm it", file)
		}
	}
}

// TestReadmeOperatorSteps checks the README's operator text: no file a
// user does not have (the team's notes), etcd restored with etcdutl from
// the snapshot file saved above it, and a database restored with the
// owner and mode the bot's user needs, at the path of the compose file's
// volume.
func TestReadmeOperatorSteps(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for _, bad := range []string{"/work/notes", "notes/", "etcdctl snapshot restore", "restore veletas.db", "\ncp \"$(ls"} {
		if strings.Contains(readme, bad) {
			t.Errorf("README contains %q", bad)
		}
	}
	for _, want := range []string{
		"etcdutl", "snapshot restore /etcd-data/veletas-snapshot.db",
		"install -m 0600 -o \"$(stat -c %u .)\"",
		"--user 65532:65532 -v deploy_veletas-data:/data", "chmod 0600 veletas.db",
		"the default rules of its challenges, the language",
	} {
		if !strings.Contains(readme, want) {
			t.Errorf("README lacks %q", want)
		}
	}
	compose, err := os.ReadFile("../../deploy/docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(compose), "veletas-data:/data") || !strings.Contains(string(compose), "VELETAS_DB: /data/veletas.db") {
		t.Errorf("the compose file no longer keeps the database at /data/veletas.db on veletas-data: update the README's restore steps")
	}
}
