package bot

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

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
	ruleRefusedAs(t, e.cmd("alice", "setup", "shooters=a4", "stone=d2"), "", RuleRefusal{Reason: "rule.edge", Hint: "hint.edge", Squares: []string{"a4"}})
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
		g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if vrules(g) != veletas.Revised {
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
	done, err := e.db.FinishedGames(t.Context(), e.guild, "", 1)
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
	if s, _ := e.db.Settings(t.Context(), e.guild); defaultRules(s) != veletas.Revised {
		t.Fatalf("stored rules %v", s.Defaults)
	}
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	if !strings.Contains(ch.Plain(), "(revised rules)") {
		t.Fatalf("challenge under the default: %q", ch.Plain())
	}
	public(t, e.press("bob", button(t, ch, "Accept")))
	if g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil || vrules(g) != veletas.Revised {
		t.Fatalf("game: %v %v", err, vrules(g))
	}
	// The option still wins over the default.
	e.chann = "c2"
	ch = public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "rules=classic"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	if g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil || vrules(g) != veletas.Classic {
		t.Fatalf("classic game: %v %v", err, vrules(g))
	}
}

// TestAIRevisedGame plays a whole game against the computer under the
// revised rules, chosen with the rules option: every action of the AI is
// accepted by the store under those rules, and the record says them.
func TestAIRevisedGame(t *testing.T) {
	e := newEnv(t, Config{})
	box := e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(41))})
	g, _ := playAI(t, e, box, 6, "rules=revised")
	if vrules(g) != veletas.Revised || !strings.HasPrefix(g.Record, "size=7 rules=revised") {
		t.Fatalf("rules %v, record %q", vrules(g), g.Record)
	}
	// Both setups (one of them the AI's, whichever side it took) keep the
	// shooters inside the board.
	st := vstate(g)
	for _, i := range []int{0, 2} {
		setup := st.Actions()[i]
		for _, sq := range setup.Shooters {
			if sq.File() == 0 || sq.Rank() == 0 || sq.File() == 6 || sq.Rank() == 6 {
				t.Fatalf("setup %s puts a shooter on the edge", setup)
			}
		}
	}
}

// TestRulesCommandRevised: /veletas rules describes the rules the rules
// option names, or else the server's default (classic in a direct
// message), in every language, each pointing to the other rule set;
// /veletas help tells how to choose the revised rules.
func TestRulesCommandRevised(t *testing.T) {
	e := newEnv(t, Config{})
	rulesIn := func(loc, guild string, opts ...string) Reply {
		t.Helper()
		req := e.req("carol", "rules", opts...)
		req.Locale, req.Guild = loc, guild
		return e.bot.Handle(t.Context(), req)
	}
	classic := map[string][2]string{ // a sentence of the classic rules, and the pointer to the revised ones
		"":   {"Shooters may never touch each other", "`/veletas rules rules:revised`"},
		"fr": {"Deux tireurs ne peuvent jamais se toucher", "Règles révisées : `/veletas rules rules:revised`."},
		"ja": {"シューター同士は縦・横・斜めのどの向きにも隣り合ってはいけません", "改訂ルール（配置でシューターを盤の端に置けない、石だけが妨げる）は `/veletas rules rules:revised` で。"},
	}
	revised := map[string][3]string{ // the title, the two differences, and the pointer to the classic rules
		"":   {"**Veletas, revised rules**", "**No shooter may go on the edge**", "**Shooters do not block**"},
		"fr": {"**Veletas, règles révisées**", "**Aucun tireur ne se pose au bord**", "**Les tireurs ne bloquent pas**"},
		"ja": {"**ベレタス・改訂ルール**", "**シューターは盤の端（最初と最後の段・列）には置けません**", "**シューターは妨げになりません**"},
	}
	checkClassic := func(r Reply, loc string) {
		t.Helper()
		if !r.Ephemeral || !strings.Contains(r.Text, classic[loc][0]) || !strings.Contains(r.Text, classic[loc][1]) ||
			strings.Contains(r.Text, revised[loc][1]) || utf8.RuneCountInString(r.Text) > 2000 {
			t.Errorf("classic rules in %q: %q", loc, r.Text)
		}
	}
	checkRevised := func(r Reply, loc string) {
		t.Helper()
		for _, w := range revised[loc] {
			if !strings.Contains(r.Text, w) {
				t.Errorf("revised rules in %q lack %q: %q", loc, w, r.Text)
			}
		}
		if !r.Ephemeral || !strings.Contains(r.Text, "`/veletas rules rules:classic`") || strings.Contains(r.Text, classic[loc][0]) ||
			utf8.RuneCountInString(r.Text) > 2000 {
			t.Errorf("revised rules in %q: %q", loc, r.Text)
		}
	}
	for _, loc := range []string{"", "fr", "ja"} {
		checkClassic(rulesIn(loc, e.guild), loc)
		checkClassic(rulesIn(loc, ""), loc) // a direct message
		checkRevised(rulesIn(loc, e.guild, "rules=revised"), loc)
		checkRevised(rulesIn(loc, "", "rules=Revised"), loc)
	}
	refused(t, rulesIn("", e.guild, "rules=house"), "`house` is not a rule set: use `classic` or `revised`.")
	refused(t, rulesIn("fr", e.guild, "rules=house"), "`house` n'est pas un jeu de règles : utilisez `classic` ou `revised`.")
	refused(t, rulesIn("ja", e.guild, "rules=house"), "`house` はルールの指定ではありません。")

	// On a server whose default is revised, the rules are the revised ones
	// unless asked for the classic ones.
	set := e.req("alice", "settings", "rules=revised")
	set.ManageServer = true
	public(t, e.bot.Handle(t.Context(), set))
	for _, loc := range []string{"", "fr", "ja"} {
		checkRevised(rulesIn(loc, e.guild), loc)
		checkClassic(rulesIn(loc, e.guild, "rules=classic"), loc)
	}
	// Fanorona's rules take no rules option.
	f := e.req("carol", "rules", "rules=revised")
	f.Game = "fanorona"
	refused(t, e.bot.Handle(t.Context(), f), "`/fanorona rules` takes no options, and `rules` is not one.")

	for loc, want := range map[string][]string{
		"":   {"`rules:revised` for the revised rules", "`/veletas rules` (`rules:revised` for the revised ones)"},
		"fr": {"`rules:revised` pour les règles révisées", "`/veletas rules` (`rules:revised` pour les révisées)"},
		"ja": {"`rules:revised` で改訂ルール", "`/veletas rules`（改訂ルールは `rules:revised`）"},
	} {
		req := e.req("carol", "help")
		req.Locale = loc
		h := e.bot.Handle(t.Context(), req)
		for _, w := range want {
			if !strings.Contains(h.Text, w) {
				t.Errorf("help in %q lacks %q: %q", loc, w, h.Text)
			}
		}
	}
}
