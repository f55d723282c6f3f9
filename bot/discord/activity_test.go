package discord

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
)

// TestEntryPointGolden: the entry point command is exactly the one in
// testdata/commands/launch.json (-update rewrites it).
func TestEntryPointGolden(t *testing.T) {
	bottest.NewEnv(t, bot.Config{})
	got, err := json.MarshalIndent(EntryPoint(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "commands", entryPointCommandName+".json")
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
		t.Errorf("the entry point command differs from %s:\n%s", path, got)
	}
}

// TestDiscordActivityRegistersEntryPoint: with Activity, the global bulk
// overwrite holds the games' commands and then the entry point command
// (type 4, handler 2), checked by the fake against the description.
func TestDiscordActivityRegistersEntryPoint(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{Activity: true})
	fake := fakediscord.New()
	t.Cleanup(fake.Close)
	fake.CheckConformance(t)
	d, err := New(testToken, fake.URL(), e.Bot, e.Bot.Logger)
	if err != nil {
		t.Fatal(err)
	}
	d.Activity = true
	if err := d.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	var raw []byte
	select {
	case raw = <-fake.Commands:
	case <-time.After(replyWait):
		t.Fatal("no commands registered")
	}
	var cmds []struct {
		Name    string `json:"name"`
		Type    int    `json:"type"`
		Handler int    `json:"handler"`
	}
	if err := json.Unmarshal(raw, &cmds); err != nil {
		t.Fatal(err)
	}
	if len(cmds) != len(Commands())+1 {
		t.Fatalf("%d commands registered, want the %d games' and the entry point", len(cmds), len(Commands()))
	}
	last := cmds[len(cmds)-1]
	if last.Name != "launch" || last.Type != 4 || last.Handler != 2 {
		t.Errorf("the last command registered is %+v, want launch, type 4, handler 2", last)
	}
	for _, c := range cmds[:len(cmds)-1] {
		if c.Type == 4 || c.Handler != 0 {
			t.Errorf("command %s registered with type %d handler %d", c.Name, c.Type, c.Handler)
		}
	}
}

// TestDiscordActivityButton: with Config.Activity, a game's card has
// "Play on the board", whose press answers LAUNCH_ACTIVITY (type 12):
// the fake starts an instance in the card's channel with the user who
// pressed. An application without an Activity has the answer refused.
func TestDiscordActivityButton(t *testing.T) {
	for _, on := range []bool{true, false} {
		e := bottest.NewEnv(t, bot.Config{Activity: true})
		de := newDiscordEnv(t, nil, e)
		if on {
			de.fake.EnableActivity()
		}
		card := de.startGame(t, "c1", "veletas")
		if !hasButton(card, "Play on the board") {
			t.Fatalf("the card has no Play on the board: [%s]", labels(card))
		}
		ans, _ := de.pressOn(t, "c1", bob, card, "Play on the board")
		if !on {
			if ans.Kind != "refused" || ans.Refused == nil {
				t.Errorf("without an Activity, the launch was %+v, want refused", ans)
			}
			if n := len(de.fake.ActivityInstances()); n != 0 {
				t.Errorf("%d instances without an Activity", n)
			}
			continue
		}
		if ans.Kind != "callback" || ans.Type != 12 {
			t.Fatalf("the press answered %s type %d, want callback type 12", ans.Kind, ans.Type)
		}
		ins := de.fake.ActivityInstances()
		if len(ins) != 1 || ins[0].Channel != "c1" || ins[0].Guild != e.Guild || len(ins[0].Users) != 1 || ins[0].Users[0] != bob.ID {
			t.Errorf("the instances: %+v", ins)
		}
		// The card is as it was.
		if after := de.stored(t, card.ID); labels(after) != labels(card) {
			t.Errorf("the launch changed the card: [%s] -> [%s]", labels(card), labels(after))
		}
	}
	// Without Config.Activity, no button.
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	if card := de.startGame(t, "c1", "veletas"); hasButton(card, "Play on the board") {
		t.Errorf("the card has Play on the board without Config.Activity: [%s]", labels(card))
	}
}
