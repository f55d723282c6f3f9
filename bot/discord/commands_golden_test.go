package discord

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
)

var update = flag.Bool("update", false, "rewrite testdata/commands/*.json from Commands()")

// TestCommandsGolden: each slash command registered with Discord is
// exactly the one recorded in testdata/commands/NAME.json, one file per
// command, so that a new game adds its own file and edits none (go test
// -run TestCommandsGolden -update writes them after a deliberate change).
// The bot made first registers its games, so the test does not depend on
// which test ran before it.
func TestCommandsGolden(t *testing.T) {
	bottest.NewEnv(t, bot.Config{})
	cmds := Commands()
	if len(cmds) == 0 {
		t.Fatal("no commands")
	}
	for _, c := range cmds {
		got, err := json.MarshalIndent(c, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '\n')
		path := filepath.Join("testdata", "commands", c.Name+".json")
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (a new command? run go test -run TestCommandsGolden -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("/%s differs from %s:\n%s", c.Name, path, got)
		}
	}
}

// registeredNames are the names of the commands registered with the fake
// Discord, which must be those of Commands(), in order.
func registeredNames(t *testing.T, raw []byte) []map[string]any {
	t.Helper()
	var cmds []map[string]any
	if err := json.Unmarshal(raw, &cmds); err != nil {
		t.Fatalf("registered %s: %v", raw, err)
	}
	want := Commands()
	if len(cmds) != len(want) || len(want) < 2 {
		t.Fatalf("registered %d commands, want %d", len(cmds), len(want))
	}
	for i, c := range want {
		if cmds[i]["name"] != c.Name {
			t.Fatalf("command %d is %v, want %s", i, cmds[i]["name"], c.Name)
		}
	}
	return cmds
}
