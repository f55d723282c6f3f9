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

// TestDiscordAIGame plays a whole 7x7 game against the AI through the
// Discord adapter and the fake Discord: the challenge starts the game in a
// thread, each of alice's commands is answered at once (even while the AI
// is stuck thinking), and the AI's actions arrive as posts in the thread.
func TestDiscordAIGame(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	self := de.d.Self()
	if self.ID != fakediscord.AppID || self.Bot {
		t.Fatalf("self %+v", self)
	}
	blk := bottest.NewBlockingAI()
	if err := e.Bot.StartAI(self, de.d, bot.AIConfig{Workers: 1, NewPlayer: blk.Player}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Bot.StopAI)
	released := false
	t.Cleanup(func() {
		if !released {
			close(blk.Release)
		}
	})
	me := fakediscord.User{ID: fakediscord.AppID, Name: "veletasbot"}
	ch := de.command(t, "c1", alice, fakediscord.AllPermissions, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", me.ID), fakediscord.Str("size", "7"), fakediscord.Str("level", "easy")}, me)
	if ch.Ephemeral() || !strings.Contains(ch.Text(), "plays against me, the computer (easy)") || !strings.Contains(ch.Text(), "The game is on in <#thread-") {
		t.Fatalf("challenge: %+v", ch)
	}
	thread := ch.Text()[strings.Index(ch.Text(), "<#")+2 : strings.Index(ch.Text(), ">.")]
	post, err := de.fake.NextPost(thread, replyWait)
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, post)
	allowedOnly(t, post, alice.ID)

	r := rand.New(rand.NewPCG(8, 8))
	aiPosts := 0
	for i := 0; ; i++ {
		g, err := e.DB.ActiveGame(t.Context(), e.Guild, thread)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil || i > 100 || g.ToAct() != alice.ID {
			t.Fatalf("%d: %v, %q to act", i, err, g.ToAct())
		}
		_, sub, opts := bottest.NextCommand(t, g, r)
		var o []fakediscord.Option
		for _, kv := range opts {
			k, v, _ := strings.Cut(kv, "=")
			o = append(o, fakediscord.Str(k, v))
		}
		m := de.command(t, thread, alice, fakediscord.AllPermissions, sub, o)
		if m.Ephemeral() || (i == 0 && (m.Kind != "callback" || m.Type != 4)) { // the end may be deferred (its GIF)
			t.Fatalf("%s %v: %+v", sub, opts, m)
		}
		checkPNG(t, m)
		if strings.Contains(m.Text(), "**<@"+alice.ID+"> wins**") {
			break
		}
		if !strings.Contains(m.Text(), "(computer, easy) is thinking") {
			t.Fatalf("reply: %q", m.Text())
		}
		allowedOnly(t, m) // nobody to ping while the AI thinks
		if i == 0 {
			// The first decision blocks until released: alice had her
			// answer meanwhile, and others are answered too.
			blk.WaitStarted(t, g.ID)
			b := de.command(t, "c2", bob, fakediscord.NoThreads, "board", nil)
			if !b.Ephemeral() || !strings.Contains(b.Text(), "no game in this channel") {
				t.Fatalf("bob's board elsewhere: %+v", b)
			}
			close(blk.Release)
			released = true
		}
		for {
			p, err := de.fake.NextPost(thread, replyWait)
			if err != nil {
				t.Fatal(err)
			}
			aiPosts++
			checkPNG(t, p)
			if p.At.Before(m.At) {
				t.Fatalf("the AI's move %q was posted before the reply to alice's %q", p.Text(), m.Text())
			}
			if !strings.Contains(p.Text(), "by <@"+me.ID+">") {
				t.Fatalf("AI post: %q", p.Text())
			}
			if strings.Contains(p.Text(), "wins**") {
				break
			}
			if strings.Contains(p.Text(), "<@"+alice.ID+">, your turn") {
				allowedOnly(t, p, alice.ID)
				break
			}
		}
	}
	if aiPosts < 3 {
		t.Fatalf("%d AI posts", aiPosts)
	}
	done, err := e.DB.FinishedGames(t.Context(), e.Guild, alice.ID, 1)
	if err != nil || len(done) != 1 || done[0].AI != me.ID {
		t.Fatalf("finished: %v %+v", err, done)
	}
}
