package discord

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/openapi"
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

// TestCommandsGoldenConform: the recorded commands, registered together
// as the adapter does (PUT applications/ID/commands), are what Discord's
// description takes, their integration types and contexts included, and
// each game's command is installable by a server and by a user, and usable
// in servers, the bot's DM and DMs and group DMs (reach.go of package bot).
func TestCommandsGoldenConform(t *testing.T) {
	spec, err := openapi.Default()
	if err != nil {
		t.Fatal(err)
	}
	bottest.NewEnv(t, bot.Config{})
	var all []json.RawMessage
	for _, c := range Commands() {
		raw, err := os.ReadFile(filepath.Join("testdata", "commands", c.Name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, raw)
		var got struct {
			IntegrationTypes []int `json:"integration_types"`
			Contexts         []int `json:"contexts"`
		}
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatal(err)
		}
		if c.Name == bot.TournamentCommand {
			if !slices.Equal(got.Contexts, []int{0}) || got.IntegrationTypes != nil {
				t.Errorf("/%s: contexts %v, integration types %v; want servers only", c.Name, got.Contexts, got.IntegrationTypes)
			}
			continue
		}
		if !slices.Equal(got.IntegrationTypes, []int{0, 1}) || !slices.Equal(got.Contexts, []int{0, 1, 2}) {
			t.Errorf("/%s: integration types %v, contexts %v; want [0 1] and [0 1 2]", c.Name, got.IntegrationTypes, got.Contexts)
		}
	}
	body, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	if err := spec.CheckRequest("PUT", "/applications/1234567890/commands", nil, "application/json", body); err != nil {
		t.Fatalf("the recorded commands break Discord's description: %v", err)
	}
	// The check can fail: a context Discord does not have is refused.
	bad := bytes.Replace(body, []byte("\"contexts\":[0,1,2]"), []byte("\"contexts\":[0,1,7]"), 1)
	if bytes.Equal(bad, body) {
		bad = bytes.Replace(body, []byte("\"contexts\": ["), []byte("\"contexts\": [7,"), 1)
	}
	if err := spec.CheckRequest("PUT", "/applications/1234567890/commands", nil, "application/json", bad); err == nil {
		t.Error("a command with context 7 passed the check")
	}
}
