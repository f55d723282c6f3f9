package discord

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// steppedHandler lets a test hold an interaction in the handler (until
// the test saw its deferral) and know when the handler returned (the
// action is committed).
type steppedHandler struct {
	Handler
	mu   sync.Mutex
	hold map[string]chan struct{}
	done map[string]chan struct{}
}

// track returns the channels of interaction id: release (when hold) lets
// its handler run, done is closed once it returned.
func (s *steppedHandler) track(id string, hold bool) (release, done chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	done = make(chan struct{})
	s.done[id] = done
	if hold {
		release = make(chan struct{})
		s.hold[id] = release
	}
	return release, done
}

func (s *steppedHandler) Handle(ctx context.Context, req bot.Request) bot.Reply {
	s.mu.Lock()
	release, done := s.hold[req.ID], s.done[req.ID]
	s.mu.Unlock()
	if release != nil {
		<-release
	}
	if done != nil {
		defer close(done)
	}
	return s.Handler.Handle(ctx, req)
}

// TestDiscordRateLimitedLogsNoTokens plays a whole game through the fake
// Discord with every request about many interactions answered 429 (the
// callback, and on the interaction's webhook the edit of @original, the
// follow-ups and the deletion of the placeholder), so that each warning
// of a failed answer is logged ("response failed", "deferring failed",
// "editing the deferred response failed", "deleting the placeholder
// failed", "follow-up failed"), and then checks that no log line holds
// any interaction's token or the bot's token.
func TestDiscordRateLimitedLogsNoTokens(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	old := discordgo.Logger
	t.Cleanup(func() { discordgo.Logger = old })
	RouteDiscordgoLogs(e.Bot.Logger, "Bot "+testToken)
	h := &steppedHandler{Handler: e.Bot, hold: map[string]chan struct{}{}, done: map[string]chan struct{}{}}
	de := newDiscordEnv(t, h, e)
	de.d.DeferAfter = 20 * time.Millisecond
	var ids []string
	wait := func(ch chan struct{}, what string) {
		t.Helper()
		select {
		case <-ch:
		case <-time.After(replyWait):
			t.Fatalf("%s: the handler did not return", what)
		}
	}
	// limited sends an interaction whose every request to Discord gets
	// 429, and waits until its handler returned. deferred: the handler
	// is held until the deferral was attempted, so the answer goes
	// through the webhook (edit, or deletion and follow-up).
	limited := func(in map[string]any, deferred bool) {
		t.Helper()
		id := in["id"].(string)
		ids = append(ids, id)
		de.fake.LimitAll(id)
		release, done := h.track(id, deferred)
		if err := de.fake.Send(in); err != nil {
			t.Fatal(err)
		}
		if deferred {
			if m, err := de.fake.Next(id, replyWait); err != nil || m.Kind != "limited" {
				t.Fatalf("deferral of %s: %+v %v", id, m, err)
			}
			close(release)
		}
		wait(done, id)
	}
	command := func(channel string, u fakediscord.User, sub string, opts []fakediscord.Option, users ...fakediscord.User) map[string]any {
		id := de.id()
		ids = append(ids, id)
		return fakediscord.Command(id, e.Guild, channel, u, fakediscord.AllPermissions, sub, opts, users...)
	}

	ch := de.send(t, command("c1", alice, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob))
	accept := buttonOf(t, ch, "Accept")
	// carol presses Accept, deferred and limited: an ephemeral refusal
	// after a deferred update is a follow-up.
	limited(fakediscord.Press(de.id(), e.Guild, "c1", carol, fakediscord.AllPermissions, ch.ID, accept), true)
	id := de.id()
	ids = append(ids, id)
	acc := de.send(t, fakediscord.Press(id, e.Guild, "c1", bob, fakediscord.AllPermissions, ch.ID, accept))
	if !strings.Contains(acc.Text(), "The game is on in <#thread-") {
		t.Fatalf("accept: %+v", acc)
	}
	thread := acc.Text()[strings.Index(acc.Text(), "<#")+2 : strings.Index(acc.Text(), ">.")]

	users := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; ; i++ {
		g, err := e.DB.ActiveGame(t.Context(), e.Guild, thread)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil || i > 200 {
			t.Fatal(i, err)
		}
		if i%4 == 1 {
			// Refusals on the way, limited: an ephemeral answer after a
			// deferral deletes the placeholder and follows up; without
			// a deferral it is the response.
			limited(command(thread, carol, "resign", nil), true)
			limited(command(thread, carol, "resign", nil), false)
			limited(command(thread, carol, "board", nil), true)
		}
		user, sub, opts := bottest.NextCommand(t, g, r)
		var o []fakediscord.Option
		for _, kv := range opts {
			k, v, _ := strings.Cut(kv, "=")
			o = append(o, fakediscord.Str(k, v))
		}
		in := command(thread, users[user], sub, o)
		if i%2 == 0 {
			limited(in, i%4 == 0) // the move is made, its answer lost
			continue
		}
		if m := de.send(t, in); m.Ephemeral() {
			t.Fatalf("%s %v refused: %+v", sub, opts, m)
		}
	}
	if done, err := e.DB.FinishedGames(t.Context(), e.Guild, "", 1); err != nil || len(done) != 1 {
		t.Fatal(done, err)
	}
	// Close waits for the answers in flight, whose failures are logged.
	if err := de.d.Close(); err != nil {
		t.Fatal(err)
	}
	logs := e.Logs.String()
	for _, w := range []string{"discord: response failed", "discord: deferring failed", "discord: editing the deferred response failed",
		"discord: deleting the placeholder failed", "discord: follow-up failed", "429"} {
		if !strings.Contains(logs, w) {
			t.Errorf("no %q in the logs", w)
		}
	}
	for _, line := range strings.Split(logs, "\n") {
		for _, id := range ids {
			if strings.Contains(line, "tok-"+id) {
				t.Errorf("the token of interaction %s is in the log: %s", id, line)
			}
		}
		if strings.Contains(line, testToken) || strings.Contains(line, "fake.token") {
			t.Errorf("the bot's token is in the log: %s", line)
		}
	}
	t.Logf("%d interactions, %d log lines", len(ids), strings.Count(logs, "\n"))
}
