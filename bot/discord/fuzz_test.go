package discord

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
)

// FuzzInteraction feeds arbitrary INTERACTION_CREATE payloads through the
// adapter's decoding and the handlers: anything malformed is refused with
// a sentence, and nothing panics.
func FuzzInteraction(f *testing.F) {
	u := fakediscord.User{ID: "11", Name: "alice"}
	for _, in := range []map[string]any{
		fakediscord.Command("1", "g1", "c1", u, fakediscord.NoThreads, "challenge", []fakediscord.Option{fakediscord.UserOpt("opponent", "22"), fakediscord.Str("size", "7")}),
		fakediscord.Command("2", "g1", "c1", u, fakediscord.NoThreads, "move", []fakediscord.Option{fakediscord.Str("shooter", "c4"), fakediscord.Focus("shoot", "c")}),
		fakediscord.Command("3", "g1", "c1", u, fakediscord.NoThreads, "setup", []fakediscord.Option{fakediscord.Str("shooters", "a1 b9"), fakediscord.Str("stone", "j10")}),
		fakediscord.Press("4", "g1", "c1", u, fakediscord.NoThreads, "9", "veletas:accept:1:0"),
		fakediscord.GameCommand("fanorona", "7", "g1", "c1", u, fakediscord.NoThreads, "challenge", []fakediscord.Option{fakediscord.UserOpt("opponent", "22"), fakediscord.Str("variant", "vela")}),
		fakediscord.GameCommand("fanorona", "8", "g1", "c1", u, fakediscord.NoThreads, "move", []fakediscord.Option{fakediscord.Str("from", "d2"), fakediscord.Focus("to", "e")}),
		fakediscord.GameCommand("fanorona", "9", "g1", "c1", u, fakediscord.NoThreads, "move", []fakediscord.Option{fakediscord.Str("path", "d2-e3A-e4W")}),
		fakediscord.Press("10", "g1", "c1", u, fakediscord.NoThreads, "9", "fanorona:drawyes:1:0"),
	} {
		b, _ := json.Marshal(in)
		f.Add(b)
	}
	// Null and odd entries where the decoding once dereferenced them: a
	// null subcommand, a null option, a null user, a null member, null
	// data, an option that is not text, a select menu.
	for _, edit := range []func(in map[string]any){
		func(in map[string]any) { in["data"].(map[string]any)["options"] = []any{nil} },
		func(in map[string]any) {
			in["data"].(map[string]any)["options"].([]any)[0].(map[string]any)["options"] = []any{nil, map[string]any{"name": "size", "type": 3, "value": "7"}}
		},
		func(in map[string]any) {
			in["data"].(map[string]any)["resolved"] = map[string]any{"users": map[string]any{"22": nil}, "members": map[string]any{"22": nil}}
		},
		func(in map[string]any) { in["member"] = nil },
		func(in map[string]any) { in["member"].(map[string]any)["user"] = nil },
		func(in map[string]any) { in["data"] = nil },
		func(in map[string]any) {
			in["data"].(map[string]any)["options"].([]any)[0].(map[string]any)["options"] = []any{map[string]any{"name": "size", "type": 4, "value": 7}}
		},
		func(in map[string]any) { in["channel_id"] = nil; in["guild_id"] = "g 1" },
	} {
		in := fakediscord.Command("5", "g1", "c1", u, fakediscord.NoThreads, "challenge", []fakediscord.Option{fakediscord.Str("size", "7")})
		edit(in)
		b, _ := json.Marshal(in)
		f.Add(b)
	}
	for _, data := range []any{nil, map[string]any{"custom_id": "veletas:accept:1:0", "component_type": 3, "values": []any{nil}}} {
		in := fakediscord.Press("6", "g1", "c1", u, fakediscord.NoThreads, "9", "veletas:accept:1:0")
		in["data"] = data
		b, _ := json.Marshal(in)
		f.Add(b)
	}
	e := bottest.NewEnv(f, bot.Config{})
	f.Fuzz(func(t *testing.T, payload []byte) {
		var in discordgo.Interaction
		if json.Unmarshal(payload, &in) != nil {
			return
		}
		req, err := RequestFromInteraction(&in)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		if req.Type == bot.TypeAutocomplete {
			if c := e.Bot.Autocomplete(context.Background(), req); len(c) > bot.MaxChoices {
				t.Fatalf("%d choices", len(c))
			}
			return
		}
		r := e.Bot.Handle(context.Background(), req)
		if r.Text == "" {
			t.Fatalf("empty reply to %s", payload)
		}
	})
}
