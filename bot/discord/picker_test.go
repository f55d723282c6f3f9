package discord

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// menuOf is the select menu of a message the fake Discord holds, false
// when it has none.
func menuOf(m fakediscord.Message) (fakediscord.Button, bool) {
	for _, c := range m.Buttons {
		if c.Type == 3 {
			return c, true
		}
	}
	return fakediscord.Button{}, false
}

// hasButton reports whether m has a button labelled label.
func hasButton(m fakediscord.Message, label string) bool {
	for _, b := range m.Buttons {
		if b.Type == 2 && b.Label == label {
			return true
		}
	}
	return false
}

// choose chooses value in the menu of message m and returns the answer
// and the interaction's id.
func (de *discordEnv) choose(t testing.TB, channel string, u fakediscord.User, m fakediscord.Message, value string) (fakediscord.Message, string) {
	t.Helper()
	menu, ok := menuOf(m)
	if !ok {
		t.Fatalf("no menu on %q", m.Text())
	}
	id := de.id()
	return de.send(t, fakediscord.Choose(id, de.Guild, channel, u, fakediscord.NoThreads, m.ID, menu.CustomID, value)), id
}

// startGame has alice challenge bob to a game of command with opts in
// channel c (no threads: the game is the channel's) and returns its
// first card.
func (de *discordEnv) startGame(t testing.TB, c, command string, opts ...fakediscord.Option) fakediscord.Message {
	t.Helper()
	opts = append([]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID)}, opts...)
	ch := de.send(t, fakediscord.GameCommand(command, de.id(), de.Guild, c, alice, fakediscord.NoThreads, "challenge", opts, bob))
	acc, id := de.pressOn(t, c, bob, ch, "Accept")
	if acc.Kind == "callback" && acc.Type == 7 || acc.Kind == "edit" {
		next, err := de.fake.Next(id, replyWait)
		if err != nil {
			t.Fatal(err)
		}
		acc = next
	}
	if !hasButton(acc, "Play") {
		t.Fatalf("the first card has no Play: %q [%s]", acc.Text(), labels(acc))
	}
	return acc
}

// pickerCounts counts the interactions of a game played by the picker.
type pickerCounts struct {
	plays, choices, confirms, backs int
	last                            string // the id of the last interaction that acted
}

func (c pickerCounts) total() int { return c.plays + c.choices + c.confirms + c.backs }

// playByPicker plays the game of channel c to its end by the picker
// only: Play on the latest card, random options, Confirm, now and then
// Back. It returns the finished game and the counts.
func (de *discordEnv) playByPicker(t testing.TB, c string, card fakediscord.Message, r *rand.Rand) (store.Game, pickerCounts) {
	t.Helper()
	users := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob}
	var n pickerCounts
	for {
		g, err := de.DB.ActiveGame(t.Context(), de.Guild, c)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil || n.total() > 5000 {
			t.Fatal(n, err)
		}
		card = de.pickTurn(t, c, users[g.ToAct()], card, r, &n)
	}
	g, err := de.DB.LastFinishedGame(t.Context(), de.Guild, c)
	if err != nil {
		t.Fatal(err)
	}
	return g, n
}

// pickTurn plays u's turn in the game of channel c by the picker (whose
// menus are the game's game.Pick options): Play on card, random
// options, Confirm, now and then Back. It counts the interactions in n
// and returns the game's card after the turn.
func (de *discordEnv) pickTurn(t testing.TB, c string, u fakediscord.User, card fakediscord.Message, r *rand.Rand, n *pickerCounts) fakediscord.Message {
	t.Helper()
	var id string
	pk, _ := de.pressOn(t, c, u, card, "Play")
	n.plays++
	// Ephemeral; through the HTTP endpoint, an answer deferred (an
	// ephemeral deferral) then edited.
	if !pk.Ephemeral() && pk.Kind != "edit" || pk.Kind != "callback" && pk.Kind != "followup" && pk.Kind != "edit" {
		t.Fatalf("Play: %+v", pk)
	}
	pk = de.stored(t, pk.ID)
	for acted := false; !acted; {
		checkPickerPNG(t, pk)
		var ans fakediscord.Message
		switch menu, ok := menuOf(pk); {
		case hasButton(pk, "Confirm"):
			ans, id = de.pressOn(t, c, u, pk, "Confirm")
			n.confirms++
			acted = true
		case hasButton(pk, "Back") && r.IntN(12) == 0:
			ans, _ = de.pressOn(t, c, u, pk, "Back")
			n.backs++
		case ok:
			if len(menu.Options) == 0 || len(menu.Options) > 25 {
				t.Fatalf("a menu of %d options", len(menu.Options))
			}
			ans, id = de.choose(t, c, u, pk, menu.Options[r.IntN(len(menu.Options))].Value)
			n.choices++
		default:
			t.Fatalf("a picker without a menu or Confirm: %q [%s]", pk.Text(), labels(pk))
		}
		if ans.Ephemeral() || !(ans.Kind == "callback" && ans.Type == 7 || ans.Kind == "edit") || ans.ID != pk.ID {
			t.Fatalf("the picker did not update in place: %+v", ans)
		}
		pk = de.stored(t, pk.ID)
		if strings.Contains(pk.Text(), "Played ") {
			next, err := de.fake.Next(id, replyWait)
			if err != nil {
				t.Fatal(err)
			}
			if next.Ephemeral() || len(next.Embeds) != 1 {
				t.Fatalf("the card after the action: %+v", next)
			}
			card = next
			n.last = id
			if _, ok := menuOf(pk); !ok { // a turn under way goes on in the picker
				acted = true
			}
		}
	}
	return card
}

// checkPickerPNG checks that a picker shows its preview.
func checkPickerPNG(t testing.TB, m fakediscord.Message) {
	t.Helper()
	if len(m.Files) != 1 || m.Files[0].ContentType != "image/png" || !strings.HasPrefix(m.Files[0].Name, "pick-") {
		t.Fatalf("the picker's preview: %d files", len(m.Files))
	}
}

func TestDiscordPickerWholeGames(t *testing.T) {
	for _, tc := range []struct {
		command string
		opts    []fakediscord.Option
	}{
		{"veletas", []fakediscord.Option{fakediscord.Str("size", "7")}},
		{"fanorona", nil},
		{"fanorona", []fakediscord.Option{fakediscord.Str("variant", "vela")}},
		{"amazons", nil},
	} {
		t.Run(tc.command, func(t *testing.T) {
			e := bottest.NewEnv(t, bot.Config{})
			de := newDiscordEnv(t, nil, e)
			card := de.startGame(t, "c1", tc.command, tc.opts...)
			g, n := de.playByPicker(t, "c1", card, rand.New(rand.NewPCG(5, 6)))
			if !g.Over() || g.Reason != store.ReasonRules {
				t.Fatalf("the game did not end by the rules: %+v", g)
			}
			t.Logf("%s: %d actions (revisions); picker interactions %d (Play %d, choices %d, Confirm %d, Back %d); typed commands at best %d",
				tc.command, g.Revision, n.total(), n.plays, n.choices, n.confirms, n.backs, n.plays)
			if inv := de.fake.Invalid(); len(inv) != 0 {
				t.Fatalf("Discord would refuse: %v", inv)
			}
		})
	}
}

func TestDiscordPickerRefusals(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	card := de.startGame(t, "c1", "veletas") // 10x10: the setup offers 100 squares
	before, err := e.DB.ActiveGame(t.Context(), e.Guild, "c1")
	if err != nil {
		t.Fatal(err)
	}

	// Bob is not to act: he is told whose turn it is, nothing opens.
	ans, _ := de.pressOn(t, "c1", bob, card, "Play")
	if !ans.Ephemeral() || !strings.Contains(ans.Text(), "It is <@"+alice.ID+">'s turn") {
		t.Fatalf("bob pressing Play: %+v", ans)
	}
	if _, ok := menuOf(ans); ok {
		t.Fatalf("bob got a menu")
	}
	ans, _ = de.pressOn(t, "c1", carol, card, "Play")
	if !ans.Ephemeral() || !strings.Contains(ans.Text(), "It is <@"+alice.ID+">'s turn") {
		t.Fatalf("carol pressing Play: %+v", ans)
	}

	// More than 25 legal squares: the first menu chooses a group (a
	// rank), the next the square in it.
	pk, _ := de.pressOn(t, "c1", alice, card, "Play")
	pk = de.stored(t, pk.ID)
	menu, _ := menuOf(pk)
	if len(menu.Options) != 10 || !strings.HasPrefix(menu.Options[0].Value, "~") {
		t.Fatalf("the setup's first menu: %+v", menu.Options)
	}
	de.choose(t, "c1", alice, pk, menu.Options[4].Value)
	pk = de.stored(t, pk.ID)
	menu, _ = menuOf(pk)
	if len(menu.Options) != 10 || strings.HasPrefix(menu.Options[0].Value, "~") || !hasButton(pk, "Back") {
		t.Fatalf("the squares of a rank: %+v [%s]", menu.Options, labels(pk))
	}
	for _, o := range menu.Options {
		if len(o.Label) > 100 || len(menu.CustomID) > 100 {
			t.Fatalf("over Discord's limits: %+v", menu)
		}
	}
	// Someone else using alice's picker is refused.
	ans, _ = de.choose(t, "c1", bob, pk, menu.Options[0].Value)
	if !ans.Ephemeral() || !strings.Contains(ans.Text(), "turn") {
		t.Fatalf("bob choosing in alice's picker: %+v", ans)
	}
	// A second picker acts first: the first is stale, refused, and
	// changes nothing.
	stale := pk
	second, _ := de.pressOn(t, "c1", alice, card, "Play")
	second = de.stored(t, second.ID)
	for i := 0; ; i++ {
		if hasButton(second, "Confirm") {
			de.pressOn(t, "c1", alice, second, "Confirm")
			break
		}
		m, _ := menuOf(second)
		de.choose(t, "c1", alice, second, m.Options[0].Value)
		second = de.stored(t, second.ID)
		if i > 20 {
			t.Fatal("the setup never completed")
		}
	}
	after, err := e.DB.ActiveGame(t.Context(), e.Guild, "c1")
	if err != nil || after.Revision != before.Revision+1 {
		t.Fatalf("the second picker's setup: rev %d -> %d, %v", before.Revision, after.Revision, err)
	}
	ans, _ = de.choose(t, "c1", alice, stale, menu.Options[0].Value)
	if !ans.Ephemeral() || !strings.Contains(ans.Text(), "out of date") {
		t.Fatalf("the stale picker: %+v", ans)
	}
	if got, _ := e.DB.ActiveGame(t.Context(), e.Guild, "c1"); got.Revision != after.Revision {
		t.Fatalf("a stale picker changed the game: rev %d -> %d", after.Revision, got.Revision)
	}
	// A forged value is refused too.
	ans, _ = de.choose(t, "c1", bob, stale, "zz99")
	if !ans.Ephemeral() {
		t.Fatalf("a forged choice: %+v", ans)
	}
	if inv := de.fake.Invalid(); len(inv) != 0 {
		t.Fatalf("Discord would refuse: %v", inv)
	}
}

// TestHTTPPickerWholeGame plays a game by the picker through the HTTP
// interactions endpoint: the same answers as through the gateway.
func TestHTTPPickerWholeGame(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	he := newHTTPEnv(t, nil, e)
	de := &discordEnv{Env: e, fake: he.fake, d: he.d, post: he.post}
	de.ids.Store(900)
	card := de.startGame(t, "c1", "veletas", fakediscord.Str("size", "7"))
	g, n := de.playByPicker(t, "c1", card, rand.New(rand.NewPCG(7, 8)))
	if !g.Over() || g.Reason != store.ReasonRules || n.confirms == 0 {
		t.Fatalf("the game by HTTP: %+v %+v", g, n)
	}
}
