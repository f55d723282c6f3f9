package discord

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// postedHandler is the bot, telling on posted each message id a reply
// recorded (bot.Reply.Posted, as the adapter calls it), so that a test
// waits for the record instead of sleeping.
type postedHandler struct {
	*bot.Bot
	posted chan string
}

func newPostedHandler(b *bot.Bot) *postedHandler {
	return &postedHandler{Bot: b, posted: make(chan string, 16)}
}

func (h *postedHandler) Handle(ctx context.Context, req bot.Request) bot.Reply {
	r := h.Bot.Handle(ctx, req)
	h.wrap(&r)
	if r.Next != nil {
		n := *r.Next
		h.wrap(&n)
		r.Next = &n
	}
	for i := range r.Posts {
		h.wrap(&r.Posts[i].Reply)
	}
	return r
}

func (h *postedHandler) wrap(r *bot.Reply) {
	if p := r.Posted; p != nil {
		r.Posted = func(message string) { p(message); h.posted <- message }
	}
}

// next waits for the next message id recorded.
func (h *postedHandler) next(t testing.TB) string {
	t.Helper()
	select {
	case id := <-h.posted:
		return id
	case <-time.After(replyWait):
		t.Fatal("no message id was recorded")
		return ""
	}
}

// The adapter edits messages for the sweep.
var _ bot.MessageEditor = (*Adapter)(nil)

// signalEdits is the adapter as the sweep's Sender, telling on done the
// outcome of each edit once it returned (and so once the sweep goes on to
// record it).
type signalEdits struct {
	*Adapter
	done chan error
}

func (s signalEdits) EditMessage(ctx context.Context, channel, message string, r bot.Reply) error {
	err := s.Adapter.EditMessage(ctx, channel, message, r)
	s.done <- err
	return err
}

// sweepEdits runs the bot's sweeper with the adapter as its Sender until
// it made n edits, each accepted by the fake Discord, and stops it.
func sweepEdits(t testing.TB, b *bot.Bot, d *Adapter, n int) {
	t.Helper()
	s := signalEdits{Adapter: d, done: make(chan error, n)}
	b.StartSweeper(time.Hour, s)
	defer b.StopSweeper() // waits for the sweep to record the edits
	for range n {
		select {
		case err := <-s.done:
			if err != nil {
				t.Fatalf("an edit failed: %v", err)
			}
		case <-time.After(replyWait):
			t.Fatal("the sweep did not edit")
		}
	}
}

// expiredTo checks that the fake Discord's message id says that the
// challenge of from (to "" for an open one) expired, without buttons nor
// embeds, and pings no one.
func expiredTo(t testing.TB, fake *fakediscord.Server, id string, from, to fakediscord.User) {
	t.Helper()
	m, ok := fake.Message(id)
	if !ok {
		t.Fatalf("no message %s in the fake Discord", id)
	}
	want := "<@" + from.ID + ">'s challenge to <@" + to.ID + "> has expired. Make a new one with `/veletas challenge opponent:@someone`."
	if to.ID == "" {
		want = "<@" + from.ID + ">'s open challenge has expired. Make a new one with `/veletas challenge opponent:@someone`."
	}
	if len(m.AllowedUsers) != 0 || !m.AllowedMentions() {
		t.Fatalf("message %s after the expiry may ping %v", id, m.AllowedUsers)
	}
	if m.Content != want || len(m.Buttons) != 0 || len(m.Embeds) != 0 {
		t.Fatalf("message %s after the expiry: %q, buttons [%s], %d embeds; want %q without buttons", id, m.Content, labels(m), len(m.Embeds), want)
	}
}

// TestDiscordExpiredChallengeMessage: the adapter records the id of a
// challenge's message, answered at once (read back from @original),
// after a deferral (the edit's answer) and as a follow-up (a rematch
// offer); once the challenges expired, the sweep edits each message in
// the fake Discord into the expiry notice without buttons, once.
func TestDiscordExpiredChallengeMessage(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := newPostedHandler(e.Bot)
	de := newDiscordEnv(t, h, e)

	// In c3, a game that ends, so that Rematch offers a challenge as a
	// follow-up message.
	g := de.command(t, "c3", alice, fakediscord.NoThreads, "challenge", []fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob)
	h.next(t)
	de.pressOn(t, "c3", bob, de.stored(t, g.ID), "Accept")
	end := de.command(t, "c3", bob, fakediscord.NoThreads, "resign", nil)
	if _, ok := de.fake.Message(end.ID); !ok {
		t.Fatalf("resign: %+v", end)
	}

	ch := de.command(t, "c1", alice, fakediscord.NoThreads, "challenge", []fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID)}, bob)
	if ch.Type != 4 || ch.ID == "" {
		t.Fatalf("challenge: %+v", ch)
	}
	if id := h.next(t); id != ch.ID {
		t.Fatalf("recorded message %s; the challenge's is %s", id, ch.ID)
	}
	fast := de.d.DeferAfter
	de.d.DeferAfter = time.Nanosecond
	open := de.command(t, "c2", carol, fakediscord.NoThreads, "challenge", nil)
	de.d.DeferAfter = fast
	if open.Kind != "edit" || open.ID == "" || labels(de.stored(t, open.ID)) != "Accept Withdraw" {
		t.Fatalf("the deferred open challenge: %+v", open)
	}
	if id := h.next(t); id != open.ID {
		t.Fatalf("recorded message %s; the open challenge's is %s", id, open.ID)
	}
	de.pressOn(t, "c3", alice, de.stored(t, end.ID), "Rematch")
	offer := h.next(t)
	if m := de.stored(t, offer); !strings.Contains(m.Text(), "offers a rematch") || labels(m) != "Accept Decline" {
		t.Fatalf("the recorded follow-up %s is not the rematch offer: %q [%s]", offer, m.Text(), labels(m))
	}
	for c, want := range map[string]string{"c1": ch.ID, "c2": open.ID, "c3": offer} {
		cs, err := e.DB.Challenges(t.Context(), e.Guild, c)
		if err != nil || len(cs) != 1 || cs[0].Message != want {
			t.Fatalf("the challenge of %s: %+v %v; want its message %s recorded", c, cs, err, want)
		}
	}

	e.Clock.Add(store.DefaultChallengeTTL)
	sweepEdits(t, e.Bot, de.d, 3)
	expiredTo(t, de.fake, ch.ID, alice, bob)
	expiredTo(t, de.fake, open.ID, carol, fakediscord.User{})
	expiredTo(t, de.fake, offer, alice, bob)
	if posts := e.Bot.Sweep(t.Context(), e.Clock.Now()); len(posts) != 0 {
		t.Fatalf("the next sweep edits again: %+v", posts)
	}
}

// TestHTTPExpiredChallengeMessage: over the HTTP interactions, where the
// first response goes back in the HTTP response, the adapter reads the
// challenge's message id from @original, and the sweep edits it at the
// expiry; an edit of a message Discord does not know fails with
// bot.ErrMessageGone, which makes the sweep forget it.
func TestHTTPExpiredChallengeMessage(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := newPostedHandler(e.Bot)
	he := newHTTPEnv(t, h, e)
	ch := he.send(t, fakediscord.Command(he.id(), e.Guild, "c1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID)}, bob))
	if ch.Kind != "callback" || ch.Type != 4 || ch.ID == "" {
		t.Fatalf("challenge: %+v", ch)
	}
	if id := h.next(t); id != ch.ID {
		t.Fatalf("recorded message %s; the challenge's is %s", id, ch.ID)
	}
	e.Clock.Add(store.DefaultChallengeTTL)
	sweepEdits(t, e.Bot, he.d, 1)
	expiredTo(t, he.fake, ch.ID, alice, bob)
	m, err := he.fake.NextPost("c1", replyWait) // the fake recorded the edit in the channel
	if err != nil || m.Kind != "edit" || m.ID != ch.ID || len(m.Buttons) != 0 {
		t.Fatalf("the fake's record of the edit: %+v %v", m, err)
	}
	if posts := e.Bot.Sweep(t.Context(), e.Clock.Now()); len(posts) != 0 {
		t.Fatalf("the next sweep edits again: %+v", posts)
	}

	// A message gone: Discord's 404 ends the edits.
	if err := he.d.EditMessage(context.Background(), "c1", "999999999999", bot.Reply{Text: "x"}); err == nil || !strings.Contains(err.Error(), "Unknown Message") {
		t.Fatalf("editing a message that does not exist: %v", err)
	} else if !errors.Is(err, bot.ErrMessageGone) {
		t.Fatalf("not ErrMessageGone: %v", err)
	}
}
