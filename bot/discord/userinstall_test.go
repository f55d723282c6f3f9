package discord

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// groupDMEnv is a discordEnv whose interactions come from the group DM
// channel of users who installed the bot for themselves (context 2, user
// install only): the fake refuses any post, edit or thread there and more
// than fakediscord.MaxFollowUps follow-ups per interaction. Its Guild is
// the store's key of games outside servers.
func groupDMEnv(t *testing.T) (*discordEnv, *bottest.Env) {
	t.Helper()
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	outside := *e
	outside.Guild = bot.OutsideServers
	gd := &discordEnv{Env: &outside, fake: de.fake, d: de.d, shape: fakediscord.GroupDM}
	gd.ids.Store(700)
	return gd, e
}

// TestGroupDMGameThroughInteractions: alice and bob, who installed the bot
// for themselves, play Veletas in their group DM by the picker: every
// answer is an interaction's response or follow-up (nothing is posted in
// the group DM, no thread starts, no follow-up past Discord's limit), the
// reminder of the sweep and the turn notices go by DM to alice, who opted
// in, and not to bob, who did not; the replay is a follow-up; the rated
// game counts in the friendly standings, which say so, and in no server's.
func TestGroupDMGameThroughInteractions(t *testing.T) {
	de, e := groupDMEnv(t)
	const gdm = "300000000000000077"
	ctx := context.Background()
	interactions := 0
	on := de.command(t, gdm, alice, "0", "notify", []fakediscord.Option{fakediscord.Str("dm", "on")})
	interactions++
	if !on.Ephemeral() || !strings.Contains(on.Text(), "Direct messages are on") {
		t.Fatalf("notify: %+v", on)
	}
	ch := de.send(t, fakediscord.GameCommand("veletas", de.id(), de.Guild, gdm, alice, "0", "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7"), fakediscord.Str("time", "1h")}, bob))
	interactions++
	if ch.Type != 4 || ch.Ephemeral() || !strings.Contains(ch.Text(), "challenges you") {
		t.Fatalf("challenge: %+v", ch)
	}
	acc, id := de.pressOn(t, gdm, bob, ch, "Accept")
	interactions++
	if acc.Kind == "callback" && acc.Type == 7 || acc.Kind == "edit" {
		next, err := de.fake.Next(id, replyWait)
		if err != nil {
			t.Fatal(err)
		}
		acc = next
	}
	if acc.Kind != "followup" || !hasButton(acc, "Play") {
		t.Fatalf("the first card: %+v", acc)
	}
	g, err := e.DB.ActiveGame(ctx, bot.OutsideServers, gdm)
	if err != nil || g.Thread != "" || g.Guild != bot.OutsideServers {
		t.Fatalf("the game: %+v %v", g, err)
	}
	// alice is to set up: her turn notice came by DM, linking the group DM.
	dmc := fakediscord.DMChannel(alice.ID)
	dm, err := de.fake.NextPost(dmc, replyWait)
	if err != nil || !strings.Contains(dm.Content, "Your turn in Veletas game 1") || !strings.Contains(dm.Content, "https://discord.com/channels/@me/"+gdm) {
		t.Fatalf("alice's DM: %+v %v", dm, err)
	}

	// The sweep's reminder, due at 80% of the hour, goes by DM: nothing
	// is posted in the group DM.
	e.Clock.Add(50 * time.Minute)
	posts := e.Bot.Sweep(ctx, e.Clock.Now())
	if len(posts) != 1 {
		t.Fatalf("sweep: %+v", posts)
	}
	for _, p := range posts {
		if p.Reply.Text != "" || len(p.Reply.Images) != 0 {
			t.Fatalf("a notice for the group DM's channel: %+v", p.Reply)
		}
		if err := de.d.Send(ctx, p.Channel, p.Reply); err != nil {
			t.Fatal(err)
		}
		e.Bot.Delivered(ctx, p)
	}
	if dm, err := de.fake.NextPost(dmc, replyWait); err != nil || !strings.Contains(dm.Content, "game 1") || !strings.Contains(dm.Content, "<t:") {
		t.Fatalf("the reminder by DM: %+v %v", dm, err)
	}
	if g, _ := e.DB.ActiveGame(ctx, bot.OutsideServers, gdm); !g.Reminded {
		t.Fatal("the reminder is not recorded")
	}

	g, n := de.playByPicker(t, gdm, acc, rand.New(rand.NewPCG(11, 12)))
	interactions += n.total()
	if !g.Over() || g.Reason != store.ReasonRules || !g.Rated {
		t.Fatalf("the game did not end by the rules: %+v", g)
	}
	t.Logf("a group-DM game of Veletas 7x7: %d actions; %d interactions (notify 1, challenge 1, accept 1; picker: Play %d, choices %d, Confirm %d, Back %d)",
		g.Revision, interactions, n.plays, n.choices, n.confirms, n.backs)

	// The replay follows the last action's interaction up.
	for {
		m, err := de.fake.Next(n.last, replyWait)
		if err != nil {
			t.Fatal("no replay:", err)
		}
		if m.Kind == "followup" && len(m.Files) == 1 && m.Files[0].ContentType == "image/gif" {
			break
		}
	}
	if got := de.fake.FollowUps(n.last); got > fakediscord.MaxFollowUps || got < 2 {
		t.Fatalf("%d follow-ups of the last action", got)
	}
	// Nothing reached the group DM's channel but interactions' answers.
	if m, ok := de.fake.PollPost(gdm); ok {
		t.Fatalf("a post or refusal in the group DM: %+v", m)
	}
	if inv := de.fake.Invalid(); len(inv) != 0 {
		t.Fatalf("Discord would refuse: %v", inv)
	}
	if strings.Contains(e.Logs.String(), "past Discord's limit") || strings.Contains(e.Logs.String(), "was not sent") {
		t.Fatalf("logs: %s", e.Logs.String())
	}
	// bob did not opt in: no DM channel was opened with him.
	if de.fake.DMChannelsOpened(bob.ID) != 0 {
		t.Fatal("bob got a DM")
	}

	// Friendly standings, said to be so; none on the server.
	st := de.command(t, gdm, bob, "0", "standings", nil)
	if len(st.Embeds) != 1 || !strings.Contains(st.Embeds[0].Title, "friendly") ||
		!strings.Contains(st.Embeds[0].Description, "<@"+alice.ID+">") || !strings.Contains(st.Embeds[0].Description, "<@"+bob.ID+">") {
		t.Fatalf("standings in the group DM: %+v", st)
	}
	stats := de.command(t, gdm, alice, "0", "stats", nil)
	if len(stats.Embeds) != 1 || !strings.Contains(stats.Embeds[0].FooterText(), "Friendly stats") ||
		!strings.Contains(stats.Embeds[0].Description, "(rank 1)") && !strings.Contains(stats.Embeds[0].Description, "(rank 2)") {
		t.Fatalf("stats in the group DM: %+v", stats.Embeds)
	}
	if list, err := e.DB.Standings(ctx, g.Kind, e.Guild); err != nil || len(list) != 0 {
		t.Fatalf("the server's standings: %+v %v", list, err)
	}
	// carol, who never played them, sees no one's.
	st = de.command(t, "300000000000000078", carol, "0", "standings", nil)
	if len(st.Embeds) != 0 || !strings.Contains(st.Text(), "friendly") {
		t.Fatalf("carol's friendly standings: %+v", st)
	}
}

// TestUserInstallInServer: in a server that did not add the bot, a member
// who may not use external apps there (Discord makes the answers
// ephemeral) is told so plainly, and nothing is done; a member who may is
// told the bot cannot post there, and nothing is done either.
func TestUserInstallInServer(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	opts := []fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID)}
	de.shape = func(in map[string]any) map[string]any { return fakediscord.UserInstalled(in, "2048") } // send messages, no external apps
	m := de.command(t, "c1", alice, "0", "challenge", opts, bob)
	if !m.Ephemeral() || !strings.Contains(m.Text(), "does not let you use external apps") || !strings.Contains(m.Text(), "/veletas challenge") {
		t.Fatalf("forced ephemeral: %+v", m)
	}
	de.shape = func(in map[string]any) map[string]any { return fakediscord.UserInstalled(in, "1125899906844672") } // 1<<50 | send messages
	m = de.command(t, "c1", alice, "0", "challenge", opts, bob)
	if !m.Ephemeral() || !strings.Contains(m.Text(), "not a member of this server") {
		t.Fatalf("user install in a server: %+v", m)
	}
	if cs, err := e.DB.Challenges(t.Context(), e.Guild, "c1"); err != nil || len(cs) != 0 {
		t.Fatalf("challenges stored: %+v %v", cs, err)
	}
	// Help still answers.
	if m := de.command(t, "c1", alice, "0", "help", nil); strings.Contains(m.Text(), "external apps") {
		t.Fatalf("help: %+v", m)
	}
}
