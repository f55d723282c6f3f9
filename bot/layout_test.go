package bot

import (
	"go/build"
	"strings"
	"testing"
)

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
