package discord

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/store"
)

// benchBot is a Bot on a store that syncs every commit to disk, as in
// production.
func benchBot(b *testing.B) (*bot.Bot, *store.DB) {
	db, err := store.Open(filepath.Join(b.TempDir(), "bench.DB"), &store.Options{Games: testGames})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	// As cmd/veletasbot does: replays are drawn narrower.
	return bot.New(db, nil, logger, bot.Config{RateBurst: -1, Replay: render.Options{Width: 480}, Games: games.All()}), db
}

// moveInteraction is a decoded /veletas move interaction, as discordgo
// hands it to the adapter.
func moveInteraction(guild, channel, user string, t veletas.Turn) *discordgo.Interaction {
	opts := []*discordgo.ApplicationCommandInteractionDataOption{
		{Name: "shooter", Type: discordgo.ApplicationCommandOptionString, Value: t.From.String()},
		{Name: "shoot", Type: discordgo.ApplicationCommandOptionString, Value: t.Shot.String()},
	}
	if t.Moved() {
		opts = append(opts, &discordgo.ApplicationCommandInteractionDataOption{Name: "to", Type: discordgo.ApplicationCommandOptionString, Value: t.To.String()})
	}
	return &discordgo.Interaction{
		ID: "1", AppID: fakediscord.AppID, Type: discordgo.InteractionApplicationCommand, GuildID: guild, ChannelID: channel,
		Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: user}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "veletas", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "move", Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts},
		}},
		Token: "tok",
	}
}

// playSetup starts a 10x10 game in channel and plays its setup.
func playSetup(b *testing.B, bt *bot.Bot, db *store.DB, channel string, r *rand.Rand) {
	ctx := context.Background()
	req := func(user, sub string, opts map[string]string) bot.Request {
		return bot.Request{Type: bot.TypeCommand, Guild: "g", Channel: channel, User: bot.User{ID: user}, Command: sub, Options: opts}
	}
	ch := bt.Handle(ctx, req("u1", "challenge", map[string]string{"opponent": "u2", "size": "10"}))
	if ch.Ephemeral {
		b.Fatal(ch.Text)
	}
	if r := bt.Handle(ctx, req("u2", "accept", nil)); r.Ephemeral {
		b.Fatal(r.Text)
	}
	for {
		g, err := db.ActiveGame(b.Context(), "g", channel)
		if err != nil {
			b.Fatal(err)
		}
		if vstate(g).Position().Phase() == veletas.PhasePlay {
			return
		}
		user, sub, opts := bottest.NextCommand(b, g, r)
		o := map[string]string{}
		for _, kv := range opts {
			k, v, _ := strings.Cut(kv, "=")
			o[k] = v
		}
		if rep := bt.Handle(ctx, req(user, sub, o)); rep.Ephemeral {
			b.Fatal(rep.Text)
		}
	}
}

// BenchmarkMoveCommand measures one move command on a 10x10 board: from
// the decoded interaction to the response ready to send (request, store
// commit with fsync, board image, multipart body).
func BenchmarkMoveCommand(b *testing.B) {
	bt, db := benchBot(b)
	r := rand.New(rand.NewPCG(1, 1))
	games := 0
	channel := func() string { return fmt.Sprintf("c%d", games) }
	playSetup(b, bt, db, channel(), r)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, err := db.ActiveGame(b.Context(), "g", channel())
		if errors.Is(err, store.ErrNoGame) {
			games++
			playSetup(b, bt, db, channel(), r)
			g, err = db.ActiveGame(b.Context(), "g", channel())
		}
		if err != nil {
			b.Fatal(err)
		}
		p := vstate(g).Position()
		t, _ := p.RandomTurn(r)
		in := moveInteraction("g", channel(), g.ToAct(), t)
		b.StartTimer()
		handleMove(b, ctx, bt, in)
	}
}

// handleMove is the measured part of a move benchmark: the interaction
// read, handled by the bot and its response encoded as Discord gets it.
func handleMove(b *testing.B, ctx context.Context, bt *bot.Bot, in *discordgo.Interaction) {
	req, err := RequestFromInteraction(in)
	if err != nil {
		b.Fatal(err)
	}
	rep := bt.Handle(ctx, req)
	resp := ResponseFor(rep)
	if _, _, err := discordgo.MultipartBodyWithJSON(resp, resp.Data.Files); err != nil {
		b.Fatal(err)
	}
	if rep.Ephemeral || len(rep.Images) == 0 {
		b.Fatalf("move refused: %s", rep.Plain())
	}
}

// BenchmarkConcurrentGames plays 200 7x7 games at once through the fake
// Discord and reports the latency from sending an interaction to
// receiving its reply (p50-ms, p99-ms, max-ms) and the slowest first
// response (ack-max-ms, which Discord wants within 3 s).
//
// think=1s: each player takes a random 0.5 to 1.5 s before each action,
// so that about 200 interactions a second arrive (players in an
// asynchronous game take far longer). think=0: every player acts the
// moment the reply arrives, a stress test that keeps 200 interactions in
// flight all the time; its latency is bound by the CPU time of a board
// image times 200 over the cores.
func BenchmarkConcurrentGames(b *testing.B) {
	b.Run("think=1s", func(b *testing.B) { concurrentGames(b, 200, 500*time.Millisecond, time.Second, 250*time.Millisecond) })
	b.Run("think=0", func(b *testing.B) { concurrentGames(b, 200, 0, 0, 0) })
}

func concurrentGames(b *testing.B, games int, thinkMin, thinkSpread, maxP99 time.Duration) {
	for n := 0; n < b.N; n++ {
		b.StopTimer()
		bt, db := benchBot(b)
		fake := fakediscord.New()
		d, err := New(testToken, fake.URL(), bt, bt.Logger)
		if err != nil {
			b.Fatal(err)
		}
		d.Guild = "g"
		if err := d.Open(); err != nil {
			b.Fatal(err)
		}
		<-fake.Ready
		var (
			mu     sync.Mutex
			lat    []time.Duration
			ackMax time.Duration
			ids    = make(chan string, 1)
			stop   = make(chan struct{})
			wg     sync.WaitGroup
			errs   = make(chan error, games)
		)
		go func() {
			for i := 1; ; i++ {
				select {
				case ids <- fmt.Sprint(i):
				case <-stop:
					return
				}
			}
		}()
		send := func(r *rand.Rand, in map[string]any) (fakediscord.Message, error) {
			if thinkMin > 0 || thinkSpread > 0 {
				time.Sleep(thinkMin + time.Duration(r.Int64N(int64(thinkSpread)+1)))
			}
			t0 := time.Now()
			if err := fake.Send(in); err != nil {
				return fakediscord.Message{}, err
			}
			m, ack, err := fake.ReplyAndAck(in["id"].(string), 30*time.Second)
			mu.Lock()
			lat = append(lat, time.Since(t0))
			ackMax = max(ackMax, ack.Sub(t0))
			mu.Unlock()
			if err == nil && m.Ephemeral() {
				err = fmt.Errorf("refused: %s", m.Text())
			}
			return m, err
		}
		b.StartTimer()
		for gi := 0; gi < games; gi++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- playThrough(db, send, ids, gi)
			}()
		}
		wg.Wait()
		b.StopTimer()
		close(stop)
		close(errs)
		for err := range errs {
			if err != nil {
				b.Fatal(err)
			}
		}
		d.Close()
		fake.Close()
		slices.Sort(lat)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		p99 := lat[int(0.99*float64(len(lat)-1))]
		b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
		b.ReportMetric(ms(p99), "p99-ms")
		b.ReportMetric(ms(lat[len(lat)-1]), "max-ms")
		b.ReportMetric(ms(ackMax), "ack-max-ms")
		b.ReportMetric(float64(len(lat)), "interactions")
		b.Logf("%d interactions: p50 %v, p99 %v, max %v, slowest first response %v", len(lat), lat[len(lat)/2], p99, lat[len(lat)-1], ackMax)
		if ackMax >= 3*time.Second {
			b.Errorf("a first response took %v", ackMax)
		}
		if maxP99 > 0 && p99 > maxP99 {
			b.Errorf("p99 %v > %v", p99, maxP99)
		}
	}
}

// playThrough plays one whole 7x7 game in its own channel.
func playThrough(db *store.DB, send func(*rand.Rand, map[string]any) (fakediscord.Message, error), ids chan string, gi int) error {
	channel := fmt.Sprintf("chan%d", gi)
	p1 := fakediscord.User{ID: fmt.Sprintf("1%05d", gi), Name: "p1"}
	p2 := fakediscord.User{ID: fmt.Sprintf("2%05d", gi), Name: "p2"}
	users := map[string]fakediscord.User{p1.ID: p1, p2.ID: p2}
	r := rand.New(rand.NewPCG(uint64(gi), 7))
	ch, err := send(r, fakediscord.Command(<-ids, "g", channel, p1, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", p2.ID), fakediscord.Str("size", "7")}, p2))
	if err != nil {
		return err
	}
	if _, err := send(r, fakediscord.Press(<-ids, "g", channel, p2, fakediscord.NoThreads, "1", ch.Buttons[0].CustomID)); err != nil {
		return err
	}
	for {
		g, err := db.ActiveGame(context.Background(), "g", channel)
		if errors.Is(err, store.ErrNoGame) {
			return nil
		}
		if err != nil {
			return err
		}
		pos := vstate(g).Position()
		var a veletas.Action
		switch pos.Phase() {
		case veletas.PhaseSetup1, veletas.PhaseSetup2:
			a = pos.RandomSetup(r)
		case veletas.PhaseChoice:
			a = veletas.ChoiceAction(false)
		default:
			t, _ := pos.RandomTurn(r)
			a = veletas.TurnAction(t)
		}
		sub, opts := fakediscord.VeletasCommand(a)
		if _, err := send(r, fakediscord.Command(<-ids, "g", channel, users[g.ToAct()], fakediscord.NoThreads, sub, opts)); err != nil {
			return err
		}
	}
}

// fanoronaMoveInteraction is a decoded /fanorona move path:… interaction.
func fanoronaMoveInteraction(guild, channel, user, path string) *discordgo.Interaction {
	in := moveInteraction(guild, channel, user, veletas.Turn{})
	in.Data = discordgo.ApplicationCommandInteractionData{Name: "fanorona", Options: []*discordgo.ApplicationCommandInteractionDataOption{
		{Name: "move", Type: discordgo.ApplicationCommandOptionSubCommand, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "path", Type: discordgo.ApplicationCommandOptionString, Value: path},
		}},
	}}
	return in
}

// BenchmarkFanoronaMoveCommand is BenchmarkMoveCommand for /fanorona move
// path:… (a random legal whole turn) in Fanorona games between people:
// from the decoded interaction to the response ready to send (request,
// store commit with fsync, the 800-px board image in the card, multipart
// body). A game that ends is followed by a new one (its final message and
// replay included in that turn).
func BenchmarkFanoronaMoveCommand(b *testing.B) {
	bt, db := benchBot(b)
	r := rand.New(rand.NewPCG(1, 1))
	ctx := context.Background()
	games := 0
	channel := func() string { return fmt.Sprintf("f%d", games) }
	start := func() {
		req := func(user, sub string, opts map[string]string) bot.Request {
			return bot.Request{Type: bot.TypeCommand, Game: "fanorona", Guild: "g", Channel: channel(), User: bot.User{ID: user}, Command: sub, Options: opts}
		}
		if ch := bt.Handle(ctx, req("u1", "challenge", map[string]string{"opponent": "u2", "side": "white"})); ch.Ephemeral {
			b.Fatal(ch.Text)
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
		turns := fmatch(g).Position().LegalTurns(nil)
		in := fanoronaMoveInteraction("g", channel(), g.ToAct(), turns[r.IntN(len(turns))].String())
		b.StartTimer()
		handleMove(b, ctx, bt, in)
	}
}
