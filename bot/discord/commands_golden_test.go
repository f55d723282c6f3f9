package discord

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/commands.golden.json from Commands()")

// TestCommandsGolden: the slash commands registered with Discord are
// exactly the ones recorded in testdata/commands.golden.json (go test
// -run TestCommandsGolden -update rewrites it after a deliberate change).
func TestCommandsGolden(t *testing.T) {
	got, err := json.MarshalIndent(Commands(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "commands.golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Commands() differs from %s:\n%s", path, got)
	}
}
