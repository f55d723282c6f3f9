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

// pendingGameNames are the shared layers' files that still name a game
// (TestSharedLayersNameNoGame).
var pendingGameNames = []string{
	"bot/aigames.go",
	"bot/autocomplete.go",
	"bot/bot.go",
	"bot/card.go",
	"bot/challenges.go",
	"bot/dispatch.go",
	"bot/doc.go",
	"bot/endgame.go",
	"bot/game.go",
	"bot/messages.go",
	"bot/notify.go",
	"bot/options.go",
	"bot/play.go",
	"bot/request.go",
	"bot/settings.go",
	"bot/stats.go",
	"bot/takebacks.go",
	"bot/usersettings.go",
	"bot/views.go",
	"cmd/veletasbot/config.go",
	"cmd/veletasbot/console.go",
	"cmd/veletasbot/doc.go",
	"cmd/veletasbot/flags.go",
	"cmd/veletasbot/migrate.go",
	"store/doc.go",
	"store/errors.go",
	"store/schema6.go",
	"store/snapshots.go",
	"store/url.go",
}

// pendingGameImports are the shared layers' imports of a game's
// packages still to go, "dir imports path".
var pendingGameImports = []string{}

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
// veletasbot, VELETAS_ variables and veletas.db files are allowed.
//
// pending lists the files that still name a game until their game's
// parts move to its module (bot/games/...) and the store becomes
// game-agnostic; a listed file that names none fails too, so that the
// list only shrinks.
func TestSharedLayersNameNoGame(t *testing.T) {
	const module = "github.com/veletasbot/veletas"
	shared := []string{"bot", "bot/discord", "bot/console", "store", "cmd/veletasbot"}
	pending := map[string]bool{}
	for _, f := range pendingGameNames {
		pending[f] = true
	}
	pendingImp := map[string]bool{}
	for _, f := range pendingGameImports {
		pendingImp[f] = true
	}
	gameWord := regexp.MustCompile(`(?i)veletas|fanorona|v[eé]la\b|amazons`)
	product := regexp.MustCompile(`github\.com/veletasbot/veletas|(?i:veletasbot)|VELETAS_[A-Z0-9_]*|veletas\.db\b|veletas-[a-z0-9.-]*\.db\b`)
	root := filepath.Join("..")
	checked := 0
	for _, dir := range shared {
		pkg, err := build.ImportDir(filepath.Join(root, dir), 0)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, imp := range pkg.Imports {
			if strings.HasPrefix(imp, module+"/game/") && !pendingImp[dir+" imports "+imp] {
				t.Errorf("%s imports %s: a shared layer imports only %s/game", dir, imp, module)
			}
			delete(pendingImp, dir+" imports "+imp)
		}
		for _, name := range pkg.GoFiles {
			file := dir + "/" + name
			src, err := os.ReadFile(filepath.Join(root, dir, name))
			if err != nil {
				t.Fatal(err)
			}
			checked++
			var found []string
			for i, line := range strings.Split(string(src), "\n") {
				if w := gameWord.FindString(product.ReplaceAllString(line, "")); w != "" {
					found = append(found, fmt.Sprintf("%d: %s", i+1, w))
				}
			}
			switch {
			case len(found) > 0 && !pending[file]:
				t.Errorf("%s names a game (%d lines), first at line %s", file, len(found), found[0])
			case len(found) == 0 && pending[file]:
				t.Errorf("%s names no game: take it off pendingGameNames", file)
			}
			delete(pending, file)
		}
	}
	for f := range pendingImp {
		t.Errorf("pendingGameImports lists %q, which is gone: take it off", f)
	}
	for f := range pending {
		t.Errorf("pendingGameNames lists %s, which is not a file of a shared layer", f)
	}
	if checked < 50 {
		t.Fatalf("only %d files checked: the walk is broken", checked)
	}
}
