package discord

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// amatch is the Amazons game g replayed.
func amatch(t testing.TB, g store.Game) amazons.Match {
	t.Helper()
	m, ok := g.State().(amazons.Match)
	if !ok {
		t.Fatalf("game %d is no Amazons game: %T", g.ID, g.State())
	}
	return m
}

// TestDiscordAmazons: a whole Amazons game through the adapter and the
// fake Discord: challenged, accepted with its button, autocomplete of
// the legal squares in turn, played by /amazons move (random legal turns
// of the engine) to its end, the final card, then the standings.
func TestDiscordAmazons(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	cmd := func(channel string, u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Message {
		t.Helper()
		return de.send(t, fakediscord.GameCommand("amazons", de.id(), de.Guild, channel, u, fakediscord.AllPermissions, sub, opts, bob))
	}
	ch := cmd("c1", alice, "challenge", fakediscord.UserOpt("opponent", bob.ID))
	if ch.Ephemeral() || !strings.Contains(ch.Text(), "challenges you to a game of Amazons") || !strings.Contains(ch.Text(), "`/amazons accept`") {
		t.Fatalf("challenge: %+v", ch)
	}
	acc := de.press(t, "c1", bob, fakediscord.AllPermissions, buttonOf(t, ch, "Accept"))
	if !strings.Contains(acc.Text(), "The game is on in <#thread-") {
		t.Fatalf("accept: %q", acc.Text())
	}
	thread := acc.Text()[strings.Index(acc.Text(), "<#")+2 : strings.Index(acc.Text(), ">.")]
	post, err := de.fake.NextPost(thread, replyWait)
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, post)
	if len(post.Embeds) != 1 || post.Embeds[0].Title != "Amazons, game 1" || post.Content != "<@"+alice.ID+">" {
		t.Fatalf("first card: %q %+v", post.Content, post.Embeds)
	}
	// Autocomplete, in turn: the amazons that can move, where d1 goes,
	// where it shoots from d7.
	focus := func(opts ...fakediscord.Option) []string {
		t.Helper()
		ac := de.send(t, fakediscord.GameCommand("amazons", de.id(), de.Guild, thread, alice, fakediscord.AllPermissions, "move", opts))
		if ac.Type != 8 {
			t.Fatalf("autocomplete: %+v", ac)
		}
		var vs []string
		for _, c := range ac.Choices {
			vs = append(vs, fmt.Sprint(c.Value))
		}
		return vs
	}
	if got := strings.Join(focus(fakediscord.Focus("amazon", "")), " "); got != "d1 g1 a4 j4" {
		t.Errorf("amazons: %q", got)
	}
	to := focus(fakediscord.Str("amazon", "d1"), fakediscord.Focus("to", "d"))
	if len(to) == 0 || !strings.Contains(" "+strings.Join(to, " ")+" ", " d7 ") {
		t.Errorf("to from d1: %q", to)
	}
	for _, sq := range focus(fakediscord.Str("amazon", "d1"), fakediscord.Str("to", "d7"), fakediscord.Focus("arrow", "")) {
		tu, err := amazons.ParseTurn("d1-d7/" + sq)
		if err != nil || !amazons.Start().Legal(tu) {
			t.Errorf("arrow %q suggested: %v", sq, err)
		}
	}
	// A refusal in the user's language.
	in := fakediscord.GameCommand("amazons", de.id(), de.Guild, thread, alice, fakediscord.AllPermissions, "move",
		[]fakediscord.Option{fakediscord.Str("turn", "d1-d10/g7")}, bob)
	in["locale"] = "fr"
	if m := de.send(t, in); !m.Ephemeral() || !strings.Contains(m.Text(), "Rien n'a été") {
		t.Fatalf("illegal move: %+v", m)
	}
	// The game, to its end.
	r := rand.New(rand.NewPCG(21, 5))
	users := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob}
	var last fakediscord.Message
	for i := 0; ; i++ {
		g, err := e.DB.ActiveGame(t.Context(), e.Guild, thread)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil || i > 200 {
			t.Fatalf("turn %d: %v", i, err)
		}
		turns := amatch(t, g).Position().LegalTurns()
		tu := turns[r.IntN(len(turns))]
		var opts []fakediscord.Option
		if i%2 == 0 {
			opts = []fakediscord.Option{fakediscord.Str("amazon", tu.From.String()), fakediscord.Str("to", tu.To.String()), fakediscord.Str("arrow", tu.Arrow.String())}
		} else {
			opts = []fakediscord.Option{fakediscord.Str("turn", tu.String())}
		}
		last = cmd(thread, users[g.ToAct()], "move", opts...)
		if last.Ephemeral() {
			t.Fatalf("turn %d %s refused: %q", i, tu, last.Text())
		}
	}
	checkPNG(t, last)
	if len(last.Embeds) != 1 || !strings.Contains(last.Text(), "wins**") || !strings.Contains(last.Text(), "by leaving the opponent no move") ||
		!strings.Contains(last.Text(), "Territory") {
		t.Fatalf("final card: %q", last.Text())
	}
	games, err := e.DB.FinishedGames(t.Context(), e.Guild, alice.ID, 1)
	if err != nil || len(games) != 1 || games[0].Kind != amazons.GameKind || games[0].Winner == "" {
		t.Fatalf("finished game: %v %+v", err, games)
	}
	winner := games[0].Winner
	st := cmd("c1", alice, "standings")
	if !strings.Contains(st.Text(), "Amazons standings") || !strings.Contains(st.Text(), "<@"+winner+">") {
		t.Fatalf("standings: %q", st.Text())
	}
	if vs := cmd("c1", alice, "standings"); strings.Contains(vs.Text(), "Fanorona") {
		t.Fatalf("standings name another game: %q", vs.Text())
	}
}

// TestDiscordAmazonsAI: a game against the computer: its turns arrive as
// posts in the thread.
func TestDiscordAmazonsAI(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	if err := e.Bot.StartAI(de.d.Self(), de.d, bot.AIConfig{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Bot.StopAI)
	me := fakediscord.User{ID: fakediscord.AppID, Name: "veletasbot"}
	ch := de.send(t, fakediscord.GameCommand("amazons", de.id(), de.Guild, "c1", alice, fakediscord.AllPermissions, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", me.ID), fakediscord.Str("level", "easy")}, me))
	if ch.Ephemeral() || !strings.Contains(ch.Text(), "the computer (easy)") || !strings.Contains(ch.Text(), "The game is on in <#thread-") {
		t.Fatalf("challenge: %+v", ch)
	}
	thread := ch.Text()[strings.Index(ch.Text(), "<#")+2 : strings.Index(ch.Text(), ">.")]
	if _, err := de.fake.NextPost(thread, replyWait); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		g, err := e.DB.ActiveGame(t.Context(), e.Guild, thread)
		if err != nil || g.ToAct() != alice.ID {
			t.Fatalf("%d: %v, %q to act", i, err, g.ToAct())
		}
		tu := amatch(t, g).Position().LegalTurns()[0]
		m := de.send(t, fakediscord.GameCommand("amazons", de.id(), de.Guild, thread, alice, fakediscord.AllPermissions, "move",
			[]fakediscord.Option{fakediscord.Str("turn", tu.String())}))
		if m.Ephemeral() || !strings.Contains(m.Text(), "is thinking") {
			t.Fatalf("move %d: %q", i, m.Text())
		}
		post, err := de.fake.NextPost(thread, replyWait)
		if err != nil {
			t.Fatal(err)
		}
		checkPNG(t, post)
		if v, ok := post.Embeds[0].Field("Last action"); !ok || !strings.Contains(v, "by <@"+fakediscord.AppID+">") {
			t.Fatalf("computer's turn %d: %q", i, v)
		}
	}
	g, err := e.DB.ActiveGame(t.Context(), e.Guild, thread)
	if err != nil || amatch(t, g).Game.Len() != 4 {
		t.Fatalf("after two rounds: %v %d", err, amatch(t, g).Game.Len())
	}
}

// amazonsMove is a decoded /amazons move interaction.
func amazonsMove(guild, channel, user string, t amazons.Turn) *discordgo.Interaction {
	return &discordgo.Interaction{
		ID: "1", AppID: fakediscord.AppID, Type: discordgo.InteractionApplicationCommand, GuildID: guild, ChannelID: channel,
		Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: user}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "amazons", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "move", Type: discordgo.ApplicationCommandOptionSubCommand, Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: "amazon", Type: discordgo.ApplicationCommandOptionString, Value: t.From.String()},
				{Name: "to", Type: discordgo.ApplicationCommandOptionString, Value: t.To.String()},
				{Name: "arrow", Type: discordgo.ApplicationCommandOptionString, Value: t.Arrow.String()},
			}},
		}},
		Token: "tok",
	}
}

// BenchmarkAmazonsMoveCommand is BenchmarkMoveCommand for /amazons move:
// a random legal turn read, played, its card drawn and encoded (budget:
// 25 ms a move).
func BenchmarkAmazonsMoveCommand(b *testing.B) {
	bt, db := benchBot(b)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 1))
	games := 0
	channel := func() string { return fmt.Sprintf("a%d", games) }
	start := func() {
		req := func(user, sub string, opts map[string]string) bot.Request {
			return bot.Request{Type: bot.TypeCommand, Guild: "g", Channel: channel(), User: bot.User{ID: user}, Game: "amazons", Command: sub, Options: opts}
		}
		if rep := bt.Handle(ctx, req("u1", "challenge", map[string]string{"opponent": "u2"})); rep.Ephemeral {
			b.Fatal(rep.Text)
		}
		if rep := bt.Handle(ctx, req("u2", "accept", nil)); rep.Ephemeral {
			b.Fatal(rep.Text)
		}
	}
	start()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, err := db.ActiveGame(b.Context(), "g", channel())
		if errors.Is(err, store.ErrNoGame) {
			games++
			start()
			g, err = db.ActiveGame(b.Context(), "g", channel())
		}
		if err != nil {
			b.Fatal(err)
		}
		turns := amatch(b, g).Position().LegalTurns()
		in := amazonsMove("g", channel(), g.ToAct(), turns[r.IntN(len(turns))])
		b.StartTimer()
		handleMove(b, ctx, bt, in)
	}
}
