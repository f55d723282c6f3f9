package discord

import (
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
)

// nextEdit waits for the fake Discord's record of the next edit of a
// message in channel, and returns the edited message's id.
func nextEdit(t testing.TB, fake *fakediscord.Server, channel string) string {
	t.Helper()
	m, err := fake.NextPost(channel, replyWait)
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != "edit" {
		t.Fatalf("in %s: %+v; want an edit of a message", channel, m)
	}
	return m.ID
}

// settledAs checks that the fake Discord's message id says want, without
// buttons nor embeds, and pings no one.
func settledAs(t testing.TB, fake *fakediscord.Server, id, want string) {
	t.Helper()
	m, ok := fake.Message(id)
	if !ok {
		t.Fatalf("no message %s in the fake Discord", id)
	}
	if len(m.AllowedUsers) != 0 || !m.AllowedMentions() {
		t.Fatalf("message %s once settled may ping %v", id, m.AllowedUsers)
	}
	if m.Content != want || len(m.Buttons) != 0 || len(m.Embeds) != 0 {
		t.Fatalf("message %s once settled: %q, buttons [%s], %d embeds; want %q without buttons", id, m.Content, labels(m), len(m.Embeds), want)
	}
}

// TestDiscordSettledChallengeMessage: a challenge accepted with /veletas
// accept, declined with /veletas decline or withdrawn with /veletas
// withdraw has its message edited in the
// fake Discord, after the answer, into a notice without buttons; so has
// the message of a challenge withdrawn as a game starts in its channel.
func TestDiscordSettledChallengeMessage(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := newPostedHandler(e.Bot)
	de := newDiscordEnv(t, h, e)
	to := func(opp fakediscord.User) []fakediscord.Option {
		return []fakediscord.Option{fakediscord.UserOpt("opponent", opp.ID)}
	}

	// c1: alice's challenge to bob, and carol's to alice.
	ch := de.command(t, "c1", alice, fakediscord.NoThreads, "challenge", to(bob), bob)
	if id := h.next(t); id != ch.ID || labels(de.stored(t, ch.ID)) != "Accept Decline" {
		t.Fatalf("recorded %s; the challenge is %+v", id, ch)
	}
	other := de.command(t, "c1", carol, fakediscord.NoThreads, "challenge", to(alice), alice)
	if id := h.next(t); id != other.ID {
		t.Fatalf("recorded %s; the challenge is %+v", id, other)
	}
	start := de.command(t, "c1", bob, fakediscord.NoThreads, "accept", nil)
	if start.Ephemeral() || start.ID == ch.ID {
		t.Fatalf("accept: %+v", start)
	}
	edited := map[string]bool{nextEdit(t, de.fake, "c1"): true, nextEdit(t, de.fake, "c1"): true}
	if !edited[ch.ID] || !edited[other.ID] {
		t.Fatalf("edited %v; want %s and %s", edited, ch.ID, other.ID)
	}
	settledAs(t, de.fake, ch.ID, "<@"+alice.ID+">'s challenge to <@"+bob.ID+"> was accepted.")
	settledAs(t, de.fake, other.ID, "<@"+carol.ID+">'s challenge to <@"+alice.ID+"> was withdrawn: a game started in this channel.")

	// c2: declined by command.
	ch = de.command(t, "c2", alice, fakediscord.NoThreads, "challenge", to(bob), bob)
	if id := h.next(t); id != ch.ID {
		t.Fatalf("recorded %s; the challenge is %+v", id, ch)
	}
	if r := de.command(t, "c2", bob, fakediscord.NoThreads, "decline", nil); r.Ephemeral() {
		t.Fatalf("decline: %+v", r)
	}
	if id := nextEdit(t, de.fake, "c2"); id != ch.ID {
		t.Fatalf("edited %s; want %s", id, ch.ID)
	}
	settledAs(t, de.fake, ch.ID, "<@"+alice.ID+">'s challenge to <@"+bob.ID+"> was declined.")

	// c2: withdrawn by its challenger with /veletas withdraw.
	ch = de.command(t, "c2", alice, fakediscord.NoThreads, "challenge", to(bob), bob)
	if id := h.next(t); id != ch.ID {
		t.Fatalf("recorded %s; the challenge is %+v", id, ch)
	}
	if r := de.command(t, "c2", alice, fakediscord.NoThreads, "withdraw", nil); r.Ephemeral() || !strings.Contains(r.Content, "withdrew the challenge") {
		t.Fatalf("withdraw: %+v", r)
	}
	if id := nextEdit(t, de.fake, "c2"); id != ch.ID {
		t.Fatalf("edited %s; want %s", id, ch.ID)
	}
	settledAs(t, de.fake, ch.ID, "<@"+alice.ID+">'s challenge to <@"+bob.ID+"> was withdrawn.")

	// c3: two challenges to bob; /veletas accept lists them, and a press
	// on the list (not on the challenge's message) accepts one.
	ch = de.command(t, "c3", alice, fakediscord.NoThreads, "challenge", to(bob), bob)
	h.next(t)
	other = de.command(t, "c3", carol, fakediscord.NoThreads, "challenge", to(bob), bob)
	h.next(t)
	list := de.command(t, "c3", bob, fakediscord.NoThreads, "accept", nil)
	if !list.Ephemeral() || labels(list) != "Accept 1 Accept 2" {
		t.Fatalf("accept with two open: %+v", list)
	}
	de.pressOn(t, "c3", bob, list, "Accept 1")
	edited = map[string]bool{nextEdit(t, de.fake, "c3"): true, nextEdit(t, de.fake, "c3"): true}
	if !edited[ch.ID] || !edited[other.ID] {
		t.Fatalf("edited %v; want %s and %s", edited, ch.ID, other.ID)
	}
	for _, id := range []string{ch.ID, other.ID} {
		if m := de.stored(t, id); len(m.Buttons) != 0 {
			t.Fatalf("message %s keeps its buttons [%s]: %q", id, labels(m), m.Content)
		}
	}
}

// TestHTTPSettledChallengeMessage: over the HTTP interactions too, a
// challenge accepted by command has its message edited.
func TestHTTPSettledChallengeMessage(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := newPostedHandler(e.Bot)
	he := newHTTPEnv(t, h, e)
	ch := he.send(t, fakediscord.Command(he.id(), e.Guild, "c1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID)}, bob))
	if id := h.next(t); id != ch.ID {
		t.Fatalf("recorded message %s; the challenge's is %s", id, ch.ID)
	}
	if r := he.send(t, fakediscord.Command(he.id(), e.Guild, "c1", bob, fakediscord.NoThreads, "accept", nil)); r.Ephemeral() {
		t.Fatalf("accept: %+v", r)
	}
	if id := nextEdit(t, he.fake, "c1"); id != ch.ID {
		t.Fatalf("edited %s; want %s", id, ch.ID)
	}
	settledAs(t, he.fake, ch.ID, "<@"+alice.ID+">'s challenge to <@"+bob.ID+"> was accepted.")
}

// TestDiscordSettledEditFails: an edit Discord refuses (a message it does
// not hold: 404) is logged, and the accept stands: its game started and
// the other edits are made.
func TestDiscordSettledEditFails(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	h := newPostedHandler(e.Bot)
	de := newDiscordEnv(t, h, e)
	de.command(t, "c5", alice, fakediscord.NoThreads, "challenge", []fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID)}, bob)
	h.next(t)
	other := de.command(t, "c5", carol, fakediscord.NoThreads, "challenge", []fakediscord.Option{fakediscord.UserOpt("opponent", alice.ID)}, alice)
	h.next(t)
	cs, err := e.DB.Challenges(t.Context(), e.Guild, "c5")
	if err != nil || len(cs) != 2 {
		t.Fatalf("challenges: %+v %v", cs, err)
	}
	for _, c := range cs {
		if c.Challenger == alice.ID {
			if _, err := e.DB.SetChallengeMessage(t.Context(), c.ID, "999999999999999"); err != nil { // a message the fake does not hold
				t.Fatal(err)
			}
		}
	}
	if r := de.command(t, "c5", bob, fakediscord.NoThreads, "accept", nil); r.Ephemeral() || len(r.Embeds) != 1 || !strings.Contains(r.Embeds[0].Description, "accepted") {
		t.Fatalf("accept: %+v", r)
	}
	// The edits go in order: the refused one, then carol's.
	if id := nextEdit(t, de.fake, "c5"); id != other.ID {
		t.Fatalf("edited %s; want %s", id, other.ID)
	}
	if logs := e.Logs.String(); !strings.Contains(logs, "editing a settled challenge's message failed") || !strings.Contains(logs, "999999999999999") {
		t.Fatalf("the refused edit was not logged:\n%s", logs)
	}
	if g, err := e.DB.ActiveGame(t.Context(), e.Guild, "c5"); err != nil || g.Players[1] != bob.ID {
		t.Fatalf("the game after a refused edit: %+v %v", g, err)
	}
}
