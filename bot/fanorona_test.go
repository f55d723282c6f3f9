package bot

import (
	"bytes"
	"context"
	"errors"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/fanorona"
	fai "github.com/veletasbot/veletas/game/fanorona/ai"
	fanoronarender "github.com/veletasbot/veletas/render/fanorona"
	"github.com/veletasbot/veletas/store"
)

// Handler tests of /fanorona: challenges, moves whole and step by step,
// every refusal of the move command, autocomplete, draws, the Véla offer,
// takebacks, claims, standings, stats, records, rules and the games list.

// fcmd runs /fanorona sub with options written "key=value".
func (e *env) fcmd(user, sub string, opts ...string) Reply {
	e.tb.Helper()
	req := e.req(user, sub, opts...)
	req.Game = "fanorona"
	return e.bot.Handle(context.Background(), req)
}

func (e *env) fcomplete(user, sub, focused string, opts ...string) []Choice {
	r := e.req(user, sub, opts...)
	r.Game, r.Type, r.Focused = "fanorona", TypeAutocomplete, focused
	return e.bot.Autocomplete(context.Background(), r)
}

// fgame is the channel's Fanorona game.
func (e *env) fgame() store.Game {
	e.tb.Helper()
	g, err := e.db.ActiveGame(e.tb.Context(), e.guild, e.chann)
	if err != nil || g.Kind != kindFanorona {
		e.tb.Fatalf("no Fanorona game: %v %+v", err, g)
	}
	return g
}

// startFanorona has alice (White) challenge bob and bob accept.
func (e *env) startFanorona(variant string) Reply {
	e.tb.Helper()
	ch := public(e.tb, e.fcmd("alice", "challenge", "opponent=bob", "side=white", "variant="+variant))
	return public(e.tb, e.press("bob", button(e.tb, ch, "Accept")))
}

// fanoronaImage checks that a reply carries a Fanorona board image of the
// renderer's size.
func fanoronaImage(tb testing.TB, r Reply) {
	tb.Helper()
	decodePNG(tb, r)
	if !strings.HasPrefix(r.Images[0].Name, "fanorona-") {
		tb.Fatalf("image %q is not a Fanorona board", r.Images[0].Name)
	}
	img, err := png.Decode(bytes.NewReader(r.Images[0].PNG))
	if err != nil {
		tb.Fatal(err)
	}
	if want := testFanorona(tb).Layout().Bounds(); img.Bounds() != want {
		tb.Fatalf("image bounds %v, want the Fanorona layout's %v", img.Bounds(), want)
	}
}

// playUntil plays random whole turns with /fanorona move path:… until
// the position satisfies ok, and returns it. It fails when the game ends
// first.
func (e *env) playUntil(seed uint64, ok func(p fanorona.Position) bool) fanorona.Position {
	e.tb.Helper()
	r := rand.New(rand.NewPCG(seed, 3))
	for i := 0; i < 400; i++ {
		g := e.fgame()
		pos := fmatch(g).Position()
		if ok(pos) {
			return pos
		}
		turns := pos.LegalTurns(nil)
		t := turns[r.IntN(len(turns))]
		fanoronaImage(e.tb, public(e.tb, e.fcmd(g.ToAct(), "move", "path="+t.String())))
	}
	e.tb.Fatal("no such position in 400 turns")
	return fanorona.Position{}
}

func captures(pos fanorona.Position) bool {
	for _, s := range pos.Steps(nil) {
		if s.Capture != fanorona.NoCapture {
			return true
		}
	}
	return false
}

// paikaSteps lists the steps of the side to move that capture nothing:
// legal when no capture exists, refused otherwise.
func paikaSteps(pos fanorona.Position) []fanorona.Step {
	var out []fanorona.Step
	for _, p := range pos.Pieces(pos.ToMove()).Points() {
		for d := fanorona.Dir(0); d < 8; d++ {
			q := fanorona.Neighbour(p, d)
			if q == fanorona.NoPoint || pos.Empty()&(1<<q) == 0 {
				continue
			}
			if _, err := pos.Step(fanorona.Step{From: p, To: q}); err == nil || !captures(pos) {
				out = append(out, fanorona.Step{From: p, To: q})
			} else {
				// A step that captures is refused without its letter;
				// keep only those that capture nothing either way.
				if _, errA := pos.Step(fanorona.Step{From: p, To: q, Capture: fanorona.Approach}); errA == nil {
					continue
				}
				if _, errW := pos.Step(fanorona.Step{From: p, To: q, Capture: fanorona.Withdrawal}); errW == nil {
					continue
				}
				out = append(out, fanorona.Step{From: p, To: q})
			}
		}
	}
	return out
}

func TestFanoronaChallengeRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	refused(t, e.fcmd("alice", "challenge", "opponent=bob", "variant=chess"), "`chess` is not a variant: use `fanorona` or `vela`")
	refused(t, e.fcmd("alice", "challenge", "opponent=bob", "side=green"), "`green` is not a side")
	refused(t, e.fcmd("alice", "challenge", "opponent=bob", "size=7"), "`/fanorona challenge` has no option `size`")
	refused(t, e.fcmd("alice", "move", "path=d2-e3A"), "no game in this channel")
	refused(t, e.fcmd("alice", "setup", "shooters=c5"), "I do not know `/fanorona setup`")
	if n, err := e.db.Challenges(t.Context(), e.guild, e.chann); err != nil || len(n) != 0 {
		t.Fatalf("a refused challenge was stored: %v %+v", err, n)
	}
	// A Véla challenge is unrated whatever rated says.
	ch := public(t, e.fcmd("alice", "challenge", "opponent=bob", "variant=vela", "side=black", "rated=true"))
	if !strings.Contains(ch.Plain(), "a game of Véla. <@bob> plays White and moves first. Unrated") {
		t.Fatalf("challenge: %q", ch.Plain())
	}
	if !strings.HasPrefix(button(t, ch, "Accept"), "fanorona:accept:") {
		t.Fatalf("buttons %+v", ch.Buttons)
	}
	// A Fanorona challenge's button pressed as a Veletas one is refused.
	forged := strings.Replace(button(t, ch, "Accept"), "fanorona:", "veletas:", 1)
	refused(t, e.press("bob", forged), "not one of mine")
	start := public(t, e.press("bob", button(t, ch, "Accept")))
	fanoronaImage(t, *start.Next)
	g := e.fgame()
	if g.Rated || fmatch(g).Game().Variant() != fanorona.Vela || fplayer(g, fanorona.White) != "bob" {
		t.Fatalf("Véla game: %+v", g)
	}
	if !strings.Contains(start.Next.Plain(), "Véla, first phase: White captures one piece per turn") || !hasMention(*start.Next, "bob") {
		t.Fatalf("start: %q", start.Next.Plain())
	}
}

// TestFanoronaMoveRefusals: every refusal of /fanorona move and stop, each
// changing nothing.
func TestFanoronaMoveRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	rev := e.fgame().Revision
	unchanged := func() {
		t.Helper()
		if g := e.fgame(); g.Revision != rev {
			t.Fatalf("a refusal changed the game: revision %d, was %d", g.Revision, rev)
		}
	}
	refused(t, e.fcmd("bob", "move", "path=c3-d2A"), "not your turn")
	refused(t, e.fcmd("carol", "move", "path=d2-e3A"), "You are not playing this game")
	refused(t, e.fcmd("alice", "move"), "Say what to play")
	refused(t, e.fcmd("alice", "move", "to=e3"), "Say which piece steps with `from:…`")
	refused(t, e.fcmd("alice", "move", "path=d2-e3A", "to=e3"), "either a whole turn")
	refused(t, e.fcmd("alice", "move", "path=d2-z9"), "`d2-z9` is not a turn")
	refused(t, e.fcmd("alice", "move", "from=d2", "to=j3"), "`j3` is not a point of the board")
	refused(t, e.fcmd("alice", "move", "from=d2", "to=e3", "capture=sideways"), "`sideways` is not a kind of capture")
	// Not your piece, no piece, occupied, not along a line.
	ruleRefusedAs(t, e.fcmd("alice", "move", "from=c3", "to=e3"), "+fanorona", RuleRefusal{Reason: "frule.notyours", Hint: "fhint.from", Squares: []string{"c3"}})
	ruleRefusedAs(t, e.fcmd("alice", "move", "from=f4", "to=e3"), "+fanorona", RuleRefusal{Reason: "frule.notyours", Hint: "fhint.from", Squares: []string{"f4"}})
	ruleRefusedAs(t, e.fcmd("alice", "move", "from=d2", "to=d3"), "+fanorona", RuleRefusal{Reason: "frule.occupied", Hint: "fhint.to", Squares: []string{"d3"}})
	ruleRefusedAs(t, e.fcmd("alice", "move", "from=e2", "to=d3"), "+fanorona", RuleRefusal{Reason: "frule.line", Hint: "fhint.to", Squares: []string{"e2-d3"}})
	// A capture the step does not make, in a path and as an option.
	ruleRefusedAs(t, e.fcmd("alice", "move", "path=e2-e3W"), "+fanorona", RuleRefusal{Reason: "frule.wrongletter", Hint: "fhint.wrongletter", Squares: []string{"e2-e3W"}})
	ruleRefusedAs(t, e.fcmd("alice", "move", "from=e2", "to=e3", "capture=withdrawal"), "+fanorona", RuleRefusal{Reason: "frule.wrongletter", Hint: "fhint.wrongletter", Squares: []string{"e2-e3W"}})
	// A step that captures both ways written without its letter in a path.
	ruleRefusedAs(t, e.fcmd("alice", "move", "path=d3-e3"), "+fanorona", RuleRefusal{Reason: "frule.letter", Hint: "fhint.letter", Squares: []string{"d3-e3A", "d3-e3W"}})
	ruleRefusedAs(t, e.fcmd("alice", "stop"), "+fanorona", RuleRefusal{Reason: "frule.nosequence", Hint: "fhint.stop"})
	unchanged()
	// The same refusal in French and Japanese.
	req := e.req("alice", "stop")
	req.Game, req.Locale = "fanorona", "fr"
	refused(t, e.bot.Handle(context.Background(), req), "aucune prise n'est en cours, il n'y a rien à arrêter")
	req.Locale = "ja"
	refused(t, e.bot.Handle(context.Background(), req), "取りの途中ではないので")
	unchanged()

	// Paika while a capture exists.
	pos := e.playUntil(1, func(p fanorona.Position) bool { return !p.InSequence() && captures(p) && len(paikaSteps(p)) > 0 })
	g := e.fgame()
	rev = g.Revision
	s := paikaSteps(pos)[0]
	compulsory := RuleRefusal{Reason: "frule.compulsory", Hint: "fhint.capture", Squares: []string{s.String()}}
	ruleRefusedAs(t, e.fcmd(g.ToAct(), "move", "from="+s.From.String(), "to="+s.To.String()), "+fanorona", compulsory)
	ruleRefusedAs(t, e.fcmd(g.ToAct(), "move", "path="+s.String()), "+fanorona", compulsory)
	unchanged()

	// A capture option on a paika (no capture exists at all).
	pos = e.playUntil(2, func(p fanorona.Position) bool { return !p.InSequence() && !captures(p) && len(p.Steps(nil)) > 0 })
	g = e.fgame()
	rev = g.Revision
	s = pos.Steps(nil)[0]
	wrong := RuleRefusal{Reason: "frule.wrongletter", Hint: "fhint.wrongletter", Squares: []string{s.String() + "A"}}
	ruleRefusedAs(t, e.fcmd(g.ToAct(), "move", "from="+s.From.String(), "to="+s.To.String(), "capture=approach"), "+fanorona", wrong)
	ruleRefusedAs(t, e.fcmd(g.ToAct(), "move", "path="+s.String()+"A"), "+fanorona", wrong)
	unchanged()
	// The paika itself is played, and the turn passes.
	r := public(t, e.fcmd(g.ToAct(), "move", "from="+s.From.String(), "to="+s.To.String()))
	fanoronaImage(t, r)
	if after := e.fgame(); after.ToAct() == g.ToAct() || fmatch(after).Game().Len() != fmatch(g).Game().Len()+1 {
		t.Fatalf("the paika did not end the turn: %+v", after)
	}
}

// TestFanoronaSequence plays a capture of several steps one step at a
// time: the sequence stays open, only its piece continues, a whole turn
// is refused, stop ends it, and the record holds the turn.
func TestFanoronaSequence(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	var long fanorona.Turn
	pos := e.playUntil(3, func(p fanorona.Position) bool {
		if p.InSequence() {
			return false
		}
		for _, t := range p.LegalTurns(nil) {
			if t.Len() > 1 {
				long = t
				return true
			}
		}
		return false
	})
	g := e.fgame()
	who := g.ToAct()
	first := long.Step(0)
	opts := []string{"from=" + first.From.String(), "to=" + first.To.String(), "capture=" + first.Capture.String()}
	r := public(t, e.fcmd(who, "move", opts...))
	fanoronaImage(t, r)
	if !strings.Contains(r.Plain(), "Last action: `"+first.String()+" …` by <@"+who+">") || !strings.Contains(r.Plain(), "your capture goes on") || !hasMention(r, who) {
		t.Fatalf("after the first step: %q", r.Plain())
	}
	g = e.fgame()
	if g.Open != first.String() || g.ToAct() != who {
		t.Fatalf("open %q, to act %q", g.Open, g.ToAct())
	}
	// The other player may not act; another piece may not continue; a
	// whole turn is refused; to is required.
	refused(t, e.fcmd(g.Opponent(who), "move", "to=a1"), "not your turn")
	var other fanorona.Point = fanorona.NoPoint
	for _, p := range pos.Pieces(pos.ToMove()).Points() {
		if p != first.From {
			other = p
			break
		}
	}
	second := long.Step(1)
	refused(t, e.fcmd(who, "move", "from="+other.String(), "to="+second.To.String()), "only it may continue, not `"+other.String()+"`")
	ruleRefusedAs(t, e.fcmd(who, "move", "path="+long.String()), "+fanorona", RuleRefusal{Reason: "frule.insequence", Hint: "fhint.sequence"})
	refused(t, e.fcmd(who, "move"), "Your capture is under way: continue with `to:…`")
	if e.fgame().Revision != g.Revision {
		t.Fatal("a refusal changed the game")
	}
	// Autocomplete during the sequence: no from, to among the
	// continuations.
	if c := e.fcomplete(who, "move", "from"); len(c) != 0 {
		t.Fatalf("from suggested during a sequence: %v", c)
	}
	tos := e.fcomplete(who, "move", "to")
	if !slices.ContainsFunc(tos, func(c Choice) bool { return c.Value == second.To.String() }) {
		t.Fatalf("to suggestions %v lack %s", tos, second.To)
	}
	// Continue with to (from implied), then stop unless the turn ended.
	r = public(t, e.fcmd(who, "move", "to="+second.To.String(), "capture="+second.Capture.String()))
	fanoronaImage(t, r)
	g = e.fgame()
	if g.Open != "" {
		if g.Open != first.String()+"-"+second.To.String()+second.Capture.Letter() {
			t.Fatalf("open %q", g.Open)
		}
		r = public(t, e.fcmd(who, "stop"))
		fanoronaImage(t, r)
		g = e.fgame()
	}
	two, _ := fanorona.NewTurn(first, second)
	if g.Open != "" || g.ToAct() == who || !strings.HasSuffix(strings.TrimSpace(g.Record), two.String()) {
		t.Fatalf("after the sequence: open %q, to act %q, record %q", g.Open, g.ToAct(), g.Record)
	}
	if !strings.Contains(r.Plain(), "Last action: `"+two.String()+"` by <@"+who+">") {
		t.Fatalf("last turn: %q", r.Plain())
	}
	rec := public(t, e.fcmd("carol", "record"))
	if !strings.Contains(rec.Plain(), "```\nvariant=fanorona\n") || !strings.Contains(rec.Plain(), two.String()+"\n```") {
		t.Fatalf("record: %q", rec.Plain())
	}
	if _, err := fanorona.ParseRecordString(strings.Split(rec.Plain(), "```")[1]); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
}

// TestFanoronaAmbiguousCapture: a step that captures both ways needs the
// capture option; with it, the chosen way is played.
func TestFanoronaAmbiguousCapture(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	var both fanorona.Step
	e.playUntil(4, func(p fanorona.Position) bool {
		if p.InSequence() {
			return false
		}
		seen := map[[2]fanorona.Point]int{}
		for _, s := range p.Steps(nil) {
			if s.Capture != fanorona.NoCapture {
				seen[[2]fanorona.Point{s.From, s.To}]++
				if seen[[2]fanorona.Point{s.From, s.To}] == 2 {
					both = s
					return true
				}
			}
		}
		return false
	})
	who := e.fgame().ToAct()
	refused(t, e.fcmd(who, "move", "from="+both.From.String(), "to="+both.To.String()), "captures both ways: add `capture:approach` or `capture:withdrawal`")
	caps := e.fcomplete(who, "move", "capture", "from="+both.From.String(), "to="+both.To.String())
	if len(caps) != 2 || caps[0].Value == caps[1].Value {
		t.Fatalf("capture suggestions %v", caps)
	}
	public(t, e.fcmd(who, "move", "from="+both.From.String(), "to="+both.To.String(), "capture=withdrawal"))
}

func TestFanoronaAutocomplete(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	paths := e.fcomplete("alice", "move", "path")
	want := []string{"d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"}
	var got []string
	for _, c := range paths {
		got = append(got, c.Value)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("path suggestions %v, want %v", got, want)
	}
	if c := e.fcomplete("alice", "move", "path", "path=D3"); len(c) != 2 {
		t.Fatalf("path suggestions for D3: %v", c)
	}
	from := e.fcomplete("alice", "move", "from")
	got = got[:0]
	for _, c := range from {
		got = append(got, c.Value)
	}
	slices.Sort(got)
	if !slices.Equal(got, []string{"d2", "d3", "e2", "f2"}) {
		t.Fatalf("from suggestions %v", got)
	}
	if c := e.fcomplete("alice", "move", "to", "from=d3"); len(c) != 1 || c[0].Value != "e3" {
		t.Fatalf("to suggestions %v", c)
	}
	if c := e.fcomplete("alice", "move", "capture", "from=d3", "to=e3"); len(c) != 2 {
		t.Fatalf("capture suggestions %v", c)
	}
	if c := e.fcomplete("bob", "move", "path"); len(c) != 0 {
		t.Fatalf("suggestions for the player not to move: %v", c)
	}
	// Mid-game: never more than 25, each a legal turn.
	e.playUntil(5, func(p fanorona.Position) bool { return len(p.LegalTurns(nil)) > MaxChoices })
	g := e.fgame()
	paths = e.fcomplete(g.ToAct(), "move", "path")
	if len(paths) != MaxChoices {
		t.Fatalf("%d path suggestions", len(paths))
	}
	for _, c := range paths {
		if _, err := fmatch(g).Position().ApplyToken(c.Value); err != nil {
			t.Fatalf("suggested %q: %v", c.Value, err)
		}
	}
}

// TestFanoronaDraw: a draw offer answered with its buttons; the accepted
// draw ends the rated game, counted as a draw in the standings.
func TestFanoronaDraw(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	refused(t, e.fcmd("carol", "draw"), "You are not playing this game")
	off := public(t, e.fcmd("alice", "draw"))
	if !strings.Contains(off.Plain(), "<@bob>, <@alice> offers a draw") || !hasMention(off, "bob") {
		t.Fatalf("offer: %q", off.Plain())
	}
	refused(t, e.press("alice", button(t, off, "Accept")), "You made this draw offer")
	no := e.press("bob", button(t, off, "Decline"))
	if !no.Update || !strings.Contains(no.Plain(), "<@bob> declined <@alice>'s draw offer") {
		t.Fatalf("decline: %+v", no)
	}
	if e.fgame().Over() {
		t.Fatal("a declined draw ended the game")
	}
	refused(t, e.press("bob", button(t, off, "Accept")), "no longer open")
	// A move withdraws an offer.
	off = public(t, e.fcmd("bob", "draw"))
	public(t, e.fcmd("alice", "move", "path=d2-e3A"))
	refused(t, e.press("alice", button(t, off, "Accept")), "no longer open")
	off = public(t, e.fcmd("alice", "draw"))
	yes := e.press("bob", button(t, off, "Accept"))
	if !yes.Update || yes.Next == nil || !strings.Contains(yes.Next.Plain(), "**The game is drawn** by agreement.") {
		t.Fatalf("accept: %+v", yes)
	}
	fanoronaImage(t, *yes.Next)
	st := public(t, e.fcmd("carol", "standings"))
	if !strings.Contains(st.Plain(), "Fanorona standings") || !strings.Contains(st.Plain(), "<@alice>: 1500 ± 290, 0 W, 0 L, 1 D") {
		t.Fatalf("standings: %q", st.Plain())
	}
	if v := e.cmd("carol", "standings"); !strings.Contains(v.Plain(), "No rated game has finished on this server yet") {
		t.Fatalf("a Fanorona draw in Veletas's standings: %q", v.Plain())
	}
	stats := public(t, e.fcmd("alice", "stats"))
	if !strings.Contains(stats.Plain(), "0 W, 0 L, 1 D in 1 game") || !strings.Contains(stats.Plain(), "drew with <@bob> (Fanorona, agreement") {
		t.Fatalf("stats: %q", stats.Plain())
	}
	if v := public(t, e.cmd("alice", "stats")); strings.Contains(v.Plain(), "drew") || !strings.Contains(v.Plain(), "No finished game") {
		t.Fatalf("a Fanorona game in alice's Veletas stats: %q", v.Plain())
	}
	rec := public(t, e.fcmd("alice", "record"))
	if !strings.Contains(rec.Plain(), "drawn (agreement)") {
		t.Fatalf("record: %q", rec.Plain())
	}
}

// TestFanoronaVelaOffer: after a Fanorona game its loser offers the
// winner a Véla game with the Véla button, with the loser White; the
// winner accepts it as a rematch and the game is unrated.
func TestFanoronaVelaOffer(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	public(t, e.fcmd("alice", "move", "path=d2-e3A"))
	end := public(t, e.fcmd("bob", "resign"))
	fanoronaImage(t, end)
	if !strings.Contains(end.Plain(), "**<@alice> wins** by resignation of <@bob>") {
		t.Fatalf("end: %q", end.Plain())
	}
	var labels []string
	for _, b := range end.Buttons {
		labels = append(labels, b.Label)
	}
	if !slices.Equal(labels, []string{"Record", "Rematch", "Véla"}) {
		t.Fatalf("final buttons %v", labels)
	}
	// The replay follows the final message.
	if end.Later == nil {
		t.Fatal("no replay")
	}
	rp, err := end.Later()
	if err != nil || len(rp.Images) != 1 || !strings.HasSuffix(rp.Images[0].Name, ".gif") {
		t.Fatalf("replay: %v %+v", err, rp)
	}
	if _, err := gif.DecodeAll(bytes.NewReader(rp.Images[0].PNG)); err != nil {
		t.Fatal(err)
	}
	vela := button(t, end, "Véla")
	refused(t, e.press("alice", vela), "only they can press this button")
	refused(t, e.press("carol", vela), "only they can press this button")
	off := e.press("bob", vela)
	if !off.Update || off.Next == nil || !strings.Contains(off.Next.Plain(), "<@alice>, as tradition has it, <@bob>, who lost game 1, offers you a game of Véla: <@bob> plays White") {
		t.Fatalf("offer: %+v", off)
	}
	refused(t, e.press("bob", vela), "offered a rematch already")
	acc := public(t, e.press("alice", button(t, *off.Next, "Accept")))
	g := e.fgame()
	if fmatch(g).Game().Variant() != fanorona.Vela || fplayer(g, fanorona.White) != "bob" || g.Rated || g.ToAct() != "bob" {
		t.Fatalf("Véla game: %+v", g)
	}
	fanoronaImage(t, *acc.Next)
	// A Véla game ends without a Véla button, unrated.
	end = public(t, e.fcmd("alice", "resign"))
	if !strings.Contains(end.Plain(), "**<@bob> wins** by resignation of <@alice>! The game was not rated") {
		t.Fatalf("Véla end: %q", end.Plain())
	}
	for _, b := range end.Buttons {
		if b.Label == "Véla" {
			t.Fatal("a Véla game offers Véla")
		}
	}
	if l, _ := e.db.Standings(t.Context(), kindFanorona, e.guild); len(l) != 2 || l[0].Games+l[1].Games != 2 {
		t.Fatalf("the Véla game was rated: %+v", l)
	}
}

func TestFanoronaTakebackClaimAndGames(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	refused(t, e.fcmd("alice", "takeback"), "only your own last turn")
	public(t, e.fcmd("alice", "move", "path=d2-e3A"))
	ask := public(t, e.fcmd("alice", "takeback"))
	r := e.press("bob", button(t, ask, "Accept"))
	if r.Next == nil || fmatch(e.fgame()).Game().Len() != 0 || e.fgame().ToAct() != "alice" {
		t.Fatalf("takeback: %+v", r)
	}
	fanoronaImage(t, *r.Next)
	// A Veletas game in another channel and this one in the games list.
	e.chann = "c2"
	e.startGame("7")
	e.chann = "c1"
	list := e.fcmd("bob", "games")
	if !strings.Contains(list.Plain(), "Fanorona vs <@alice>") || !strings.Contains(list.Plain(), "7x7 vs <@alice>") {
		t.Fatalf("games: %q", list.Plain())
	}
	// A Veletas command in the Fanorona game's channel is refused.
	refused(t, e.cmd("alice", "move", "shooter=c4", "shoot=c6"), "use `/fanorona move`")
	e.chann = "c2"
	refused(t, e.fcmd("alice", "move", "path=d2-e3A"), "use `/veletas move`")
	e.chann = "c1"
	// Claim on time: 3 days per move by default.
	refused(t, e.fcmd("bob", "claim"), "has not run out")
	e.clock.Add(4 * 24 * 60 * 60 * 1e9)
	w := public(t, e.fcmd("bob", "claim"))
	if !strings.Contains(w.Plain(), "**<@bob> wins** on time") {
		t.Fatalf("claim: %q", w.Plain())
	}
	fanoronaImage(t, w)
	s, err := e.db.Standing(t.Context(), kindFanorona, e.guild, "bob")
	if err != nil || s.Wins != 1 {
		t.Fatalf("bob's standing: %v %+v", err, s)
	}
}

func TestFanoronaRulesAndHelp(t *testing.T) {
	e := newEnv(t, Config{})
	for loc, want := range map[string][]string{
		"":   {"**Véla.**", "one piece per turn", "five pieces or fewer", "Capture is compulsory"},
		"ja": {"**ヴェラ。**", "1手に**1個だけ**", "5個以下"},
		"fr": {"**Véla.**", "une pièce par tour", "cinq pièces ou moins"},
	} {
		for _, sub := range []string{"rules", "help"} {
			req := e.req("alice", sub)
			req.Game, req.Locale = "fanorona", loc
			r := e.bot.Handle(context.Background(), req)
			if !r.Ephemeral || strings.Contains(r.Plain(), "/veletas") {
				t.Fatalf("%s %s: %q", loc, sub, r.Plain())
			}
			if sub == "rules" {
				for _, w := range want {
					if !strings.Contains(r.Plain(), w) {
						t.Fatalf("%s rules lack %q: %q", loc, w, r.Plain())
					}
				}
			}
		}
	}
	// Shared refusals name /fanorona's commands.
	if r := e.fcmd("alice", "board"); !strings.Contains(r.Plain(), "`/fanorona challenge opponent:@someone`") {
		t.Fatalf("no game: %q", r.Plain())
	}
}

// TestFanoronaAI: naming the bot starts a game against the computer at
// once; with the human as Black the computer moves first, after the
// reply is out, and its turns are posted.
func TestFanoronaAI(t *testing.T) {
	e := newEnv(t, Config{})
	box := e.startAI(AIConfig{Workers: 1, NewPlayer: fanoronaPlayers(func(l fai.Level, g store.Game) FanoronaActor {
		o := l.Options()
		o.Time, o.Seed = 0, g.ID
		return fai.New(o)
	})})
	r := e.fcmd("alice", "challenge", "opponent="+aiName, "level=easy", "side=black", "variant=vela")
	if r.Ephemeral || !strings.Contains(r.Plain(), "plays against me, the computer (easy)") || !strings.Contains(r.Plain(), "is thinking") {
		t.Fatalf("start: %q", r.Plain())
	}
	fanoronaImage(t, r)
	runAfter(r)
	post := box.wait(t)
	fanoronaImage(t, post.Reply)
	g := e.fgame()
	if g.AI != aiName || g.ToAct() != "alice" || fmatch(g).Game().Len() != 1 || !strings.Contains(post.Reply.Plain(), "<@alice>, your turn (Black)") {
		t.Fatalf("after the computer's first turn: %+v %q", g, post.Reply.Plain())
	}
	refused(t, e.fcmd("alice", "draw"), "does not take draw offers")
	refused(t, e.fcmd("alice", "takeback"), "does not take back")
	// A few turns of alice, each answered.
	rnd := rand.New(rand.NewPCG(6, 6))
	for i := 0; i < 5 && !e.fgame().Over(); i++ {
		turns := fmatch(e.fgame()).Position().LegalTurns(nil)
		r := public(t, e.fcmd("alice", "move", "path="+turns[rnd.IntN(len(turns))].String()))
		runAfter(r)
		if g := e.fgame(); !g.Over() && g.ToAct() == aiName {
			post := box.wait(t)
			fanoronaImage(t, post.Reply)
		}
	}
	if e.fgame().ToAct() != "alice" {
		t.Fatalf("to act: %q", e.fgame().ToAct())
	}
	end := public(t, e.fcmd("alice", "resign"))
	if !strings.Contains(end.Plain(), "Games against the computer do not count") {
		t.Fatalf("end: %q", end.Plain())
	}
	// The rematch starts at once with the sides swapped.
	re := e.press("alice", button(t, end, "Rematch"))
	runAfter(re)
	if g := e.fgame(); fmatch(g).Game().Variant() != fanorona.Vela || fplayer(g, fanorona.White) != "alice" || g.ToAct() != "alice" {
		t.Fatalf("rematch: %+v", g)
	}
}

// TestFanoronaOpenChallenge: an open challenge with the challenger as
// Black is accepted by anyone, who plays White and moves first; the
// rematch offer is a Fanorona challenge with the sides swapped.
func TestFanoronaOpenChallenge(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.fcmd("alice", "challenge", "side=black"))
	if !strings.Contains(ch.Plain(), "<@alice> challenges anyone to a game of Fanorona, playing Black (whoever accepts plays White and moves first).") {
		t.Fatalf("open challenge: %q", ch.Plain())
	}
	refused(t, e.press("alice", button(t, ch, "Accept")), "You made this challenge")
	public(t, e.press("carol", button(t, ch, "Accept")))
	g := e.fgame()
	if fplayer(g, fanorona.White) != "carol" || fplayer(g, fanorona.Black) != "alice" || g.ToAct() != "carol" || !g.Rated {
		t.Fatalf("game: %+v", g)
	}
	end := public(t, e.fcmd("alice", "resign"))
	re := e.press("alice", button(t, end, "Rematch"))
	if re.Next == nil || !strings.Contains(re.Next.Plain(), "offers a rematch of game 1 (Fanorona); <@alice> plays White") {
		t.Fatalf("rematch: %+v", re)
	}
	public(t, e.press("carol", button(t, *re.Next, "Accept")))
	if g := e.fgame(); fplayer(g, fanorona.White) != "alice" || g.ID == 1 {
		t.Fatalf("rematch game: %+v", g)
	}
}

// TestFanoronaSweep: the sweep of time limits reminds the player to move
// in a Fanorona game and tells the opponent when the time is up, naming
// /fanorona's claim; the notices are recorded once delivered.
func TestFanoronaSweep(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.fcmd("alice", "challenge", "opponent=bob", "side=white", "time=1d"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	e.clock.Add(20 * 60 * 60 * 1e9) // 20 h of 24: the reminder
	posts := e.bot.Sweep(t.Context(), e.clock.Now())
	if len(posts) != 1 || !strings.Contains(posts[0].Reply.Plain(), "<@alice>, a reminder: your move in game 1") {
		t.Fatalf("reminder: %+v", posts)
	}
	e.bot.Delivered(t.Context(), posts[0])
	if again := e.bot.Sweep(t.Context(), e.clock.Now()); len(again) != 0 {
		t.Fatalf("reminded twice: %+v", again)
	}
	e.clock.Add(5 * 60 * 60 * 1e9)
	posts = e.bot.Sweep(t.Context(), e.clock.Now())
	if len(posts) != 1 || !strings.Contains(posts[0].Reply.Plain(), "`/fanorona claim`") {
		t.Fatalf("time up: %+v", posts)
	}
	w := public(t, e.fcmd("bob", "claim"))
	if !strings.Contains(w.Plain(), "**<@bob> wins** on time") {
		t.Fatalf("claim: %q", w.Plain())
	}
}

// A path may leave out the capture letter of a step that captures one way
// only, as the step form may leave out the capture option; a step that
// captures both ways still needs it.
func TestFanoronaPathWithoutLetters(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	ruleRefusedAs(t, e.fcmd("alice", "move", "path=d3-e3"), "+fanorona", RuleRefusal{Reason: "frule.letter", Hint: "fhint.letter", Squares: []string{"d3-e3A", "d3-e3W"}})
	if g := e.fgame(); strings.TrimSpace(g.Record) != "variant=fanorona" && strings.Contains(g.Record, "d3-e3") {
		t.Fatalf("a refused path was recorded: %q", g.Record)
	}
	public(t, e.fcmd("alice", "move", "path=e2-e3"))
	if g := e.fgame(); !strings.HasSuffix(strings.TrimSpace(g.Record), "e2-e3A") {
		t.Fatalf("record %q, want it to end with e2-e3A", g.Record)
	}
}

// TestFanoronaPathRefusedHint: a whole turn refused at a later step
// played nothing, so its refusal says to write the turn again, not to
// continue a sequence or stop (a step refused during a sequence still
// does: TestFanoronaSequence).
func TestFanoronaPathRefusedHint(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	rev := e.fgame().Revision
	r := e.fcmd("alice", "move", "path=d2-e3A-d2W")
	ruleRefusedAs(t, r, "+fanorona", RuleRefusal{Reason: "frule.revisit", Hint: "fhint.path", Squares: []string{"e3-d2W"}})
	refused(t, r, "Not allowed: the piece may not come back to a point it has been on during this turn (`e3-d2W`). Write the whole turn again from its first step (the `path` option suggests the legal turns as you type), or play it step by step with `from:…` and `to:…`. Nothing was changed.")
	if want := tr("+fanorona", "fhint.path"); !strings.Contains(r.Text, want) || strings.Contains(r.Text, "/fanorona stop") {
		t.Fatalf("refusal %q: want the hint fhint.path %q and no sequence to stop", r.Text, want)
	}
	fr := e.in("fanorona", "fr", "alice", "move", "path=d2-e3A-d2W")
	refused(t, fr, "Coup interdit : la pièce ne peut pas revenir sur un point déjà occupé pendant ce tour (`e3-d2W`). Écrivez de nouveau le tour entier depuis son premier pas (l'option `path` propose les tours légaux pendant la saisie), ou jouez-le pas à pas avec `from:…` et `to:…`. Rien n'a été modifié.")
	ja := e.in("fanorona", "ja", "alice", "move", "path=d2-e3A-d2W")
	refused(t, ja, "その手は指せません：この手番で通った点には戻れません（`e3-d2W`）。手番全体を最初の一歩から書き直すか（`path` は入力中に合法手を候補に出します）、`from:…` と `to:…` で一歩ずつ指してください。何も変更されていません。")
	if g := e.fgame(); g.Revision != rev || g.Open != "" {
		t.Fatalf("a refused path changed the game: %+v", g)
	}
}

// TestFanoronaDrawOffersDoNotPileUp: a second offer by the same player is
// refused, pointing to the open one; an offer by the other player while
// one is open accepts it and ends the game drawn.
func TestFanoronaDrawOffersDoNotPileUp(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	off := public(t, e.fcmd("alice", "draw"))
	g := e.fgame()
	refusedAs(t, e.fcmd("alice", "draw"), "+fanorona", "draw.already", "<@bob>")
	refused(t, e.fcmd("alice", "draw"), "You offered a draw already: it is up to <@bob> to accept or decline it with the buttons of your offer. Any move withdraws it.")
	refused(t, e.in("fanorona", "fr", "alice", "draw"), "Vous avez déjà proposé la nulle : c'est à <@bob> de l'accepter ou de la refuser avec les boutons de votre offre. Tout coup joué la retire.")
	refused(t, e.in("fanorona", "ja", "alice", "draw"), "引き分けはすでに提案してあります。提案のボタンで受けるか断るかは <@bob> さん次第です。")
	if after := e.fgame(); after.Revision != g.Revision || after.DrawBy != "alice" || after.DrawRev != g.DrawRev {
		t.Fatalf("a second offer changed the game: %+v", after)
	}
	// bob offers while alice's offer is open: he accepts it.
	acc := public(t, e.fcmd("bob", "draw"))
	if len(acc.Buttons) != 0 && acc.Buttons[0].Label == "Accept" || !strings.Contains(acc.Plain(), "<@bob> accepted <@alice>'s draw offer.") ||
		!strings.Contains(acc.Plain(), "**The game is drawn** by agreement.") || !hasMention(acc, "alice") {
		t.Fatalf("bob's offer did not accept alice's: %+v", acc)
	}
	if _, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); !errors.Is(err, store.ErrNoGame) {
		t.Fatalf("the game is still active: %v", err)
	}
	if f, err := e.db.LastFinishedGame(t.Context(), e.guild, e.chann); err != nil || f.Reason != store.ReasonAgreed || f.Winner != "" {
		t.Fatalf("finished game: %v %+v", err, f)
	}
	refused(t, e.press("bob", button(t, off, "Accept")), "no longer open")
}

// TestFanoronaTakebackInSequence: a takeback asked during one's own
// capture sequence says what is true (takebacks undo whole turns: finish
// or stop the sequence first) and changes nothing; once the turn is over
// it may be asked.
func TestFanoronaTakebackInSequence(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("")
	var long fanorona.Turn
	e.playUntil(3, func(p fanorona.Position) bool {
		for _, t := range p.LegalTurns(nil) {
			if t.Len() > 1 && !p.InSequence() {
				long = t
				return true
			}
		}
		return false
	})
	who := e.fgame().ToAct()
	first := long.Step(0)
	public(t, e.fcmd(who, "move", "from="+first.From.String(), "to="+first.To.String(), "capture="+first.Capture.String()))
	g := e.fgame()
	if g.Open == "" {
		t.Fatalf("no sequence under way: %+v", g)
	}
	refusedAs(t, e.fcmd(who, "takeback"), "+fanorona", "takeback.insequence")
	refused(t, e.fcmd(who, "takeback"), "Your capture is under way, and a takeback undoes whole turns only: continue it with `/fanorona move to:…` or end your turn with `/fanorona stop`, then you may ask to take that turn back until your opponent moves. Nothing was changed.")
	refused(t, e.in("fanorona", "fr", who, "takeback"), "Votre prise est en cours, et une reprise n'annule que des tours entiers : poursuivez-la avec `/fanorona move to:…` ou finissez votre tour avec `/fanorona stop`")
	refused(t, e.in("fanorona", "ja", who, "takeback"), "取りの途中です。取り消せるのは手番全体だけです。")
	if after := e.fgame(); after.Revision != g.Revision || after.Open != g.Open || after.TakebackBy != "" {
		t.Fatalf("the refusal changed the game: %+v", after)
	}
	public(t, e.fcmd(who, "stop"))
	ask := public(t, e.fcmd(who, "takeback"))
	if !strings.Contains(ask.Plain(), "asks to take back their last turn") {
		t.Fatalf("takeback after the turn: %q", ask.Plain())
	}
}

// TestFanoronaBoardInTheReadersLanguage: the board image's strip is drawn
// in the language of the reply (the Look), so /fanorona board in French
// is render's French image of the same scene, not its English one.
func TestFanoronaBoardInTheReadersLanguage(t *testing.T) {
	e := newEnv(t, Config{})
	e.startFanorona("fanorona")
	board := func(loc string) []byte {
		req := e.req("carol", "board")
		req.Game, req.Locale = "fanorona", loc
		r := e.bot.Handle(context.Background(), req)
		fanoronaImage(t, r)
		return r.Images[0].PNG
	}
	en, fr := board("en"), board("fr")
	if bytes.Equal(en, fr) {
		t.Fatal("the French board is the English one")
	}
	var want bytes.Buffer
	if err := testFanorona(t).PNG(&want, fanoronarender.Scene{Position: fmatch(e.fgame()).Game().Position(), Lang: "fr"}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fr, want.Bytes()) {
		t.Fatal("the French board is not render's French image of the position")
	}
}
