package discord

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// TestDiscordTournamentRoundRobin plays a round robin of four through the
// fake Discord (every payload checked against Discord's description): the
// announcement and its Join buttons, each round's pairings card and its
// games started in threads by the sweep (sent through the adapter), two
// random legal moves a game as slash commands in the threads, then a
// resignation; the last one posts the final standings with the
// crosstable.
func TestDiscordTournamentRoundRobin(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(24, 4))
	dave := fakediscord.User{ID: "200000000000000044", Name: "dave"}
	users := map[string]fakediscord.User{}
	for _, u := range []fakediscord.User{alice, bob, carol, dave} {
		users[u.ID] = u
	}
	tcmd := func(u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Message {
		t.Helper()
		return de.send(t, fakediscord.GameCommand(bot.TournamentCommand, de.id(), de.Guild, de.Channel, u, fakediscord.AllPermissions, sub, opts))
	}
	ann := tcmd(alice, "create", fakediscord.Str("game", "veletas"), fakediscord.Str("format", "round-robin"),
		fakediscord.Str("terms", "size:7"), fakediscord.Str("time", "none"), fakediscord.Str("players", "4"))
	if ann.Ephemeral() || len(ann.Embeds) != 1 || !strings.Contains(ann.Embeds[0].Title, "Veletas (7x7)") {
		t.Fatalf("announcement: %q %+v", ann.Text(), ann.Embeds)
	}
	join := buttonOf(t, ann, "Join")
	for _, u := range []fakediscord.User{alice, bob, carol, dave} {
		if m := de.press(t, de.Channel, u, fakediscord.AllPermissions, join); m.Ephemeral() || !strings.Contains(m.Embeds[0].Description, "<@"+u.ID+">") {
			t.Fatalf("join by %s: %q %+v", u.Name, m.Text(), m.Embeds)
		}
	}
	e.Bot.SetThreads(de.d)
	// sweep sends what the sweep posts through the adapter, as
	// RunSweeper does, and returns the posts.
	sweep := func() []bot.Post {
		t.Helper()
		posts := e.Bot.Sweep(ctx, e.Clock.Now())
		for _, p := range posts {
			var err error
			if p.Message != "" {
				err = de.d.EditMessage(ctx, p.Channel, p.Message, p.Reply)
			} else {
				err = de.d.Send(ctx, p.Channel, p.Reply)
			}
			if err != nil {
				t.Fatalf("sending %+v: %v", p, err)
			}
			e.Bot.Delivered(ctx, p)
		}
		return posts
	}
	var final fakediscord.Message
	for round := 1; round <= 3; round++ {
		sweep()
		card, err := de.fake.NextPost(de.Channel, replyWait)
		for err == nil && (len(card.Embeds) == 0 || !strings.Contains(card.Embeds[0].Title, ": round ")) {
			card, err = de.fake.NextPost(de.Channel, replyWait) // the announcement's edit comes first
		}
		if err != nil {
			t.Fatalf("round %d: no pairings card: %v", round, err)
		}
		gs, err := e.DB.ActiveGames(ctx, e.Guild)
		if err != nil || len(gs) != 2 {
			t.Fatalf("round %d: %v, %d games", round, err, len(gs))
		}
		slices.SortFunc(gs, func(a, b store.Game) int { return strings.Compare(a.Channel, b.Channel) })
		for gi, g := range gs {
			if !strings.Contains(card.Embeds[0].Description, "<#"+g.Channel+">") {
				t.Fatalf("round %d: the card does not link thread %s: %s", round, g.Channel, card.Embeds[0].Description)
			}
			first, err := de.fake.NextPost(g.Channel, replyWait)
			if err != nil {
				t.Fatalf("round %d: no card in the game's thread: %v", round, err)
			}
			checkPNG(t, first)
			for range 2 {
				g, err = e.DB.ActiveGame(ctx, e.Guild, g.Channel)
				if err != nil {
					t.Fatal(err)
				}
				user, sub, opts := bottest.NextCommand(t, g, r)
				var os []fakediscord.Option
				for _, o := range opts {
					k, v, _ := strings.Cut(o, "=")
					os = append(os, fakediscord.Str(k, v))
				}
				m := de.send(t, fakediscord.GameCommand("veletas", de.id(), de.Guild, g.Channel, users[user], fakediscord.AllPermissions, sub, os))
				if m.Ephemeral() {
					t.Fatalf("%s %v refused: %q", sub, opts, m.Text())
				}
			}
			m := de.send(t, fakediscord.GameCommand("veletas", de.id(), de.Guild, g.Channel, users[g.Players[r.IntN(2)]], fakediscord.AllPermissions, "resign", nil))
			if m.Ephemeral() {
				t.Fatalf("resign refused: %q", m.Text())
			}
			if round == 3 && gi == 1 {
				if final, err = de.fake.NextPost(de.Channel, replyWait); err != nil {
					t.Fatalf("no final standings: %v", err)
				}
			}
		}
	}
	if !strings.Contains(final.Text(), "is over:") || len(final.Files) != 1 || final.Files[0].ContentType != "image/png" ||
		len(final.Embeds) != 1 || final.Embeds[0].ImageURL() != "attachment://"+final.Files[0].Name {
		t.Fatalf("final standings: %q, %d files, %+v", final.Text(), len(final.Files), final.Embeds)
	}
	for _, u := range []fakediscord.User{alice, bob, carol, dave} {
		if !strings.Contains(final.Embeds[0].Description, "<@"+u.ID+">") {
			t.Fatalf("the standings lack %s: %s", u.Name, final.Embeds[0].Description)
		}
	}
	tt, err := e.DB.Tournaments(ctx, e.Guild)
	if err != nil || len(tt) != 1 || tt[0].Status != store.TournamentFinished || len(tt[0].Games) != 6 {
		t.Fatalf("%v %+v", err, tt)
	}
	if posts := sweep(); len(posts) != 0 {
		t.Fatalf("a sweep after the end posts %d", len(posts))
	}
}
