package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot/fakediscord"
	"github.com/veletasbot/veletas/game/veletas"
)

func FuzzParseConsoleLine(f *testing.F) {
	for _, s := range []string{
		"alice: /veletas challenge opponent:@bob size:7",
		`bob: /veletas setup shooters:"b3, d4" stone:d3`,
		"bob: [Accept]", "# comment", "", "x:", `a: /veletas move shooter:"c4`, "a: [ ]", "a: /veletas move a:1 a:2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		cl, ok, err := parseConsoleLine(line)
		if err != nil {
			if ok || !strings.HasPrefix(err.Error(), "console: ") {
				t.Fatalf("%q: ok=%v err=%v", line, ok, err)
			}
			return
		}
		if !ok {
			if s := strings.TrimSpace(line); s != "" && !strings.HasPrefix(s, "#") {
				t.Fatalf("%q skipped", line)
			}
			return
		}
		if !validName(cl.User) || (cl.Button == "") == (cl.Command == "") {
			t.Fatalf("%q -> %+v", line, cl)
		}
		for k := range cl.Options {
			if k == "" || strings.ContainsAny(k, " \t") {
				t.Fatalf("%q: option %q", line, k)
			}
		}
	})
}

func FuzzParseSquareList(f *testing.F) {
	for _, s := range []string{"d4 g7", "[d4,g7,b9]", "j10", "a1,,b2", "", "k11", "é"} {
		f.Add(s, uint8(10))
	}
	f.Fuzz(func(t *testing.T, text string, sz uint8) {
		size := veletas.Sizes[int(sz)%len(veletas.Sizes)]
		sqs, err := ParseSquareList("shooters", text, size)
		if err != nil {
			if !utf8.ValidString(err.Error()) && utf8.ValidString(text) {
				t.Fatalf("%q: invalid UTF-8 in %q", text, err)
			}
			if strings.Count(err.Error(), "`")%2 != 0 {
				t.Fatalf("%q: unbalanced quotes in %q", text, err)
			}
			return
		}
		if len(sqs) == 0 || len(sqs) > maxSquares {
			t.Fatalf("%q -> %v", text, sqs)
		}
		for _, sq := range sqs {
			if !sq.On(size) {
				t.Fatalf("%q -> %v off %v", text, sq, size)
			}
		}
	})
}

func FuzzParseCustomID(f *testing.F) {
	for _, s := range []string{"veletas:accept:12:0", "veletas:swap:3:7", "veletas:keep:3:", "veletas::::", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := parseCustomID(s)
		if err != nil {
			return
		}
		if b.String() != s {
			t.Fatalf("%q parsed as %+v, which writes %q", s, b, b.String())
		}
	})
}

func FuzzConsoleText(f *testing.F) {
	for _, s := range []string{"<@alice> and <#t1> at <t:1700000000:f>", "<@>", "<<@a>>", "<t:99999999999999:f>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := ConsoleText(s)
		if strings.Contains(out, "<@") && !strings.Contains(s, "<@") {
			t.Fatalf("%q -> %q", s, out)
		}
	})
}

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
	} {
		b, _ := json.Marshal(in)
		f.Add(b)
	}
	e := newEnv(f, Config{})
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
		if req.Kind == KindAutocomplete {
			if c := e.bot.Autocomplete(context.Background(), req); len(c) > MaxChoices {
				t.Fatalf("%d choices", len(c))
			}
			return
		}
		r := e.bot.Handle(context.Background(), req)
		if r.Text == "" {
			t.Fatalf("empty reply to %s", payload)
		}
	})
}
