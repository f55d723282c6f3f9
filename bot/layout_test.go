package bot

import (
	"fmt"
	"go/build"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// migrationFiles are the shared layers' files allowed to name a game:
// store/schema6.go migrates the data of schema 5, which kept the fields
// of two games (size and rules, variant) and the kind "" for the first;
// it must name those games' kinds and terms as they were stored, and
// keeps its own copy of them (not the games' packages, which may change).
var migrationFiles = map[string]bool{"store/schema6.go": true}

// TestCoreKnowsNoTransport fails when the core imports discordgo, or any
// of its front ends, directly or through another package: the core must
// stay usable by every transport (the gateway, an HTTP interactions
// endpoint, the console).
func TestCoreKnowsNoTransport(t *testing.T) {
	const module = "github.com/veletasbot/veletas"
	forbidden := []string{"github.com/bwmarrin/discordgo", "github.com/gorilla/websocket",
		module + "/bot/discord", module + "/bot/console", module + "/internal/fakediscord"}
	seen := map[string]string{} // package -> the package that imported it
	var walk func(path, from string)
	walk = func(path, from string) {
		if _, ok := seen[path]; ok {
			return
		}
		seen[path] = from
		for _, f := range forbidden {
			if path == f {
				chain := path
				for p := from; p != ""; p = seen[p] {
					chain = p + " -> " + chain
				}
				t.Errorf("the core imports %s: %s", f, chain)
				return
			}
		}
		if !strings.HasPrefix(path, module+"/") && !strings.Contains(path, ".") {
			return // the standard library
		}
		pkg, err := build.Import(path, ".", 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range pkg.Imports {
			walk(imp, path)
		}
	}
	walk(module+"/bot", "")
	if len(seen) < 5 {
		t.Fatalf("only %d packages seen: the walk is broken", len(seen))
	}
	if _, ok := seen[module+"/store"]; !ok {
		t.Fatal("the walk did not reach the store: it is broken")
	}
}

// TestSharedLayersNameNoGame fails when a shared layer (the core, its
// front ends, the store, the program's wiring) imports a package under
// game/ other than game itself, or a non-test file of one names a game
// (veletas, fanorona, véla, vela, amazons): games are plug-ins, listed
// once in bot/games. The product's name is not a game's: the module path,
// veletasbot, VELETAS_ variables, the database, image and etcd names and
// the bot's own name are allowed, and so is the migration of old data
// (migrationFiles).
func TestSharedLayersNameNoGame(t *testing.T) {
	const module = "github.com/veletasbot/veletas"
	shared := []string{"bot", "bot/discord", "bot/console", "store", "cmd/veletasbot"}
	gameWord := regexp.MustCompile(`(?i)veletas|fanorona|v[eé]la\b|amazons`)
	// The product's name in its forms: the module path, the binary,
	// the environment, the database and image files, the etcd prefix,
	// the bot's own name and its user in the console (ConsoleAI).
	product := regexp.MustCompile(`github\.com/veletasbot/veletas|(?i:veletasbot)|VELETAS_[A-Z0-9_]*|veletas\.db\b|(?i:veletas-[a-z0-9.-]*\.db)\b|` +
		`veletas-images|\.veletas-write-check|etcd://\S*/veletas\b|DefaultPrefix = "veletas"|` +
		`botName = "Veletas"|ConsoleAI = "veletas"|@veletas\b|(?i:the veletas (discord )?bot)`)
	root := filepath.Join("..")
	checked, migration := 0, 0
	for _, dir := range shared {
		pkg, err := build.ImportDir(filepath.Join(root, dir), 0)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, imp := range pkg.Imports {
			if strings.HasPrefix(imp, module+"/game/") {
				t.Errorf("%s imports %s: a shared layer imports only %s/game", dir, imp, module)
			}
		}
		for _, name := range pkg.GoFiles {
			file := dir + "/" + name
			src, err := os.ReadFile(filepath.Join(root, dir, name))
			if err != nil {
				t.Fatal(err)
			}
			checked++
			if migrationFiles[file] {
				migration++
				continue
			}
			var found []string
			for i, line := range strings.Split(string(src), "\n") {
				if w := gameWord.FindString(product.ReplaceAllString(line, "")); w != "" {
					found = append(found, fmt.Sprintf("%d: %s", i+1, w))
				}
			}
			if len(found) > 0 {
				t.Errorf("%s names a game (%d lines), first at line %s", file, len(found), found[0])
			}
		}
	}
	if migration != len(migrationFiles) {
		t.Errorf("%d of the migration files %v found", migration, migrationFiles)
	}
	if checked < 50 {
		t.Fatalf("only %d files checked: the walk is broken", checked)
	}
}
