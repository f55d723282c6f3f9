package bot

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// TestRevisedGame plays a whole game under the revised rules through the
// bot: the challenge and the game's messages say so, a shooter on the edge
// is refused with the rule's words, touching shooters and moves over
// shooters are accepted, /veletas record shows the header, and the stats
// of each player name the rules of the game.
func TestRevisedGame(t *testing.T) {
	e := newEnv(t, Config{})
	refused(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "rules=house"), "`classic` or `revised`")
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "rules=revised"))
	if !strings.Contains(ch.Plain(), "7x7 (revised rules)") {
		t.Fatalf("challenge: %q", ch.Plain())
	}
	start := followed(t, public(t, e.press("bob", button(t, ch, "Accept"))))
	if !strings.Contains(start.Plain(), "Veletas 7x7 (revised rules), game") {
		t.Fatalf("start: %q", start.Plain())
	}
	refused(t, e.cmd("alice", "setup", "shooters=a4", "stone=d2"), "shooters may not be placed on the edge of the board under the revised rules")
	public(t, e.cmd("alice", "setup", "shooters=c4", "stone=d2"))
	public(t, e.cmd("bob", "keep"))
	// Autocomplete offers inside squares only, next to c4 included.
	got := e.complete("bob", "setup", "shooters", "shooters=b")
	var names []string
	for _, c := range got {
		names = append(names, c.Value)
	}
	if strings.Join(names, " ") != "b2 b3 b4 b5 b6" {
		t.Fatalf("revised shooter squares on file b: %v", names)
	}
	public(t, e.cmd("bob", "setup", "shooters=d4, e5", "stone=a1")) // d4 touches c4
	mv := public(t, e.cmd("alice", "move", "shooter=c4", "to=e4", "shoot=f4"))
	if !strings.Contains(mv.Plain(), "Last action: `c4-e4/f4`") {
		t.Fatalf("move over d4: %q", mv.Plain())
	}
	// The rest of the game, at random.
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 200; i++ {
		g, err := e.db.ActiveGame(e.guild, e.chann)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if g.Rules() != veletas.Revised {
			t.Fatalf("the game lost its rules: %q", g.Record)
		}
		user, sub, opts := nextCommand(t, g, r)
		public(t, e.cmd(user, sub, opts...))
	}
	rec := public(t, e.cmd("carol", "record"))
	if !strings.Contains(rec.Plain(), "size=7 rules=revised") {
		t.Fatalf("record: %q", rec.Plain())
	}
	for _, who := range []string{"alice", "bob"} {
		st := public(t, e.cmd(who, "stats"))
		if !strings.Contains(st.Plain(), "(7x7, revised rules, ") {
			t.Fatalf("stats of %s: %q", who, st.Plain())
		}
	}
	// Standings are shared by both rule sets: the revised game counts.
	done, err := e.db.FinishedGames(e.guild, "", 1)
	if err != nil || len(done) != 1 {
		t.Fatal(done, err)
	}
	if st := public(t, e.cmd("carol", "standings")); !strings.Contains(st.Plain(), "<@"+done[0].Winner+">: ") || !strings.Contains(st.Plain(), "1 W, 0 L") {
		t.Fatalf("standings after the revised game: %q", st.Plain())
	}
	// A classic game afterwards says nothing of rules.
	ch = public(t, e.cmd("bob", "challenge", "opponent=alice", "size=9"))
	if strings.Contains(ch.Plain(), "revised") {
		t.Fatalf("classic challenge: %q", ch.Plain())
	}
}

// TestRulesSetting sets a server's default rules, which challenges
// without the rules option then follow; only Manage Server may change it.
func TestRulesSetting(t *testing.T) {
	e := newEnv(t, Config{})
	show := e.cmd("alice", "settings")
	if !strings.Contains(show.Plain(), "Default rules of this server's challenges: classic") {
		t.Fatalf("settings: %q", show.Plain())
	}
	refused(t, e.cmd("alice", "settings", "rules=revised"), "Manage Server")
	req := e.req("alice", "settings", "rules=revised")
	req.ManageServer = true
	set := e.bot.Handle(t.Context(), req)
	if set.Ephemeral || !strings.Contains(set.Plain(), "default rules to revised") {
		t.Fatalf("set: %q", set.Plain())
	}
	bad := e.req("alice", "settings", "rules=classical")
	bad.ManageServer = true
	refused(t, e.bot.Handle(t.Context(), bad), "`classic` or `revised`")
	if s, _ := e.db.Settings(e.guild); s.Rules != veletas.Revised {
		t.Fatalf("stored rules %v", s.Rules)
	}
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	if !strings.Contains(ch.Plain(), "(revised rules)") {
		t.Fatalf("challenge under the default: %q", ch.Plain())
	}
	public(t, e.press("bob", button(t, ch, "Accept")))
	if g, err := e.db.ActiveGame(e.guild, e.chann); err != nil || g.Rules() != veletas.Revised {
		t.Fatalf("game: %v %v", err, g.Rules())
	}
	// The option still wins over the default.
	e.chann = "c2"
	ch = public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "rules=classic"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	if g, err := e.db.ActiveGame(e.guild, e.chann); err != nil || g.Rules() != veletas.Classic {
		t.Fatalf("classic game: %v %v", err, g.Rules())
	}
}

// TestAIRevisedGame plays a whole game against the computer under the
// revised rules, chosen with the rules option: every action of the AI is
// accepted by the store under those rules, and the record says them.
func TestAIRevisedGame(t *testing.T) {
	e := newEnv(t, Config{})
	box := e.startAI(AIConfig{Workers: 1, NewPlayer: seededAI(41)})
	g, _ := playAI(t, e, box, 6, "rules=revised")
	if g.Rules() != veletas.Revised || !strings.HasPrefix(g.Record, "size=7 rules=revised") {
		t.Fatalf("rules %v, record %q", g.Rules(), g.Record)
	}
	// Both setups (one of them the AI's, whichever side it took) keep the
	// shooters inside the board.
	st := g.State()
	for _, i := range []int{0, 2} {
		setup := st.Actions()[i]
		for _, sq := range setup.Shooters {
			if sq.File() == 0 || sq.Rank() == 0 || sq.File() == 6 || sq.Rank() == 6 {
				t.Fatalf("setup %s puts a shooter on the edge", setup)
			}
		}
	}
}
