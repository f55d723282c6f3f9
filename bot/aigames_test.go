package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/store"
)

// aiName is the bot's user ID in these tests.
const aiName = "veletas"

// postBox is a Sender that keeps what the AI posts.
type postBox struct{ ch chan Post }

func newPostBox() *postBox { return &postBox{ch: make(chan Post, 256)} }

func (p *postBox) Send(ctx context.Context, channel string, r Reply) error {
	p.ch <- Post{Channel: channel, Reply: r}
	return nil
}

// drain returns the posts sent so far.
func (p *postBox) drain() []Post {
	var out []Post
	for {
		select {
		case m := <-p.ch:
			out = append(out, m)
		default:
			return out
		}
	}
}

// wait returns the next post, failing after a generous timeout.
func (p *postBox) wait(tb testing.TB) Post {
	tb.Helper()
	select {
	case m := <-p.ch:
		return m
	case <-time.After(20 * time.Second):
		tb.Fatal("the AI posted nothing")
	}
	return Post{}
}

// seededAI makes players bounded by iterations alone, seeded by the game
// ID: their choices repeat.
func seededAI(iterations int) func(ai.Level, store.Game) Actor {
	return func(l ai.Level, g store.Game) Actor {
		return ai.New(ai.Options{Iterations: iterations, Seed: g.ID, Workers: 1, PlayoutDepth: 4,
			SetupCandidates: 2, SetupPlayouts: 4})
	}
}

// blockingAI is an AI that announces each decision on started and makes
// it only once release is closed.
type blockingAI struct {
	started chan uint64
	release chan struct{}
}

func newBlockingAI() *blockingAI {
	return &blockingAI{started: make(chan uint64, 64), release: make(chan struct{})}
}

func (b *blockingAI) player(l ai.Level, g store.Game) Actor {
	return actorFunc(func(st veletas.Game) (veletas.Action, error) {
		select {
		case b.started <- g.ID:
		default: // nobody waits for the later decisions
		}
		<-b.release
		return ai.NewRandom(g.ID).Act(st)
	})
}

type actorFunc func(veletas.Game) (veletas.Action, error)

func (f actorFunc) Act(g veletas.Game) (veletas.Action, error) { return f(g) }

// waitStarted waits until the AI is deciding game id.
func (b *blockingAI) waitStarted(tb testing.TB, id uint64) {
	tb.Helper()
	select {
	case got := <-b.started:
		if got != id {
			tb.Fatalf("the AI decides game %d, want %d", got, id)
		}
	case <-time.After(20 * time.Second):
		tb.Fatal("the AI did not start deciding")
	}
}

// startAI starts the env's AI, stopped at the end of the test.
func (e *env) startAI(cfg AIConfig) *postBox {
	e.tb.Helper()
	box := newPostBox()
	if err := e.bot.StartAI(User{ID: aiName, Name: aiName}, box, cfg); err != nil {
		e.tb.Fatal(err)
	}
	e.tb.Cleanup(e.bot.StopAI)
	return box
}

// act runs a command and then, as a front end does once the reply is
// sent, its After hook (which starts the AI).
func (e *env) act(user, sub string, opts ...string) Reply {
	e.tb.Helper()
	r := e.cmd(user, sub, opts...)
	runAfter(r)
	return r
}

func (e *env) waitAI() {
	e.tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := e.bot.WaitAI(ctx); err != nil {
		e.tb.Fatal("waiting for the AI:", err)
	}
}

// playAI plays a whole 7x7 game of alice against the AI in the env's
// channel, alice's actions random from seed, and returns the finished
// game and the message that ended it.
func playAI(t *testing.T, e *env, box *postBox, seed uint64, opts ...string) (store.Game, Reply) {
	start := public(t, e.cmd("alice", "challenge", append([]string{"opponent=" + aiName, "level=easy", "size=7"}, opts...)...))
	decodePNG(t, start)
	for _, want := range []string{"<@alice> plays against me, the computer (easy)", "do not count in the standings",
		"<@alice>, your turn (Black)"} {
		if !strings.Contains(start.Plain(), want) {
			t.Fatalf("start lacks %q: %q", want, start.Plain())
		}
	}
	if !hasMention(start, "alice") {
		t.Fatalf("start does not ping alice: %v", start.Mentions)
	}
	r := rand.New(rand.NewPCG(seed, 9))
	aiActions := 0
	var final Reply
	for i := 0; ; i++ {
		g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil || i > 100 {
			t.Fatal(i, err)
		}
		if g.ToAct() != "alice" {
			t.Fatalf("after waiting for the AI, %q is to act", g.ToAct())
		}
		user, sub, opts := nextCommand(t, g, r)
		rep := public(t, e.act(user, sub, opts...))
		decodePNG(t, rep)
		// Each of alice's actions either wins or leaves the AI to act
		// (which may have acted already).
		if strings.Contains(rep.Plain(), "**<@alice> wins**") {
			final = rep
			break
		}
		if !strings.Contains(rep.Plain(), "<@veletas> (computer, easy) is thinking") || len(rep.Mentions) != 0 || len(rep.Buttons) != 0 {
			t.Fatalf("reply while the AI is to act: %+v", rep)
		}
		e.waitAI()
		posts := box.drain()
		for _, p := range posts {
			aiActions++
			if p.Channel != e.chann {
				t.Fatalf("AI posted in %q", p.Channel)
			}
			decodePNG(t, p.Reply)
			if p.Reply.Ephemeral || !strings.Contains(p.Reply.Plain(), "by <@veletas>") {
				t.Fatalf("AI post: %+v", p.Reply)
			}
		}
		if len(posts) > 0 {
			last := posts[len(posts)-1].Reply
			_, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
			switch {
			case errors.Is(err, store.ErrNoGame):
				if !strings.Contains(last.Plain(), "**<@veletas> wins**") {
					t.Fatalf("the AI's winning post: %q", last.Plain())
				}
				final = last
			case !strings.Contains(last.Plain(), "<@alice>, your turn") || !hasMention(last, "alice"):
				t.Fatalf("the AI's post does not hand over to alice: %q %v", last.Plain(), last.Mentions)
			}
		} else {
			t.Fatal("the AI did not act")
		}
	}
	if aiActions < 3 {
		t.Fatalf("the AI acted %d times", aiActions)
	}
	done, err := e.db.FinishedGames(t.Context(), e.guild, "", 1)
	if err != nil || len(done) != 1 {
		t.Fatal(done, err)
	}
	return done[0], final
}

func TestAIWholeGame(t *testing.T) {
	var records []string
	for run := 0; run < 2; run++ {
		e := newEnv(t, Config{})
		box := e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(40))})
		g, final := playAI(t, e, box, 5)
		if !strings.Contains(final.Plain(), "Games against the computer do not count in the standings.") || strings.Contains(final.Plain(), "/veletas standings") {
			t.Fatalf("the final message of an AI game: %q", final.Plain())
		}
		if g.AI != aiName || g.AILevel != "easy" || g.Winner == "" || g.Reason != store.ReasonRules {
			t.Fatalf("finished: %+v", g)
		}
		records = append(records, g.Record)
		st := public(t, e.cmd("carol", "standings"))
		if strings.Contains(st.Plain(), "<@alice>") || strings.Contains(st.Plain(), "<@"+aiName+">") {
			t.Fatalf("standings count the AI game: %q", st.Plain())
		}
		rec := public(t, e.cmd("alice", "record"))
		if !strings.Contains(rec.Plain(), g.Record) {
			t.Fatalf("record: %q", rec.Plain())
		}
		// The channel is free again, for people too.
		public(t, e.cmd("alice", "challenge", "opponent=bob"))
	}
	if records[0] != records[1] {
		t.Fatalf("a seeded AI did not repeat its game:\n%s\n%s", records[0], records[1])
	}
}

func TestAIDoesNotBlockOtherGames(t *testing.T) {
	e := newEnv(t, Config{})
	blk := newBlockingAI()
	box := e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(blk.player)})
	released := false
	t.Cleanup(func() {
		if !released {
			close(blk.release)
		}
	})
	r := rand.New(rand.NewPCG(1, 1))

	// c1: alice against the AI; her setup sets it thinking, and it blocks.
	e.chann = "c1"
	public(t, e.cmd("alice", "challenge", "opponent="+aiName, "size=7"))
	g1, _ := e.db.ActiveGame(t.Context(), e.guild, "c1")
	user, sub, opts := nextCommand(t, g1, r)
	public(t, e.act(user, sub, opts...))
	blk.waitStarted(t, g1.ID)

	// Meanwhile every other command is answered.
	e.chann = "c2"
	e.startGame("7")
	g2, _ := e.db.ActiveGame(t.Context(), e.guild, "c2")
	user, sub, opts = nextCommand(t, g2, r)
	public(t, e.cmd(user, sub, opts...))
	e.chann = "c3"
	public(t, e.cmd("carol", "challenge", "opponent="+aiName, "size=9", "level=hard"))
	g3, _ := e.db.ActiveGame(t.Context(), e.guild, "c3")
	user, sub, opts = nextCommand(t, g3, r)
	rep := public(t, e.act(user, sub, opts...)) // queued behind c1
	if !strings.Contains(rep.Plain(), "(computer, hard) is thinking") {
		t.Fatalf("c3: %q", rep.Plain())
	}
	e.chann = "c1"
	b := public(t, e.cmd("bob", "board"))
	if !strings.Contains(b.Plain(), "is thinking") {
		t.Fatalf("board while the AI thinks: %q", b.Plain())
	}
	// alice cannot act for the AI.
	refused(t, e.cmd("alice", "keep"), "not your turn")
	refused(t, e.cmd("alice", "swap"), "not your turn")
	// alice resigns while the AI thinks: its action is dropped.
	public(t, e.cmd("alice", "resign"))
	if posts := box.drain(); len(posts) != 0 {
		t.Fatalf("posted while blocked: %+v", posts)
	}

	close(blk.release)
	released = true
	e.waitAI()
	posts := box.drain()
	if len(posts) == 0 {
		t.Fatal("the AI did not act in c3")
	}
	for _, p := range posts {
		if p.Channel != "c3" {
			t.Fatalf("AI posted in %s: %q", p.Channel, p.Reply.Plain())
		}
	}
	if !strings.Contains(e.logs.String(), "AI action dropped") {
		t.Fatalf("the dropped action is not logged:\n%s", e.logs.String())
	}
	if g, err := e.db.ActiveGame(t.Context(), e.guild, "c3"); err != nil || g.ToAct() != "carol" {
		t.Fatalf("c3 after the AI: %v %q", err, g.ToAct())
	}
}

func TestAIRestart(t *testing.T) {
	e := newEnv(t, Config{})
	// A game left with the AI to act, as after a crash: the store has it,
	// no bot queued it.
	g, err := startAIRules(t.Context(), e.db, e.guild, e.chann, "alice", aiName, "medium", veletas.Size7, veletas.Classic)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(2, 2))
	if g, err = applyAction(t.Context(), e.db, e.guild, e.chann, "alice", g.Revision, vstate(g).Position().RandomSetup(r)); err != nil {
		t.Fatal(err)
	}
	// A game between people is left alone.
	e.chann = "c2"
	e.startGame("7")
	e.chann = "c1"

	box := e.startAI(AIConfig{Workers: 2, NewPlayer: veletasPlayers(seededAI(30)), Rescan: 5 * time.Millisecond})
	p := box.wait(t)
	if p.Channel != "c1" || !strings.Contains(p.Reply.Plain(), "by <@veletas>") {
		t.Fatalf("first post after the restart: %q in %s", p.Reply.Plain(), p.Channel)
	}
	e.waitAI()
	box.drain()
	g, err = e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g.ToAct() != "alice" || g.Revision < 2 {
		t.Fatalf("after the restart: %v rev %d, %q to act", err, g.Revision, g.ToAct())
	}
	// A change that no handler saw (another process, say) is found by
	// the rescan.
	a := vstate(g).Position().RandomSetup(r)
	if q := vstate(g).Position(); q.Phase() == veletas.PhasePlay {
		turn, _ := q.RandomTurn(r)
		a = veletas.TurnAction(turn)
	}
	if _, err := applyAction(t.Context(), e.db, e.guild, e.chann, "alice", g.Revision, a); err != nil {
		t.Fatal(err)
	}
	if p := box.wait(t); !strings.Contains(p.Reply.Plain(), "by <@veletas>") {
		t.Fatalf("post after the rescan: %q", p.Reply.Plain())
	}
}

func TestAIRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	// Before StartAI the bot's user is just a bot.
	req := e.req("alice", "challenge", "opponent="+aiName, "size=7")
	req.Users = map[string]User{aiName: {ID: aiName, Name: aiName, Bot: true}}
	refused(t, e.bot.Handle(context.Background(), req), "is a bot and cannot play")
	req.Options["level"] = "easy"
	refused(t, e.bot.Handle(context.Background(), req), "my computer player is not running")

	blk := newBlockingAI()
	e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(blk.player)})
	t.Cleanup(func() { close(blk.release) })
	refused(t, e.cmd("alice", "challenge", "opponent=bob", "level=easy"), "`level` option is for a game against me")
	refused(t, e.cmd("alice", "challenge", "opponent="+aiName, "level=expert"), "is not a level")
	refused(t, e.cmd("alice", "challenge", "opponent="+aiName, "size=8"), "is not a board size")
	public(t, e.bot.Handle(context.Background(), req)) // Users marks the bot a bot: still the AI
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g.AI != aiName || g.AILevel != "easy" || vsize(g) != veletas.Size7 {
		t.Fatalf("a challenge marked bot did not start an AI game: %v %+v", err, g)
	}
}

func TestAIChallengeRefusalsInGame(t *testing.T) {
	e := newEnv(t, Config{})
	blk := newBlockingAI()
	e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(blk.player)})
	t.Cleanup(func() { close(blk.release) })
	public(t, e.cmd("alice", "challenge", "opponent="+aiName))
	g, _ := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if vsize(g) != veletas.Size10 || g.AILevel != "easy" {
		t.Fatalf("defaults: %v %q", vsize(g), g.AILevel)
	}
	refused(t, e.cmd("alice", "challenge", "opponent="+aiName), "already has a game")
	refused(t, e.cmd("bob", "challenge", "opponent=carol"), "already has a game")
	refused(t, e.cmd("alice", "accept"), "no challenge for you")
	refused(t, e.cmd("carol", "resign"), "not playing this game")
	refused(t, e.cmd("carol", "setup", "shooters=d4 g7 b9", "stone=e5"), "not playing this game")
	// alice's setup sets the AI thinking; she cannot act in its place.
	r := rand.New(rand.NewPCG(4, 4))
	user, sub, opts := nextCommand(t, g, r)
	public(t, e.act(user, sub, opts...))
	blk.waitStarted(t, g.ID)
	refused(t, e.cmd("alice", "keep"), "not your turn")
	refused(t, e.cmd("alice", "setup", "shooters=d4 g7 b9 j1", "stone=e5"), "not your turn")
}

func TestAIRematchAndTakeback(t *testing.T) {
	e := newEnv(t, Config{})
	box := e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(20))})
	g, final := playAI(t, e, box, 11)
	// Rematch starts the next game against the AI at once, same level
	// and size; only a player may ask.
	refused(t, e.press("carol", button(t, final, "Rematch")), "Only the two players")
	pressed := e.press("alice", button(t, final, "Rematch"))
	re := followed(t, public(t, pressed))
	if !strings.Contains(re.Plain(), "<@alice> plays against me, the computer (easy)") || !strings.Contains(re.Plain(), "<@veletas> (computer, easy) is thinking") {
		t.Fatalf("rematch: %q", re.Plain())
	}
	g2, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g2.ID == g.ID || g2.AI != aiName || g2.AILevel != "easy" || vsize(g2) != vsize(g) || g2.Players != [2]string{aiName, "alice"} {
		t.Fatalf("rematch game: %v %+v", err, g2)
	}
	refused(t, e.press("alice", button(t, final, "Rematch")), "already has a game")
	runAfter(pressed) // the computer places first
	e.waitAI()
	if g2, err = e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil || g2.ToAct() != "alice" {
		t.Fatalf("after the computer's first setup: %v %+v", err, g2)
	}
	// No takebacks against the computer.
	user, sub, opts := nextCommand(t, g2, rand.New(rand.NewPCG(1, 3)))
	public(t, e.act(user, sub, opts...))
	e.waitAI()
	refused(t, e.cmd("alice", "takeback"), "does not take back moves")
}

// TestAIRematchAlternatesFirst: a rematch against the computer alternates
// who places first, as one between people does: alice began the first
// game, the computer begins the rematch (and makes the first setup at
// once), alice the one after.
func TestAIRematchAlternatesFirst(t *testing.T) {
	e := newEnv(t, Config{})
	e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(20))})
	public(t, e.act("alice", "challenge", "opponent="+aiName, "level=easy", "size=7", "rules=revised"))
	for i, first := range []string{"alice", aiName, "alice"} {
		g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if err != nil || g.Players[0] != first || g.Opponent(first) == "" || vsize(g) != 7 || vrules(g) != veletas.Revised {
			t.Fatalf("game %d: %v %+v, want %s first", i+1, err, g, first)
		}
		e.waitAI()
		if g, err = e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil || g.ToAct() != "alice" {
			t.Fatalf("game %d: %q to act, want alice", i+1, g.ToAct())
		}
		if first == aiName && vstate(g).Position().Phase() != veletas.PhaseChoice {
			t.Fatalf("game %d: phase %v after the computer's first setup", i+1, vstate(g).Position().Phase())
		}
		end := public(t, e.cmd("alice", "resign"))
		re := e.press("alice", button(t, end, "Rematch"))
		runAfter(re)
	}
}

func TestAIInJapanese(t *testing.T) {
	e := newEnv(t, Config{})
	blk := newBlockingAI()
	e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(blk.player)})
	t.Cleanup(func() { close(blk.release) })
	req := e.req("alice", "challenge", "opponent="+aiName, "size=7")
	req.Locale = "ja"
	start := public(t, e.bot.Handle(context.Background(), req))
	if !strings.Contains(start.Plain(), "コンピューター") {
		t.Fatalf("start in Japanese: %q", start.Plain())
	}
	g, _ := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	user, sub, opts := nextCommand(t, g, rand.New(rand.NewPCG(1, 4)))
	req = e.req(user, sub, opts...)
	req.Locale = "ja"
	rep := public(t, e.bot.Handle(context.Background(), req))
	if !strings.Contains(rep.Plain(), "<@veletas>（コンピューター、やさしい）が考えています") {
		t.Fatalf("thinking in Japanese: %q", rep.Plain())
	}
	req = e.req("alice", "challenge", "opponent=bob", "level=hard")
	req.Locale = "fr"
	refused(t, e.bot.Handle(context.Background(), req), "L'option `level` sert pour une partie contre moi")
	// The bot names itself without the honorific さん; alice keeps hers.
	req = e.req("alice", "resign")
	req.Locale = "ja"
	end := public(t, e.bot.Handle(context.Background(), req))
	if !strings.Contains(end.Plain(), "**<@veletas>の勝ち**です（<@alice> さんの投了により）") || strings.Contains(end.Plain(), "<@veletas> さん") {
		t.Fatalf("the end in Japanese: %q", end.Plain())
	}
	// The final message mentions and notifies alice only, not the bot.
	if end.Text != "<@alice>" || len(end.Mentions) != 1 || end.Mentions[0] != "alice" {
		t.Fatalf("the end mentions %q, notifies %v", end.Text, end.Mentions)
	}
	req = e.req("alice", "stats")
	req.Locale = "ja"
	if st := e.bot.Handle(context.Background(), req); !strings.Contains(st.Plain(), "<@veletas>に負け") || strings.Contains(st.Plain(), "<@veletas> さん") {
		t.Fatalf("stats in Japanese: %q", st.Plain())
	}
}

// TestAISweep: the time limits' sweep also queues a game the AI is to act
// in that nobody queued (the AI's own rescan is off here).
// TestAISweepLeavesAIToRescan: the time-limit sweep does not queue AI
// games (the AI's own rescan does), so that the two never compete.
func TestAISweepLeavesAIToRescan(t *testing.T) {
	e := newEnv(t, Config{})
	box := e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(20)), Rescan: -1})
	g, err := startAIRules(t.Context(), e.db, e.guild, e.chann, "alice", aiName, "easy", veletas.Size7, veletas.Classic)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := applyToken(e.db, e.guild, e.chann, "alice", g.Revision, "[d4]a1"); err != nil {
		t.Fatal(err)
	}
	e.waitAI()
	if posts := box.drain(); len(posts) != 0 {
		t.Fatalf("the AI acted unasked: %+v", posts)
	}
	if posts := e.bot.Sweep(t.Context(), e.clock.Now()); len(posts) != 0 {
		t.Fatalf("the sweep posted %+v for a game without a time limit", posts)
	}
	e.waitAI()
	if posts := box.drain(); len(posts) != 0 {
		t.Fatalf("the sweep queued the AI's game: %+v", posts)
	}
	e.bot.ai.Load().scan() // what the rescan does every AIConfig.Rescan
	e.waitAI()
	if posts := box.drain(); len(posts) == 0 || !strings.Contains(posts[0].Reply.Plain(), "by <@veletas>") {
		t.Fatalf("after the rescan: %+v", posts)
	}
}

// TestAIAfterReply: the AI starts on its move only once the reply to the
// move it answers has been sent (Reply.After), so that its move never
// shows first.
func TestAIAfterReply(t *testing.T) {
	e := newEnv(t, Config{})
	box := e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(20)), Rescan: -1})
	public(t, e.cmd("alice", "challenge", "opponent="+aiName, "size=7"))
	rep := public(t, e.cmd("alice", "setup", "shooters=d4", "stone=a1"))
	if rep.After == nil {
		t.Fatal("no After hook on a reply that leaves the AI to act")
	}
	e.waitAI()
	if posts := box.drain(); len(posts) != 0 {
		t.Fatalf("the AI acted before the reply was sent: %+v", posts)
	}
	runAfter(rep)
	e.waitAI()
	if posts := box.drain(); len(posts) == 0 {
		t.Fatal("the AI did not act after the reply was sent")
	}
	if r := e.cmd("carol", "board"); r.After != nil {
		t.Fatal("After on a reply that does not leave the AI to act")
	}
}

// TestAIFaultyPlayer: an AI that fails, panics or chooses an illegal
// action does not leave the game stuck: a random legal action is played.
func TestAIFaultyPlayer(t *testing.T) {
	faults := []actorFunc{
		func(veletas.Game) (veletas.Action, error) { return veletas.Action{}, errors.New("no idea") },
		func(veletas.Game) (veletas.Action, error) { panic("boom") },
		func(veletas.Game) (veletas.Action, error) { // a turn, illegal before the turns
			return veletas.TurnAction(veletas.Turn{From: 0, To: veletas.NoSquare, Shot: 1}), nil
		},
	}
	for i, f := range faults {
		e := newEnv(t, Config{})
		box := e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(func(ai.Level, store.Game) Actor { return f }), Rescan: -1})
		public(t, e.cmd("alice", "challenge", "opponent="+aiName, "size=7"))
		public(t, e.act("alice", "setup", "shooters=d4", "stone=a1")) // the AI chooses sides
		e.waitAI()
		// With the choice made, f acts in the second setup (when the AI
		// kept) or alice does; play on until it is alice's turn to move.
		g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if err != nil || g.Revision < 2 {
			t.Fatalf("fault %d: %v, revision %d", i, err, g.Revision)
		}
		if g.ToAct() == aiName {
			t.Fatalf("fault %d: the game is stuck with the AI to act", i)
		}
		if len(box.drain()) == 0 {
			t.Fatalf("fault %d: nothing posted", i)
		}
		if logs := e.logs.String(); i == 1 && (!strings.Contains(logs, "level=ERROR msg=\"bot: panic in the AI's decision\"") || !strings.Contains(logs, "goroutine ")) {
			t.Fatalf("fault %d: the panic is not logged with its stack:\n%s", i, logs)
		}
	}
}

// gatedAI is an AI whose decisions each wait for their own release, and
// which reports the order they were taken in.
type gatedAI struct {
	started chan uint64
	mu      sync.Mutex
	gates   map[uint64]chan struct{}
}

func (a *gatedAI) gate(id uint64) chan struct{} {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.gates[id] == nil {
		a.gates[id] = make(chan struct{})
	}
	return a.gates[id]
}

func (a *gatedAI) player(l ai.Level, g store.Game) Actor {
	return actorFunc(func(st veletas.Game) (veletas.Action, error) {
		a.started <- g.ID
		<-a.gate(g.ID)
		return ai.NewRandom(g.ID).Act(st)
	})
}

func (a *gatedAI) next(tb testing.TB) uint64 {
	tb.Helper()
	select {
	case id := <-a.started:
		return id
	case <-time.After(20 * time.Second):
		tb.Fatal("no decision started")
	}
	return 0
}

// TestAIFairQueue drives the real workers with an AI that blocks until
// each decision is released, and checks the order in which decisions are
// taken: alice's four hard games do not hold up bob's easy one (taken as
// soon as it comes, by the worker kept for cheap decisions), carol's hard
// game takes its turn between alice's, and alice's fourth game is over
// her bound of DefaultAIPerUser and waits for the rescan.
func TestAIFairQueue(t *testing.T) {
	e := newEnv(t, Config{})
	gated := &gatedAI{started: make(chan uint64, 16), gates: map[uint64]chan struct{}{}}
	e.startAI(AIConfig{Workers: 2, NewPlayer: veletasPlayers(gated.player), Rescan: -1})
	game := func(n int, user, level string) store.Game {
		t.Helper()
		ch := fmt.Sprintf("%s-%d", e.chann, n)
		g, err := startAIRules(t.Context(), e.db, e.guild, ch, user, aiName, level, veletas.Size7, veletas.Classic)
		if err != nil {
			t.Fatal(err)
		}
		if g, err = applyToken(e.db, e.guild, ch, user, g.Revision, "[d4]a1"); err != nil {
			t.Fatal(err)
		}
		return g
	}
	a1, a2, a3, a4 := game(1, "alice", "hard"), game(2, "alice", "hard"), game(3, "alice", "hard"), game(4, "alice", "hard")
	c1, b1 := game(5, "carol", "hard"), game(6, "bob", "easy")

	e.bot.aiTurn(a1)
	if id := gated.next(t); id != a1.ID {
		t.Fatalf("first decision: game %d, want alice's %d", id, a1.ID)
	}
	for _, g := range []store.Game{a2, a3, a4, c1, b1} {
		e.bot.aiTurn(g)
	}
	if id := gated.next(t); id != b1.ID {
		t.Fatalf("while alice's first hard decision runs, game %d started; want bob's easy game %d", id, b1.ID)
	}
	close(gated.gate(b1.ID))
	close(gated.gate(a1.ID))
	var order []uint64
	for range 3 {
		id := gated.next(t)
		order = append(order, id)
		close(gated.gate(id))
	}
	if want := []uint64{a2.ID, c1.ID, a3.ID}; !slices.Equal(order, want) {
		t.Errorf("hard decisions after alice's first: %v, want %v (alice, carol, alice)", order, want)
	}
	e.waitAI()
	select {
	case id := <-gated.started:
		t.Fatalf("game %d decided; alice's fourth game %d was over her bound", id, a4.ID)
	default:
	}
	close(gated.gate(a4.ID))
	e.bot.ai.Load().scan()
	if id := gated.next(t); id != a4.ID {
		t.Fatalf("the rescan started game %d, want alice's fourth %d", id, a4.ID)
	}
	e.waitAI()
	if g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann+"-4"); err != nil || g.ToAct() != "alice" {
		t.Fatalf("alice's fourth game after the rescan: %v, to act %q", err, g.ToAct())
	}
}

// applyToken plays the action written in the notation ("[d4]a1"), as a
// player would.
func applyToken(db *store.DB, guild, channel, user string, rev int, token string) (store.Game, error) {
	a, err := veletas.ParseAction(token)
	if err != nil {
		return store.Game{}, err
	}
	return applyAction(context.Background(), db, guild, channel, user, rev, a)
}
