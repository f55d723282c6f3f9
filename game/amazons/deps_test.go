package amazons

import (
	"os/exec"
	"strings"
	"testing"
)

// TestStandardLibraryOnly keeps the rules package free of dependencies:
// it may import only the standard library and the engines' shared
// scaffolding, game/internal/enginekit, and the package game, both
// standard-library-only.
func TestStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	pkgs := strings.Fields(string(out))
	if len(pkgs) == 0 {
		t.Fatal("go list -deps listed nothing, not even this package")
	}
	for _, pkg := range pkgs {
		if pkg != "github.com/veletasbot/veletas/game/amazons" && pkg != "github.com/veletasbot/veletas/game/internal/enginekit" && pkg != "github.com/veletasbot/veletas/game" {
			t.Errorf("game/amazons depends on %s; it may import only the standard library, enginekit and game", pkg)
		}
	}
}
