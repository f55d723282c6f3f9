package bot

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/store"
)

// switchLeader is a Leader the test turns on and off; asked receives a
// value each time it is asked (dropped when nobody reads).
type switchLeader struct {
	on    atomic.Bool
	asked chan struct{}
}

func newSwitchLeader(on bool) *switchLeader {
	l := &switchLeader{asked: make(chan struct{}, 1)}
	l.on.Store(on)
	return l
}

func (l *switchLeader) Leading() bool {
	select {
	case l.asked <- struct{}{}:
	default:
	}
	return l.on.Load()
}

// TestSweeperOnlyWhileLeading: a replica that does not lead sweeps
// nothing; once elected it sweeps at once (not at its next tick, an hour
// away), and it stops posting in the middle of a sweep when it loses the
// lead, leaving the rest unrecorded for the next leader.
func TestSweeperOnlyWhileLeading(t *testing.T) {
	e := newEnv(t, Config{})
	for _, c := range []string{"c1", "c2"} {
		e.chann = c
		ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "time=1h"))
		public(t, e.press("bob", button(t, ch, "Accept")))
	}
	e.clock.Add(2 * time.Hour)
	l := newSwitchLeader(false)
	e.bot.SetLeader(l)
	if e.bot.Leading() {
		t.Fatal("Leading with a leader that does not lead")
	}
	got := make(chan Post, 4)
	e.bot.StartSweeper(time.Hour, SendFunc(func(ctx context.Context, channel string, r Reply) error {
		got <- Post{Channel: channel, Reply: r}
		l.on.Store(false) // the lead is lost while the first notice goes out
		return nil
	}))
	defer e.bot.StopSweeper()
	<-l.asked // the sweeper's first round asked, and found it does not lead
	select {
	case p := <-got:
		t.Fatalf("a replica that does not lead posted %+v", p)
	default:
	}
	for _, c := range []string{"c1", "c2"} {
		if g, err := e.db.ActiveGame(t.Context(), e.guild, c); err != nil || g.TimeUp {
			t.Fatalf("%s: %v %+v", c, err, g)
		}
	}

	l.on.Store(true)
	e.bot.Elected()
	var p Post
	select {
	case p = <-got:
	case <-time.After(20 * time.Second):
		t.Fatal("the elected replica did not sweep at once")
	}
	if !strings.Contains(p.Reply.Plain(), "has run out") {
		t.Fatalf("post %+v", p)
	}
	e.bot.StopSweeper() // waits for the round under way
	select {
	case p := <-got:
		t.Fatalf("posted %+v after losing the lead", p)
	default:
	}
	recorded := 0
	for _, c := range []string{"c1", "c2"} {
		g, err := e.db.ActiveGame(t.Context(), e.guild, c)
		if err != nil {
			t.Fatal(err)
		}
		if g.TimeUp {
			recorded++
			if c != p.Channel {
				t.Fatalf("%s recorded as told, but the post went to %s", c, p.Channel)
			}
		}
	}
	if recorded != 1 {
		t.Fatalf("%d notices recorded, want the one posted", recorded)
	}
	// The next leader (here a plain sweep) tells the other game.
	if posts := e.sweep(); len(posts) != 1 || posts[0].Channel == p.Channel {
		t.Fatalf("the next sweep: %+v", posts)
	}
}

// TestAIRescanOnlyWhileLeading: a replica that does not lead leaves a
// game with the computer to act to the leader; once elected it takes it
// at once. RescanGrace leaves young games to the replica thinking on them.
func TestAIRescanOnlyWhileLeading(t *testing.T) {
	e := newEnv(t, Config{})
	g, err := startAIRules(t.Context(), e.db, e.guild, e.chann, "alice", aiName, "easy", veletas.Size7, veletas.Classic)
	if err != nil {
		t.Fatal(err)
	}
	if g, err = applyToken(e.db, e.guild, e.chann, "alice", g.Revision, "[d4]a1"); err != nil {
		t.Fatal(err)
	}
	l := newSwitchLeader(false)
	e.bot.SetLeader(l)
	box := e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(20)), Rescan: time.Hour, RescanGrace: time.Minute})
	e.waitAI()
	if posts := box.drain(); len(posts) != 0 {
		t.Fatalf("a replica that does not lead took the game: %+v", posts)
	}
	l.on.Store(true)
	// Elected, but the game's last action is younger than the grace: the
	// replica that took it may still be thinking.
	e.bot.Elected()
	<-l.asked
	e.waitAI()
	if posts := box.drain(); len(posts) != 0 {
		t.Fatalf("the rescan took a game younger than the grace: %+v", posts)
	}
	e.clock.Add(time.Minute)
	e.bot.Elected()
	if p := box.wait(t); !strings.Contains(p.Reply.Plain(), "by <@veletas>") {
		t.Fatalf("the elected replica's post: %q", p.Reply.Plain())
	}
	if g2, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil || g2.ToAct() != "alice" || g2.Revision != g.Revision+1 {
		t.Fatalf("after the takeover: %v rev %d (was %d), %q to act", err, g2.Revision, g.Revision, g2.ToAct())
	}
}

// TestLeaderOverlapAI: two replicas on one store both decide the same
// computer move at once (as in the moment when a new leader takes over
// from one that has not yet noticed it lost the lead): the store applies
// one action, the other is refused as stale, and one board is posted.
func TestLeaderOverlapAI(t *testing.T) {
	e := newEnv(t, Config{})
	g, err := startAIRules(t.Context(), e.db, e.guild, e.chann, "alice", aiName, "easy", veletas.Size7, veletas.Classic)
	if err != nil {
		t.Fatal(err)
	}
	if g, err = applyToken(e.db, e.guild, e.chann, "alice", g.Revision, "[d4]a1"); err != nil {
		t.Fatal(err)
	}
	// Both replicas' AIs wait for each other inside their decision, then
	// choose (the same action: the random player is seeded by the game).
	var arrived sync.WaitGroup
	arrived.Add(2)
	release := make(chan struct{})
	player := func(l ai.Level, g store.Game) Actor {
		return actorFunc(func(st veletas.Game) (veletas.Action, error) {
			arrived.Done()
			<-release
			return ai.NewRandom(g.ID).Act(st)
		})
	}
	other := New(e.db, e.clock.Now, e.bot.Logger, Config{RateBurst: -1, Games: TestGames()})
	box := newPostBox()
	for _, b := range []*Bot{e.bot, other} {
		if err := b.StartAI(User{ID: aiName, Name: aiName}, box, AIConfig{Workers: 1, Rescan: -1, NewPlayer: veletasPlayers(player)}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(b.StopAI)
	}
	arrived.Wait() // both are deciding the game at revision g.Revision
	close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, b := range []*Bot{e.bot, other} {
		if err := b.WaitAI(ctx); err != nil {
			t.Fatal(err)
		}
	}
	posts := box.drain()
	if len(posts) != 1 || !strings.Contains(posts[0].Reply.Plain(), "by <@veletas>") {
		t.Fatalf("posts: %+v", posts)
	}
	g2, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g2.Revision != g.Revision+1 || g2.ToAct() != "alice" {
		t.Fatalf("after both decided: %v rev %d (was %d), %q to act", err, g2.Revision, g.Revision, g2.ToAct())
	}
	if n := strings.Count(g2.Record, "\n"); n != strings.Count(g.Record, "\n")+1 {
		t.Fatalf("record %q after %q: want one action more", g2.Record, g.Record)
	}
	if !strings.Contains(e.logs.String(), "AI action dropped") {
		t.Fatal("the stale action is not logged as dropped")
	}
}

// TestLeaderOverlapSweep: two replicas sweeping at once (the same
// handover moment) find the same time-up notice; recording it twice
// changes the game once (the flag; no action, no error), and no later
// sweep finds it again. Both of them would post it, though: the lead
// (checked before each post, TestSweeperOnlyWhileLeading) is what keeps
// two sweeps from running at once.
func TestLeaderOverlapSweep(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "time=1h"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	e.clock.Add(2 * time.Hour)
	other := New(e.db, e.clock.Now, e.bot.Logger, Config{RateBurst: -1, Games: TestGames()})
	before, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil {
		t.Fatal(err)
	}
	a, b := e.bot.Sweep(t.Context(), e.clock.Now()), other.Sweep(t.Context(), e.clock.Now())
	if len(a) != 1 || len(b) != 1 {
		t.Fatalf("sweeps: %+v %+v", a, b)
	}
	e.bot.Delivered(t.Context(), a[0])
	other.Delivered(t.Context(), b[0])
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || !g.TimeUp || before.TimeUp || g.Record != before.Record {
		t.Fatalf("after both records: %v TimeUp %v (was %v), record %q (was %q)", err, g.TimeUp, before.TimeUp, g.Record, before.Record)
	}
	if strings.Contains(e.logs.String(), "recording a sent message failed") {
		t.Fatalf("the stale record was logged as a failure:\n%s", e.logs.String())
	}
	if p := other.Sweep(t.Context(), e.clock.Now()); len(p) != 0 {
		t.Fatalf("found again: %+v", p)
	}
}
