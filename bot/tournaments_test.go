package bot

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/tournament"
)

// tcmd runs /tournament sub as user (who may manage the server when
// manage).
func (e *env) tcmd(user string, manage bool, sub string, opts ...string) Reply {
	e.tb.Helper()
	req := e.req(user, sub, opts...)
	req.Game, req.ManageServer = TournamentCommand, manage
	return e.bot.Handle(context.Background(), req)
}

// tsweep sweeps at the clock's time and returns the posts.
func (e *env) tsweep() []Post {
	posts := e.bot.Sweep(context.Background(), e.clock.Now())
	for _, p := range posts {
		e.bot.Delivered(context.Background(), p)
	}
	return posts
}

// randomAction plays a random legal action of the side to act in s.
func randomAction(rng *rand.Rand, r game.Rules, s game.State) (game.State, error) {
	p, ok := r.(game.Pickable)
	if !ok {
		return nil, fmt.Errorf("%s is not pickable", r.Kind())
	}
	var chosen []string
	for {
		st, err := game.Pick(p, s, chosen)
		if err != nil {
			return nil, err
		}
		if st.Done() {
			return p.Act(s, st.Action)
		}
		chosen = append(chosen, st.Options[rng.IntN(len(st.Options))].Value)
	}
}

// playRandomly plays up to n random actions in the tournament games of
// round that are active, through the store (the engines pick them).
func (e *env) playRandomly(rng *rand.Rand, tid uint64, n int) {
	e.tb.Helper()
	ctx := context.Background()
	for range n {
		gs, err := e.db.ActiveGames(ctx, e.guild)
		if err != nil {
			e.tb.Fatal(err)
		}
		for _, g := range gs {
			if g.Tournament != tid || g.Over() {
				continue
			}
			rules := reg().byKind[g.Kind].Rules()
			_, err := e.db.Act(ctx, g.Guild, g.Channel, g.ToAct(), g.Revision, g.Kind, func(s game.State) (game.State, error) {
				return randomAction(rng, rules, s)
			})
			if err != nil {
				e.tb.Fatalf("game %d: %v", g.ID, err)
			}
		}
	}
}

// endGame ends the active game in thread: a random player resigns
// through the bot. It returns the reply.
func (e *env) endGame(rng *rand.Rand, g store.Game) Reply {
	e.tb.Helper()
	who := g.Players[rng.IntN(2)]
	req := e.req(who, "resign")
	req.Channel, req.Game = g.Channel, string(g.Kind)
	r := e.bot.Handle(context.Background(), req)
	if r.Ephemeral {
		e.tb.Fatalf("resign in %s refused: %s", g.Channel, r.Plain())
	}
	return r
}

// roundGames are the active games of tournament tid.
func (e *env) roundGames(tid uint64) []store.Game {
	gs, err := e.db.ActiveGames(context.Background(), e.guild)
	if err != nil {
		e.tb.Fatal(err)
	}
	var out []store.Game
	for _, g := range gs {
		if g.Tournament == tid {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b store.Game) int { return strings.Compare(a.Channel, b.Channel) })
	return out
}

// pairingsCards counts the pairings cards among posts.
func pairingsCards(posts []Post) int {
	n := 0
	for _, p := range posts {
		for _, em := range p.Reply.Embeds {
			if strings.Contains(em.Title, ": round ") {
				n++
			}
		}
	}
	return n
}

// finalOf returns the final standings post among posts, if any.
func finalOf(posts []Post) (Post, bool) {
	for _, p := range posts {
		if strings.Contains(p.Reply.Text, "is over:") && len(p.Reply.Images) == 1 {
			return p, true
		}
	}
	return Post{}, false
}

// createAndJoin announces a tournament by "org" and makes the players
// join with the Join button; it returns the tournament's ID.
func (e *env) createAndJoin(players []string, opts ...string) uint64 {
	e.tb.Helper()
	ann := public(e.tb, e.tcmd("org", true, "create", opts...))
	join := button(e.tb, ann, "Join")
	for i, p := range players {
		r := public(e.tb, e.press(p, join))
		if !r.Update || !strings.Contains(r.Embeds[0].Description, fmt.Sprintf("Players (%d)", i+1)) || !strings.Contains(r.Embeds[0].Description, Mention(p)) {
			e.tb.Fatalf("join by %s: the announcement is not updated: %+v", p, r)
		}
	}
	ts, err := e.db.Tournaments(context.Background(), e.guild)
	if err != nil || len(ts) == 0 {
		e.tb.Fatal(ts, err)
	}
	return ts[len(ts)-1].ID
}

// TestTournamentSwissSeven plays a Swiss tournament of 7 players in 4
// rounds to its final standings: a bye every round, a withdrawal in round
// 3, a game lost on time (claimed) in round 2; the games are played by
// random legal actions and ended by a resignation.
func TestTournamentSwissSeven(t *testing.T) {
	e := newEnv(t, Config{})
	rng := rand.New(rand.NewPCG(7, 24))
	players := []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7"}
	tid := e.createAndJoin(players, "game="+reg().list[0].command, "format=swiss", "rounds=4", "time=1d", "players=7")
	var all []Post
	var byes []string
	for round := 1; round <= 4; round++ {
		posts := e.tsweep()
		all = append(all, posts...)
		if n := pairingsCards(posts); n != 1 {
			t.Fatalf("round %d: %d pairings cards, want 1: %+v", round, n, posts)
		}
		tt, err := e.db.Tournament(context.Background(), tid)
		if err != nil {
			t.Fatal(err)
		}
		if tt.Round() != round {
			t.Fatalf("round %d paired as %d", round, tt.Round())
		}
		for _, p := range tt.Pairings(round) {
			if p.IsBye() {
				byes = append(byes, p.White)
			}
		}
		if again := e.tsweep(); pairingsCards(again) != 0 {
			t.Fatalf("round %d paired twice", round)
		}
		e.playRandomly(rng, tid, 4)
		gs := e.roundGames(tid)
		if want := 3; len(gs) != want { // 7 players: 3 games and a bye
			t.Fatalf("round %d: %d games, want %d", round, len(gs), want)
		}
		switch round {
		case 2: // the first game is lost on time: its player to act lets the time run out
			late := gs[0]
			gs = gs[1:]
			for _, g := range gs {
				e.endGame(rng, g)
			}
			e.clock.Add(25 * time.Hour)
			e.tsweep() // the time-up notices
			req := e.req(late.Opponent(late.ToAct()), "claim")
			req.Channel, req.Game = late.Channel, string(late.Kind)
			r := e.bot.Handle(context.Background(), req)
			if r.Ephemeral || !strings.Contains(r.Plain(), "on time") {
				t.Fatalf("claim: %s", r.Plain())
			}
			continue
		case 3: // p1 withdraws: their game is forfeited
			r := public(t, e.tcmd("p1", false, "leave"))
			if !strings.Contains(r.Text, "withdrew") {
				t.Fatalf("leave: %s", r.Text)
			}
			gs = e.roundGames(tid)
		}
		var last Reply
		for _, g := range gs {
			last = e.endGame(rng, g)
		}
		if round == 4 {
			all = append(all, last.Posts...)
		}
	}
	tt, err := e.db.Tournament(context.Background(), tid)
	if err != nil {
		t.Fatal(err)
	}
	if tt.Status != store.TournamentFinished {
		t.Fatalf("status %s after round 4", tt.Status)
	}
	// 7 players: a bye in rounds 1 to 3, each to another player; after
	// the withdrawal in round 3, 6 players: none in round 4.
	if len(byes) != 3 || len(slices.Compact(slices.Sorted(slices.Values(byes)))) != 3 {
		t.Fatalf("byes %v: want one a round in rounds 1 to 3, to three players", byes)
	}
	final, ok := finalOf(all)
	if !ok {
		t.Fatalf("no final standings posted")
	}
	st := tournament.Standings(tt.State)
	if !strings.Contains(final.Reply.Text, Mention(st[0].ID)+" wins") {
		t.Fatalf("final %q does not name the winner %s", final.Reply.Text, st[0].ID)
	}
	desc := final.Reply.Embeds[0].Description
	for _, s := range st {
		if !strings.Contains(desc, Mention(s.ID)) {
			t.Fatalf("standings lack %s: %s", s.ID, desc)
		}
	}
	if !strings.Contains(desc, "(withdrew)") {
		t.Fatalf("the withdrawal is not shown: %s", desc)
	}
	var forfeit, timeout bool
	games, err := e.db.FinishedGames(context.Background(), e.guild, "", 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		forfeit = forfeit || g.Tournament == tid && g.Reason == store.ReasonForfeit
		timeout = timeout || g.Tournament == tid && g.Reason == store.ReasonTimeout
	}
	if !forfeit || !timeout {
		t.Fatalf("forfeit %v, timeout %v: want both among the tournament's games", forfeit, timeout)
	}
	e.writeOut(t, "swiss7", final, tid)
}

// writeOut checks that the crosstable follows the server's theme (the
// final post's image in the light theme, /tournament standings after
// the server chose dark with a darker background), and writes both
// images and the embed to TOURNAMENT_OUT, when set, to look at.
func (e *env) writeOut(t *testing.T, name string, p Post, tid uint64) {
	t.Helper()
	if _, err := e.db.UpdateSettings(context.Background(), e.guild, func(s *store.Settings) error {
		s.Values = map[string]string{ThemeSetting: "dark"}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	dark := public(t, e.tcmd("x", false, "standings", fmt.Sprintf("id=%d", tid)))
	if len(dark.Images) != 1 {
		t.Fatalf("standings without a crosstable: %+v", dark)
	}
	luma := func(b []byte) uint32 {
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		r, g, bl, _ := img.At(img.Bounds().Min.X+1, img.Bounds().Min.Y+1).RGBA()
		return r + g + bl
	}
	if l, d := luma(p.Reply.Images[0].PNG), luma(dark.Images[0].PNG); d >= l {
		t.Fatalf("the dark crosstable's background (%d) is not darker than the light one's (%d)", d, l)
	}
	dir := os.Getenv("TOURNAMENT_OUT")
	if dir == "" {
		return
	}
	if err := os.WriteFile(dir+"/"+name+".png", p.Reply.Images[0].PNG, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/"+name+"-dark.png", dark.Images[0].PNG, 0o644); err != nil {
		t.Fatal(err)
	}
	text := p.Reply.Text + "\n\n" + p.Reply.Embeds[0].Title + "\n" + p.Reply.Embeds[0].Description + "\n" + p.Reply.Embeds[0].Footer + "\n"
	if err := os.WriteFile(dir+"/"+name+".txt", []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestTournamentRoundRobinFour plays a round robin of 4 to its final
// standings; the last round's last game is adjudicated at the round's
// deadline by the sweep.
func TestTournamentRoundRobinFour(t *testing.T) {
	e := newEnv(t, Config{})
	rng := rand.New(rand.NewPCG(4, 24))
	tid := e.createAndJoin([]string{"a", "b", "c", "d"}, "game="+reg().list[len(reg().list)-1].command,
		"format=round-robin", "time=none", "round-time=2d")
	var final Post
	for round := 1; round <= 3; round++ {
		posts := e.tsweep()
		if pairingsCards(posts) != 1 {
			t.Fatalf("round %d: no pairings card: %+v", round, posts)
		}
		e.playRandomly(rng, tid, 3)
		gs := e.roundGames(tid)
		if len(gs) != 2 {
			t.Fatalf("round %d: %d games", round, len(gs))
		}
		if round < 3 {
			for _, g := range gs {
				e.endGame(rng, g)
			}
			continue
		}
		if r := e.endGame(rng, gs[0]); slices.ContainsFunc(r.Buttons, func(b Button) bool { return b.Label == "Rematch" }) {
			t.Fatal("a tournament game's end offers a Rematch")
		}
		tt, _ := e.db.Tournament(context.Background(), tid)
		if d, ok := e.bot.NextDue(context.Background()); !ok || !d.Equal(tt.RoundStarted.Add(48*time.Hour)) {
			t.Fatalf("next due %v %v, want the round's deadline", d, ok)
		}
		e.clock.Add(49 * time.Hour)
		var ok bool
		if final, ok = finalOf(e.tsweep()); !ok {
			t.Fatal("no final standings after the adjudication")
		}
	}
	tt, _ := e.db.Tournament(context.Background(), tid)
	if tt.Status != store.TournamentFinished || len(tt.State.Rounds) != 3 {
		t.Fatalf("status %s, %d rounds", tt.Status, len(tt.State.Rounds))
	}
	games, _ := e.db.FinishedGames(context.Background(), e.guild, "", 100)
	adjudicated := 0
	for _, g := range games {
		if g.Tournament == tid && g.Reason == store.ReasonAdjudicated {
			adjudicated++
		}
	}
	if adjudicated != 1 {
		t.Fatalf("%d games adjudicated, want 1", adjudicated)
	}
	e.writeOut(t, "rr4", final, tid)
}

// TestTournamentRefusals: bad options and people who do not run it.
func TestTournamentRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	g := "game=" + reg().list[0].command
	for _, c := range []struct {
		manage bool
		opts   []string
		want   string
	}{
		{false, []string{g}, "manage the server"},
		{true, []string{"game=chess"}, "not a game I host"},
		{true, []string{g, "format=knockout"}, "not a format"},
		{true, []string{g, "format=swiss"}, "needs its number of rounds"},
		{true, []string{g, "format=round-robin", "rounds=3"}, "Only a Swiss tournament"},
		{true, []string{g, "format=swiss", "rounds=99"}, "from 1 to 20"},
		{true, []string{g, "max=1"}, "from 2 to 64"},
		{true, []string{g, "terms=nonsense"}, "not one of the game's challenge options"},
		{true, []string{g, "terms=opponent:x"}, "not one of the game's challenge options"},
		{true, []string{g, "start=soon"}, "not a start"},
		{true, []string{g, "adjudication=coin"}, "not an adjudication rule"},
		{true, []string{g, "time=forever"}, "forever"},
		{true, []string{g, "players=9", "max=4"}, "do not make a tournament"},
		{true, []string{g, "colour=red"}, "no option"},
	} {
		refused(t, e.tcmd("org", c.manage, "create", c.opts...), c.want)
	}
	ann := public(t, e.tcmd("org", true, "create", g, "players=3"))
	refused(t, e.tcmd("mallory", false, "start"), "organizer")
	refused(t, e.tcmd("mallory", false, "cancel"), "organizer")
	refused(t, e.tcmd("org", true, "start"), "Too few players")
	refused(t, e.tcmd("bob", false, "leave"), "not in this tournament")
	public(t, e.press("bob", button(t, ann, "Join")))
	refused(t, e.press("bob", button(t, ann, "Join")), "already joined")
	public(t, e.press("bob", button(t, ann, "Leave")))
	refused(t, e.tcmd("bob", false, "standings", "id=99"), "no such tournament")
	refused(t, e.tcmd("bob", false, "dance"), "do not know")
	public(t, e.tcmd("org", false, "cancel"))
	refused(t, e.tcmd("bob", false, "join"), "no tournament")
}

// TestTournamentPairedOnceByTwoReplicas: two bots on one store sweep at
// once; each round's pairings are posted once, its games started once.
func TestTournamentPairedOnceByTwoReplicas(t *testing.T) {
	e := newEnv(t, Config{})
	other := New(e.db, e.clock.Now, e.bot.Logger, Config{RateBurst: -1, Games: TestGames()})
	tid := e.createAndJoin([]string{"a", "b", "c", "d"}, "game="+reg().list[0].command, "format=round-robin")
	var wg sync.WaitGroup
	var mu sync.Mutex
	var posts []Post
	for _, b := range []*Bot{e.bot, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ps := b.Sweep(context.Background(), e.clock.Now())
			mu.Lock()
			posts = append(posts, ps...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if n := pairingsCards(posts); n != 1 {
		t.Fatalf("%d pairings cards, want 1", n)
	}
	if gs := e.roundGames(tid); len(gs) != 2 {
		t.Fatalf("%d games started, want 2", len(gs))
	}
	cards := 0
	for _, p := range posts {
		if strings.HasPrefix(p.Channel, fmt.Sprintf("t%d-r1-", tid)) {
			cards++
		}
	}
	if cards < 2 {
		t.Fatalf("%d game cards posted, want one per game at least", cards)
	}
}

// tas runs /tournament sub as user in locale loc, with the roles given
// (who may manage the server when manage).
func (e *env) tas(loc, user string, manage bool, roles []string, sub string, opts ...string) Reply {
	e.tb.Helper()
	req := e.req(user, sub, opts...)
	req.Game, req.ManageServer, req.Roles, req.Locale = TournamentCommand, manage, roles, loc
	return e.bot.Handle(context.Background(), req)
}

// TestTournamentRunners: who runs tournaments, in every language. The
// server's managers name a role (/tournament role); its members create
// tournaments and, as managers do, start and cancel anyone's; the
// creator runs their own; nobody else changes anything, and the
// refusals are worded in the user's language.
func TestTournamentRunners(t *testing.T) {
	for _, loc := range []string{"en", "fr", "ja"} {
		t.Run(loc, func(t *testing.T) {
			e := newEnv(t, Config{})
			ctx := context.Background()
			g := "game=" + reg().list[0].command
			org := []string{"r-org"}
			status := func(id uint64) store.TournamentStatus {
				t.Helper()
				tt, err := e.db.Tournament(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				return tt.Status
			}
			// No role yet: a member with any role may not create.
			refusedAs(t, e.tas(loc, "carol", false, org, "create", g), loc, "tour.manage")
			if r := e.tas(loc, "carol", false, nil, "role"); !r.Ephemeral || r.Text != tr(loc, "tour.rolenone") {
				t.Fatalf("no role shown as %q", r.Text)
			}
			// Only a manager names the role.
			refusedAs(t, e.tas(loc, "carol", false, org, "role", "role=r-org"), loc, "tour.rolemanage")
			refusedAs(t, e.tas(loc, "mod", true, nil, "role", "role=r-org", "clear=true"), loc, "tour.roleorclear")
			refusedAs(t, e.tas(loc, "mod", true, nil, "role", "clear=yes"), loc, "tour.badclear", Quote("yes"))
			refusedAs(t, e.tas(loc, "mod", true, nil, "role", "role=<@&1>"), loc, "tour.badrole", Quote("<@&1>"))
			if s, _ := e.db.Settings(ctx, e.guild); s.Values[store.TournamentRoleSetting] != "" {
				t.Fatalf("a refusal changed the settings: %+v", s.Values)
			}
			if r := public(t, e.tas(loc, "mod", true, nil, "role", "role=r-org")); r.Text != tr(loc, "tour.roleset", Mention("mod"), RoleMention("r-org")) {
				t.Fatalf("role set: %q", r.Text)
			}
			if r := e.tas(loc, "dave", false, nil, "role"); r.Text != tr(loc, "tour.roleis", RoleMention("r-org")) {
				t.Fatalf("role shown as %q", r.Text)
			}
			// carol has the role: she creates; dave has another role
			// only: he may not create, start or cancel hers.
			public(t, e.tas(loc, "carol", false, []string{"r-x", "r-org"}, "create", g, "players=3"))
			all, err := e.db.Tournaments(ctx, e.guild)
			if err != nil || len(all) != 1 || all[0].Organizer != "carol" {
				t.Fatalf("created: %v %+v", err, all)
			}
			a := all[0].ID
			refusedAs(t, e.tas(loc, "dave", false, []string{"r-x"}, "create", g), loc, "tour.manage")
			for _, p := range []string{"p1", "p2"} {
				public(t, e.tas(loc, p, false, nil, "join"))
			}
			refusedAs(t, e.tas(loc, "dave", false, []string{"r-x"}, "start"), loc, "tour.notorganizer")
			refusedAs(t, e.tas(loc, "p1", false, nil, "cancel"), loc, "tour.notorganizer")
			if st := status(a); st != store.TournamentOpen {
				t.Fatalf("after the refusals: %s", st)
			}
			// erin has the role too: she starts carol's tournament.
			public(t, e.tas(loc, "erin", false, org, "start"))
			if st := status(a); st != store.TournamentRunning {
				t.Fatalf("started by a member with the role: %s", st)
			}
			refusedAs(t, e.tas(loc, "dave", false, nil, "cancel", fmt.Sprintf("id=%d", a)), loc, "tour.notorganizer")
			// A manager without the role cancels it.
			public(t, e.tas(loc, "mod", true, nil, "cancel", fmt.Sprintf("id=%d", a)))
			if st := status(a); st != store.TournamentCancelled {
				t.Fatalf("cancelled by a manager: %s", st)
			}
			// The creator runs their own after the role is gone.
			public(t, e.tas(loc, "carol", false, org, "create", g, "players=3"))
			if r := public(t, e.tas(loc, "mod", true, nil, "role", "clear=true")); r.Text != tr(loc, "tour.rolecleared", Mention("mod")) {
				t.Fatalf("role cleared: %q", r.Text)
			}
			refusedAs(t, e.tas(loc, "carol", false, org, "create", g), loc, "tour.manage")
			refusedAs(t, e.tas(loc, "erin", false, org, "cancel"), loc, "tour.notorganizer")
			public(t, e.tas(loc, "carol", false, nil, "cancel"))
		})
	}
}

// TestTournamentNamesAndTerms: the announcement words the game and its
// terms as the game's module does, and the players' names come from
// what was kept when they joined, after a restart (a new Bot that has
// seen no one).
func TestTournamentNamesAndTerms(t *testing.T) {
	e := newEnv(t, Config{})
	ctx := context.Background()
	worded := 0
	for _, m := range reg().list {
		opts := []string{"game=" + m.command, "players=3"}
		if terms := map[string]string{"veletas": "terms=size:7 rules:revised", "fanorona": "terms=variant:vela"}[m.command]; terms != "" {
			opts = append(opts, terms)
		}
		ann := public(t, e.tcmd("org", true, "create", opts...))
		all, err := e.db.Tournaments(ctx, e.guild)
		if err != nil || len(all) == 0 {
			t.Fatal(err, all)
		}
		tt := all[0] // the only one open
		name, gn := reg().name("en", m.command), m.ChallengeName(withGame("en", m.kind), store.Challenge{Kind: m.kind, Terms: tt.Terms, Opponent: "x"})
		want := name
		if gn != name {
			want, worded = tr("en", "tour.gamename", name, gn), worded+1
		}
		if title := ann.Embeds[0].Title; !strings.Contains(title, " · "+want+", ") {
			t.Fatalf("title %q does not name the game as %q", title, want)
		}
		for k, v := range tt.Terms {
			if strings.Contains(ann.Embeds[0].Title, k+" "+v) {
				t.Fatalf("title %q shows the raw term %s %s", ann.Embeds[0].Title, k, v)
			}
		}
		public(t, e.tcmd("org", true, "cancel", fmt.Sprintf("id=%d", tt.ID)))
	}
	if worded == 0 {
		t.Fatal("no game words its terms: the test checks nothing")
	}
	public(t, e.tcmd("org", true, "create", "game="+reg().list[0].command, "players=3"))
	for _, p := range []string{"p1", "p2", "p3"} {
		req := e.req(p, "join")
		req.Game, req.User.Name = TournamentCommand, "Name "+strings.ToUpper(p)
		public(t, e.bot.Handle(ctx, req))
	}
	all, err := e.db.Tournaments(ctx, e.guild)
	if err != nil || len(all) == 0 || all[0].Status != store.TournamentOpen {
		t.Fatal(err, all)
	}
	if all[0].Names["p2"] != "Name P2" {
		t.Fatalf("names kept: %q", all[0].Names)
	}
	restarted := New(e.db, e.clock.Now, e.bot.Logger, Config{RateBurst: -1, Games: TestGames()})
	for _, p := range []string{"p1", "p2", "p3"} {
		if n := restarted.playerName(all[0], p); n != "Name "+strings.ToUpper(p) {
			t.Fatalf("%s is named %q after a restart", p, n)
		}
	}
	if n := restarted.playerName(all[0], "stranger"); n != "stranger" {
		t.Fatalf("an unknown player is named %q", n)
	}
}

// TestTournamentFinalPostedOnce: the last two games of a tournament end
// at once (same second, concurrent requests): the final standings are
// posted by exactly one of the two ends.
func TestTournamentFinalPostedOnce(t *testing.T) {
	e := newEnv(t, Config{})
	rng := rand.New(rand.NewPCG(2, 24))
	tid := e.createAndJoin([]string{"a", "b", "c", "d"}, "game="+reg().list[0].command, "format=round-robin", "time=none")
	for round := 1; round <= 3; round++ {
		if pairingsCards(e.tsweep()) != 1 {
			t.Fatalf("round %d: no pairings card", round)
		}
		e.playRandomly(rng, tid, 2)
		gs := e.roundGames(tid)
		if len(gs) != 2 {
			t.Fatalf("round %d: %d games", round, len(gs))
		}
		if round < 3 {
			for _, g := range gs {
				e.endGame(rng, g)
			}
			continue
		}
		replies := make([]Reply, 2)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i, g := range gs {
			req := e.req(g.Players[i%2], "resign")
			req.Channel, req.Game = g.Channel, string(g.Kind)
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				replies[i] = e.bot.Handle(context.Background(), req)
			}()
		}
		close(start)
		wg.Wait()
		finals := 0
		for _, r := range replies {
			if r.Ephemeral {
				t.Fatalf("resign refused: %s", r.Plain())
			}
			if _, ok := finalOf(r.Posts); ok {
				finals++
			}
		}
		if finals != 1 {
			t.Fatalf("%d final standings posted by the last two games' ends, want 1", finals)
		}
	}
	tt, err := e.db.Tournament(context.Background(), tid)
	if err != nil || tt.Status != store.TournamentFinished || tt.FinalGame == 0 {
		t.Fatalf("%v %s final game %d", err, tt.Status, tt.FinalGame)
	}
	if f, ok := finalOf(e.tsweep()); ok {
		t.Fatalf("the sweep posts the final again: %+v", f)
	}
}

// dyingStore is the store as a replica sees it that dies while pairing:
// its first pairing is committed, then the replica's context is
// cancelled (its process stopped, its lease lost) before anything is
// posted; what it does afterwards fails.
type dyingStore struct {
	*store.DB
	cancel context.CancelFunc
	died   bool
}

func (d *dyingStore) PairNextRound(ctx context.Context, id uint64, expect int) (store.Tournament, []tournament.Pairing, error) {
	t, ps, err := d.DB.PairNextRound(ctx, id, expect)
	if err == nil && !d.died {
		d.died = true
		d.cancel()
	}
	return t, ps, err
}

// TestTournamentPairingReplicaDies: the leader pairs a round (the store
// commits it) and its context is cancelled before it posts anything;
// the other replica's sweep takes over. The round is paired once, each
// of its games started once, its pairings card and each game's card
// posted once, whatever the two replicas sweep afterwards.
func TestTournamentPairingReplicaDies(t *testing.T) {
	e := newEnv(t, Config{})
	ctx := context.Background()
	tid := e.createAndJoin([]string{"a", "b", "c", "d", "e"}, "game="+reg().list[0].command, "format=swiss", "rounds=3")
	dctx, cancel := context.WithCancel(ctx)
	dying := &dyingStore{DB: e.db, cancel: cancel}
	leader := New(dying, e.clock.Now, e.bot.Logger, Config{RateBurst: -1, Games: TestGames()})
	other := e.bot

	lost := leader.Sweep(dctx, e.clock.Now()) // what it would have sent: never sent
	if !dying.died {
		t.Fatal("the leader did not pair")
	}
	if len(lost) != 0 {
		t.Fatalf("the dying leader made %d posts after its context was cancelled: %+v", len(lost), lost)
	}
	tt, err := e.db.Tournament(ctx, tid)
	if err != nil || tt.Round() != 1 || tt.Announced != 0 {
		t.Fatalf("after the leader died: %v, round %d, announced %d", err, tt.Round(), tt.Announced)
	}
	var sent []Post
	for range 3 { // the other replica, then both, sweep again and again
		sent = append(sent, other.Sweep(ctx, e.clock.Now())...)
		sent = append(sent, leader.Sweep(ctx, e.clock.Now())...)
	}
	if n := pairingsCards(sent); n != 1 {
		t.Fatalf("%d pairings cards posted after the takeover, want 1", n)
	}
	tt, err = e.db.Tournament(ctx, tid)
	if err != nil || tt.Round() != 1 || tt.Announced != 1 {
		t.Fatalf("after the takeover: %v, round %d, announced %d", err, tt.Round(), tt.Announced)
	}
	gs := e.roundGames(tid)
	if len(gs) != 2 || len(tt.Games) != 2 { // 5 players: 2 games and a bye
		t.Fatalf("%d active games, %d recorded, want 2", len(gs), len(tt.Games))
	}
	for _, g := range gs {
		cards := 0
		for _, p := range sent {
			if p.Channel == g.Channel && len(p.Reply.Embeds) > 0 {
				cards++
			}
		}
		if cards != 1 {
			t.Fatalf("game %d in %s: %d cards, want 1", g.ID, g.Channel, cards)
		}
	}
	for _, p := range tt.Pairings(1) {
		if !p.IsBye() && !strings.Contains(cardText(sent), Mention(p.White)) {
			t.Fatalf("the card lacks %s", p.White)
		}
	}
}

// cardText is the text of the pairings cards among posts.
func cardText(posts []Post) string {
	var b strings.Builder
	for _, p := range posts {
		for _, em := range p.Reply.Embeds {
			if strings.Contains(em.Title, ": round ") {
				b.WriteString(em.Description)
			}
		}
	}
	return b.String()
}

// TestTournamentFourthRefused: a server has at most three tournaments
// open or running (store.DefaultMaxTournaments); a fourth is refused in
// the organizer's language, worded from the catalogue, and changes
// nothing; once one is cancelled, another may be created. A finished or
// cancelled tournament does not count.
func TestTournamentFourthRefused(t *testing.T) {
	for _, loc := range []string{"en", "fr", "ja"} {
		t.Run(loc, func(t *testing.T) {
			e := newEnv(t, Config{})
			ctx := context.Background()
			g := "game=" + reg().list[0].command
			in := func(channel, user string, manage bool, sub string, opts ...string) Reply {
				t.Helper()
				e.chann = channel
				return e.tas(loc, user, manage, nil, sub, opts...)
			}
			count := func() (open, running int) {
				t.Helper()
				all, err := e.db.Tournaments(ctx, e.guild)
				if err != nil {
					t.Fatal(err)
				}
				for _, tt := range all {
					switch tt.Status {
					case store.TournamentOpen:
						open++
					case store.TournamentRunning:
						running++
					}
				}
				return open, running
			}
			// One running (c1), two open (c2, c3).
			public(t, in("c1", "org", true, "create", g, "players=2"))
			for _, p := range []string{"p1", "p2"} {
				public(t, in("c1", p, false, "join"))
			}
			public(t, in("c1", "org", true, "start"))
			public(t, in("c2", "org", true, "create", g, "players=3"))
			public(t, in("c3", "other", true, "create", g, "players=3"))
			if o, r := count(); o != 2 || r != 1 {
				t.Fatalf("before the fourth: %d open, %d running", o, r)
			}
			for _, c := range []string{"c3", "c4"} { // in a channel with one or without
				refusedAs(t, in(c, "third", true, "create", g, "players=3"), loc, "tour.toomany")
			}
			if o, r := count(); o != 2 || r != 1 {
				t.Fatalf("the refusal changed the tournaments: %d open, %d running", o, r)
			}
			all, err := e.db.Tournaments(ctx, e.guild)
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(all, func(tt store.Tournament) bool { return tt.Channel == "c2" })
			if i < 0 {
				t.Fatalf("no tournament in c2: %+v", all)
			}
			public(t, in("c2", "org", true, "cancel", fmt.Sprintf("id=%d", all[i].ID)))
			public(t, in("c4", "third", true, "create", g, "players=3"))
			if o, r := count(); o != 2 || r != 1 {
				t.Fatalf("after a cancel and a create: %d open, %d running", o, r)
			}
			refusedAs(t, in("c5", "fourth", true, "create", g, "players=3"), loc, "tour.toomany")
		})
	}
}
