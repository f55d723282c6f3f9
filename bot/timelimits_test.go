package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/store"
)

// sweep runs the bot's sweep at the env's clock and delivers its posts, as
// a sender that accepts them does.
func (e *env) sweep() []Post {
	e.tb.Helper()
	posts := e.bot.Sweep(e.tb.Context(), e.clock.Now())
	for _, p := range posts {
		e.bot.Delivered(e.tb.Context(), p)
	}
	return posts
}

func TestTimeLimitReminderTimeoutClaim(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "time=1d"))
	if !strings.Contains(ch.Plain(), "Rated, 1 day per move.") {
		t.Fatalf("challenge: %q", ch.Plain())
	}
	start := followed(t, public(t, e.press("bob", button(t, ch, "Accept"))))
	due := e.clock.Now().Add(24 * time.Hour).Unix()
	if !strings.Contains(start.Plain(), "Time left: due <t:") || !strings.Contains(start.Plain(), "), 1 day per move") {
		t.Fatalf("game view without the deadline: %q", start.Plain())
	}
	if p := e.sweep(); len(p) != 0 {
		t.Fatalf("posts at the start: %+v", p)
	}
	refused(t, e.cmd("bob", "claim"), "has not run out: <@alice> has until")

	e.clock.Add(19 * time.Hour) // 79%
	if p := e.sweep(); len(p) != 0 {
		t.Fatalf("posts at 79%%: %+v", p)
	}
	e.clock.Add(time.Hour) // 83%
	p := e.sweep()
	if len(p) != 1 || p[0].Channel != e.chann || !strings.Contains(p[0].Reply.Plain(), "<@alice>, a reminder: your move in game 1 is due <t:") ||
		!hasMention(p[0].Reply, "alice") || hasMention(p[0].Reply, "bob") || !strings.Contains(p[0].Reply.Plain(), "<t:"+strconv.FormatInt(due, 10)+":f>") {
		t.Fatalf("reminder: %+v", p)
	}
	if p := e.sweep(); len(p) != 0 {
		t.Fatalf("a second reminder: %+v", p)
	}

	// A restart: a new store and bot on the same file find the deadline.
	path := e.db.Path()
	e.db.Close()
	db, err := store.Open(path, &store.Options{Games: testGames, NoSync: true, Now: e.clock.Now, Rate: store.GlickoRate(e.clock.Now)})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	e.db = db
	e.bot = New(db, e.clock.Now, e.bot.Logger, Config{RateBurst: -1, Games: TestGames()})

	e.clock.Add(4 * time.Hour) // past the deadline
	p = e.sweep()
	if len(p) != 1 || !strings.Contains(p[0].Reply.Plain(), "the time for <@alice>'s move has run out. <@bob>, you may claim the win with `/veletas claim`") ||
		!hasMention(p[0].Reply, "bob") || hasMention(p[0].Reply, "alice") {
		t.Fatalf("time up: %+v", p)
	}
	if p := e.sweep(); len(p) != 0 {
		t.Fatalf("time up told twice: %+v", p)
	}
	refused(t, e.cmd("alice", "claim"), "It is your move")
	refused(t, e.cmd("carol", "claim"), "not playing this game")
	if _, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil {
		t.Fatalf("a refusal changed the game: %v", err)
	}
	end := public(t, e.cmd("bob", "claim"))
	if !strings.Contains(end.Plain(), "**<@bob> wins** on time!") || !hasMention(end, "alice") {
		t.Fatalf("claim: %q", end.Plain())
	}
	decodePNG(t, end)
	done, err := e.db.FinishedGames(t.Context(), e.guild, "bob", 1)
	if err != nil || len(done) != 1 || done[0].Reason != store.ReasonTimeout || done[0].Winner != "bob" {
		t.Fatalf("archive: %+v %v", done, err)
	}
	if s, _ := e.db.Standing(t.Context(), kindVeletas, e.guild, "bob"); s.Wins != 1 || s.Rating <= 1500 {
		t.Fatalf("bob's standing after a timeout win: %+v", s)
	}
}

// TestTimeLimitMoveResets: a move starts a new time for the other player,
// with its own reminder.
func TestTimeLimitMoveResets(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "time=10h"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	e.clock.Add(9 * time.Hour)
	if p := e.sweep(); len(p) != 1 || !hasMention(p[0].Reply, "alice") {
		t.Fatalf("reminder: %+v", p)
	}
	g, _ := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	user, sub, opts := nextCommand(t, g, rand.New(rand.NewPCG(1, 2)))
	public(t, e.cmd(user, sub, opts...)) // alice's setup, just in time
	e.clock.Add(9 * time.Hour)
	if p := e.sweep(); len(p) != 1 || !hasMention(p[0].Reply, "bob") {
		t.Fatalf("bob's reminder: %+v", p)
	}
	refused(t, e.cmd("alice", "claim"), "has not run out")
}

func TestNoTimeLimitAndSettings(t *testing.T) {
	e := newEnv(t, Config{})
	// The default is 3 days.
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	if !strings.Contains(ch.Plain(), "3 days per move") {
		t.Fatalf("default time: %q", ch.Plain())
	}
	public(t, e.press("alice", button(t, ch, "Decline")))
	refused(t, e.cmd("alice", "challenge", "opponent=bob", "time=20d"), "between 1 hour and 14 days")
	refused(t, e.cmd("alice", "challenge", "opponent=bob", "time=soon"), "not a time per move")

	// Only Manage Server changes the default.
	if r := e.cmd("alice", "settings"); !r.Ephemeral || !strings.Contains(r.Plain(), "default time per move: 3 days") {
		t.Fatalf("settings: %q", r.Plain())
	}
	refused(t, e.cmd("alice", "settings", "time=12h"), "Manage Server")
	req := e.req("mod", "settings", "time=12h")
	req.ManageServer = true
	if r := public(t, e.bot.Handle(context.Background(), req)); !strings.Contains(r.Plain(), "default time per move to 12 hours") {
		t.Fatalf("settings changed: %q", r.Plain())
	}
	ch = public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	if !strings.Contains(ch.Plain(), "12 hours per move") {
		t.Fatalf("server default: %q", ch.Plain())
	}
	public(t, e.press("alice", button(t, ch, "Decline")))
	req = e.req("mod", "settings", "time=none")
	req.ManageServer = true
	public(t, e.bot.Handle(context.Background(), req))

	ch = public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "rated=false"))
	if !strings.Contains(ch.Plain(), "Unrated, no time limit.") {
		t.Fatalf("no limit: %q", ch.Plain())
	}
	start := followed(t, public(t, e.press("bob", button(t, ch, "Accept"))))
	if strings.Contains(start.Plain(), "Time per move") || !strings.Contains(start.Plain(), "your turn") {
		t.Fatalf("a game without limit shows a deadline: %q", start.Plain())
	}
	e.clock.Add(30 * 24 * time.Hour)
	if p := e.sweep(); len(p) != 0 {
		t.Fatalf("posts for a game without limit: %+v", p)
	}
	refused(t, e.cmd("bob", "claim"), "no time limit")
}

// TestSweeperGoroutine starts and stops the one sweeping goroutine: its
// first sweep posts what is due through send.
func TestSweeperGoroutine(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "time=1h"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	e.clock.Add(2 * time.Hour)
	got := make(chan Post, 4)
	e.bot.StartSweeper(time.Hour, SendFunc(func(ctx context.Context, channel string, r Reply) error {
		got <- Post{Channel: channel, Reply: r}
		return nil
	}))
	e.bot.StartSweeper(time.Hour, nil) // a second start does nothing
	p := <-got
	if p.Channel != e.chann || !strings.Contains(p.Reply.Plain(), "has run out") {
		t.Fatalf("post %+v", p)
	}
	e.bot.StopSweeper()
	e.bot.StopSweeper()
}

// TestSweepRetriesUndelivered has the sweeper's sender fail: the time-up
// notice is not recorded as sent, and the next sweeper sends it again;
// once a sender accepts it, it is recorded and not sent again.
func TestSweepRetriesUndelivered(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "time=1h"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	e.clock.Add(2 * time.Hour)
	run := func(fail bool) Post {
		t.Helper()
		got := make(chan Post, 4)
		e.bot.StartSweeper(time.Hour, SendFunc(func(ctx context.Context, channel string, r Reply) error {
			got <- Post{Channel: channel, Reply: r}
			if fail {
				return errors.New("discord: 503 Service Unavailable")
			}
			return nil
		}))
		p := <-got
		e.bot.StopSweeper() // waits for the sweep under way to end
		return p
	}
	for range 2 {
		p := run(true)
		if !strings.Contains(p.Reply.Plain(), "has run out") {
			t.Fatalf("post %+v", p)
		}
		if g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil || g.TimeUp {
			t.Fatalf("a notice that failed was recorded as sent: %v %+v", err, g)
		}
	}
	if p := run(false); !strings.Contains(p.Reply.Plain(), "has run out") {
		t.Fatalf("post %+v", p)
	}
	if g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil || !g.TimeUp {
		t.Fatalf("a delivered notice was not recorded: %v %+v", err, g)
	}
	if p := e.sweep(); len(p) != 0 {
		t.Fatalf("sent again after delivery: %+v", p)
	}
}

// TestSweepPurgesExpiredChallenges: the regular sweep deletes the
// challenges expired for more than a day, not the others.
func TestSweepPurgesExpiredChallenges(t *testing.T) {
	e := newEnv(t, Config{})
	public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	e.clock.Add(24 * time.Hour)
	public(t, e.cmd("carol", "challenge", "opponent=bob", "size=7"))
	e.clock.Add(25 * time.Hour) // the first expired 25 h ago, the second 1 h ago
	e.sweep()
	if _, err := e.db.PendingChallenge(t.Context(), e.guild, e.chann, "bob"); !errors.Is(err, store.ErrChallengeExpired) {
		t.Fatalf("the challenge expired an hour ago: %v", err)
	}
	list, err := e.db.Challenges(t.Context(), e.guild, "")
	if err != nil || len(list) != 0 {
		t.Fatalf("unexpired challenges: %v %+v", err, list)
	}
	if _, err := e.db.Challenge(t.Context(), 1); !errors.Is(err, store.ErrChallengeNotFound) {
		t.Fatalf("the challenge expired 25 h ago after the sweep: %v", err)
	}
	if c, err := e.db.Challenge(t.Context(), 2); err != nil || c.Challenger != "carol" {
		t.Fatalf("the challenge expired an hour ago after the sweep: %v %+v", err, c)
	}
}

// editor is a Sender that can edit messages (MessageEditor): it hands
// each edit to edits, and fails with fail when set.
type editor struct {
	edits chan Post
	fail  error
}

func (s *editor) Send(ctx context.Context, channel string, r Reply) error { return nil }

func (s *editor) EditMessage(ctx context.Context, channel, message string, r Reply) error {
	s.edits <- Post{Channel: channel, Message: message, Reply: r}
	return s.fail
}

// TestExpiredChallengeMessageEdited: a challenge's reply records the id
// of the message it became (Reply.Posted, as the front ends call it);
// once the challenge expired, the sweep edits that message into the
// expiry notice without buttons, in the server's language, once; a
// challenge whose message is unknown is left alone, as is every message
// when the sender cannot edit; a message gone for good is forgotten.
func TestExpiredChallengeMessageEdited(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob"))
	open := public(t, e.cmd("carol", "challenge"))
	unknown := public(t, e.cmd("dave", "challenge", "opponent=erin"))
	late := public(t, e.cmd("gina", "challenge", "opponent=frank"))
	if ch.Posted == nil || open.Posted == nil || unknown.Posted == nil {
		t.Fatal("a challenge's reply does not record its message (Reply.Posted)")
	}
	ch.Posted("1300000000000000001")
	open.Posted("1300000000000000002")
	open.Posted("bad id with spaces") // not an id: not recorded
	id := func(r Reply) uint64 {
		t.Helper()
		b, err := parseCustomID(button(t, r, "Accept"))
		if err != nil {
			t.Fatal(err)
		}
		n, err := strconv.ParseUint(b.Key, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if c, err := e.db.Challenge(t.Context(), id(ch)); err != nil || c.Message != "1300000000000000001" {
		t.Fatalf("the challenge's message: %v %+v", err, c)
	}
	if c, err := e.db.Challenge(t.Context(), id(open)); err != nil || c.Message != "1300000000000000002" {
		t.Fatalf("the open challenge's message: %v %+v", err, c)
	}
	if !strings.Contains(e.logs.String(), "not an id") {
		t.Fatalf("the bad id was not logged:\n%s", e.logs)
	}
	if _, err := e.db.UpdateSettings(t.Context(), e.guild, func(s *store.Settings) error { s.Locale = "fr"; return nil }); err != nil {
		t.Fatal(err)
	}
	if posts := e.bot.Sweep(t.Context(), e.clock.Now()); len(posts) != 0 {
		t.Fatalf("before the expiry: %+v", posts)
	}

	e.clock.Add(store.DefaultChallengeTTL)
	// A sender that cannot edit: nothing is edited, nothing is forgotten.
	sent := make(chan Post, 8)
	e.bot.StartSweeper(time.Hour, SendFunc(func(ctx context.Context, channel string, r Reply) error {
		sent <- Post{Channel: channel, Reply: r}
		return nil
	}))
	e.bot.StopSweeper()
	if len(sent) != 0 {
		t.Fatalf("a sender without edits posted %+v", <-sent)
	}
	wants := []string{
		"Le défi de <@alice> à <@bob> a expiré. Lancez-en un nouveau avec `/veletas challenge opponent:@quelqu'un`.",
		"Le défi ouvert de <@carol> a expiré. Lancez-en un nouveau avec `/veletas challenge opponent:@quelqu'un`.",
	}
	want := wants[0]
	posts := e.bot.Sweep(t.Context(), e.clock.Now())
	var got []string
	for i, p := range posts {
		if i >= len(wants) || p.Channel != e.chann || p.Reply.Text != wants[i] || len(p.Reply.Buttons) != 0 || len(p.Reply.Mentions) != 0 || p.Reply.Ephemeral {
			t.Fatalf("post %d %+v; want %q in %s without buttons nor pings", i, p, wants[min(i, 1)], e.chann)
		}
		got = append(got, p.Message)
	}
	if strings.Join(got, " ") != "1300000000000000001 1300000000000000002" {
		t.Fatalf("edited messages %v; want the two recorded", got)
	}

	// A sender that edits: each message once.
	ed := &editor{edits: make(chan Post, 8)}
	e.bot.StartSweeper(time.Hour, ed)
	first, second := <-ed.edits, <-ed.edits
	e.bot.StopSweeper()
	if first.Message != "1300000000000000001" || second.Message != "1300000000000000002" || first.Reply.Text != want || len(first.Reply.Buttons) != 0 {
		t.Fatalf("edits %+v %+v", first, second)
	}
	if c, err := e.db.Challenge(t.Context(), id(ch)); err != nil || c.Message != "" {
		t.Fatalf("the edited message is still recorded: %v %+v", err, c)
	}
	if posts := e.bot.Sweep(t.Context(), e.clock.Now()); len(posts) != 0 {
		t.Fatalf("edited again: %+v", posts)
	}

	// An edit that fails is tried again; one whose message is gone is not.
	late.Posted("1300000000000000003") // recorded late: edited at the next sweep
	ed.fail = errors.New("discord: 503 Service Unavailable")
	e.bot.StartSweeper(time.Hour, ed)
	<-ed.edits
	e.bot.StopSweeper()
	if posts := e.bot.Sweep(t.Context(), e.clock.Now()); len(posts) != 1 || posts[0].Message != "1300000000000000003" {
		t.Fatalf("after a failed edit: %+v", posts)
	}
	ed.fail = fmt.Errorf("discord: Unknown Message: %w", ErrMessageGone)
	e.bot.StartSweeper(time.Hour, ed)
	<-ed.edits
	e.bot.StopSweeper()
	if posts := e.bot.Sweep(t.Context(), e.clock.Now()); len(posts) != 0 {
		t.Fatalf("a message gone is edited again: %+v", posts)
	}
}
