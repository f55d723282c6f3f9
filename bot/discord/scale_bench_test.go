package discord

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/store"
)

// BenchmarkScaleCommands is every command of a player, from the decoded
// request to the response ready to send (store commit with fsync, board
// image, multipart body), on a generated store (store.Generate) of one
// guild (100 active games, 1,000 archived) and, when VELETAS_SCALE is
// set, of 1,000 guilds (100,000 active games, 1,000,000 archived), in
// one run, so that the costs at the two sizes can be compared:
//
//	VELETAS_SCALE=1 go test ./bot/discord -run '^$' -bench ScaleCommands -benchtime 200x
//
// The commands run in the first guild, which both stores share (the
// same seed): the same games, the same random moves, the same work but
// for the store's size. The big store is generated once into
// VELETAS_SCALE_DIR (default /tmp/veletas-scale) and copied before each
// run, so that every run starts from the same games.
func BenchmarkScaleCommands(b *testing.B) {
	sizes := []int{1}
	if os.Getenv("VELETAS_SCALE") != "" {
		sizes = append(sizes, 1000)
	}
	var stores []*scaleCommands
	for _, guilds := range sizes {
		db := openGenerated(b, guilds)
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		bt := bot.New(db, func() time.Time { return generatedNow }, logger,
			bot.Config{RateBurst: -1, Replay: render.Options{Width: 480}, Games: games.All()})
		sc := &scaleCommands{b: b, bt: bt, db: db, guild: store.GeneratedGuild(0),
			name: fmt.Sprintf("active=%d/archived=%d", guilds*store.GeneratedGuildGames, guilds*store.GeneratedGuildArchive)}
		sc.readGuild()
		stores = append(stores, sc)
	}
	// Each command at both sizes one after the other, so that the
	// machine's load changes little between them.
	run := func(cmd string, f func(sc *scaleCommands, b *testing.B)) {
		for _, sc := range stores {
			b.Run(cmd+"/"+sc.name, func(b *testing.B) { f(sc, b) })
		}
	}
	for _, k := range []game.Kind{veletas.GameKind, fanorona.GameKind, amazons.GameKind} {
		run("move-"+string(k), func(sc *scaleCommands, b *testing.B) { sc.moves(b, k) })
	}
	run("challenge-accept", (*scaleCommands).challenges)
	run("board", func(sc *scaleCommands, b *testing.B) {
		sc.reads(b, func(i int) bot.Request {
			ch := sc.channels[i%len(sc.channels)]
			return sc.req(sc.kinds[ch], store.GeneratedPlayer(0, 0), ch, "board", nil)
		})
	})
	for _, sub := range []string{"standings", "games", "stats"} {
		run(sub, func(sc *scaleCommands, b *testing.B) {
			sc.readPlayers(b)
			sc.reads(b, func(i int) bot.Request {
				k := sc.kindList[i%len(sc.kindList)]
				return sc.req(k, sc.players[i%len(sc.players)], store.GeneratedChannel(0, 700), sub, nil)
			})
		})
	}
	for _, sc := range stores {
		if err := sc.db.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// generatedNow is the clock of the generated stores and of their bots.
var generatedNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// openGenerated opens a copy of a generated store of guilds guilds,
// durable (fsync on) as in production.
func openGenerated(b *testing.B, guilds int) *store.DB {
	b.Helper()
	work := filepath.Join(b.TempDir(), "work.db")
	if guilds == 1 {
		generate(b, work, guilds)
	} else {
		dir := os.Getenv("VELETAS_SCALE_DIR")
		if dir == "" {
			dir = filepath.Join(os.TempDir(), "veletas-scale")
		}
		src := filepath.Join(dir, fmt.Sprintf("commands-%dguilds-v%d.db", guilds, store.SchemaVersion))
		if _, err := os.Stat(src); err != nil {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				b.Fatal(err)
			}
			generate(b, src+".building", guilds)
			if err := os.Rename(src+".building", src); err != nil {
				b.Fatal(err)
			}
		}
		copyFile(b, work, src)
	}
	db, err := store.Open(work, &store.Options{Games: games.Registry(), Now: func() time.Time { return generatedNow }})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// generate writes a generated store of guilds guilds into a new file.
func generate(b *testing.B, path string, guilds int) {
	os.Remove(path)
	start := time.Now()
	db, err := store.Open(path, &store.Options{Games: games.Registry(), NoSync: true, Now: func() time.Time { return generatedNow }})
	if err != nil {
		b.Fatal(err)
	}
	if err := db.Generate(b.Context(), store.GenerateOptions{Guilds: guilds, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	b.Logf("generated %s (%d guilds) in %v", path, guilds, time.Since(start).Round(time.Second))
}

// copyFile copies the file src to dst, synced.
func copyFile(b *testing.B, dst, src string) {
	in, err := os.Open(src)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		b.Fatal(err)
	}
	// On disk before the benchmarks start: else the kernel's writeback of
	// the copy would slow their first commits' fsync down.
	if err := out.Sync(); err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
}

// scaleCommands runs the commands of BenchmarkScaleCommands in the first
// guild of a generated store.
type scaleCommands struct {
	b        *testing.B
	name     string // the store's size, in a benchmark's name
	bt       *bot.Bot
	db       *store.DB
	guild    string
	channels []string             // the active games between people without a time limit
	kinds    map[string]game.Kind // their kinds, by channel
	kindList []game.Kind          // the kinds, in order
	players  []string             // the players of those games (readPlayers)
	n        int                  // challenges made
}

// readGuild reads the first guild's games between people without a time
// limit (store.GeneratedChannel), but Fanorona games in the middle of a
// turn.
func (sc *scaleCommands) readGuild() {
	sc.kinds = map[string]game.Kind{}
	for i := range store.GeneratedGuildGames {
		if i%10 == 9 || i%3 == 0 {
			continue
		}
		ch := store.GeneratedChannel(0, i)
		g, err := sc.db.ActiveGame(sc.b.Context(), sc.guild, ch)
		if err != nil {
			sc.b.Fatal(err)
		}
		if m, ok := g.State().(fanorona.Match); ok && m.Open() != "" {
			continue // in the middle of a turn, which a move command cannot end
		}
		sc.channels = append(sc.channels, ch)
		sc.kinds[ch] = g.Kind
	}
	sc.kindList = []game.Kind{veletas.GameKind, fanorona.GameKind, amazons.GameKind}
}

// readPlayers reads the players of the games in sc.channels.
func (sc *scaleCommands) readPlayers(b *testing.B) {
	sc.players = sc.players[:0]
	for _, ch := range sc.channels {
		g, err := sc.db.ActiveGame(b.Context(), sc.guild, ch)
		if errors.Is(err, store.ErrNoGame) {
			continue // ended by the moves; the next move starts one
		}
		if err != nil {
			b.Fatal(err)
		}
		sc.players = append(sc.players, g.Players[:]...)
	}
}

// req is user's subcommand sub of game k's command in channel ch.
func (sc *scaleCommands) req(k game.Kind, user, ch, sub string, opts map[string]string) bot.Request {
	return bot.Request{Type: bot.TypeCommand, Game: string(k), Guild: sc.guild, Channel: ch,
		User: bot.User{ID: user, Name: user}, Command: sub, Options: opts}
}

// handle runs a request untimed and fails on a refusal.
func (sc *scaleCommands) handle(b *testing.B, r bot.Request) {
	if rep := sc.bt.Handle(b.Context(), r); rep.Ephemeral {
		b.Fatalf("%s %s: %s", r.Game, r.Command, rep.Plain())
	}
}

// respond is the measured part of a command given as a request: handled
// by the bot, its response encoded as Discord gets it. A command's answer
// is public, but the list of one's games, which shows the games' links.
func (sc *scaleCommands) respond(b *testing.B, r bot.Request) {
	rep := sc.bt.Handle(b.Context(), r)
	if r.Command == "games" && !strings.Contains(rep.Plain(), "https://discord.com/channels/") ||
		r.Command != "games" && rep.Ephemeral {
		b.Fatalf("%s %s refused: %s", r.Game, r.Command, rep.Plain())
	}
	resp := ResponseFor(rep)
	if _, _, err := discordgo.MultipartBodyWithJSON(resp, resp.Data.Files); err != nil {
		b.Fatal(err)
	}
}

// reads measures the command next(i) gives, b.N times.
func (sc *scaleCommands) reads(b *testing.B, next func(i int) bot.Request) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sc.respond(b, next(i))
		i++
	}
}

// moves plays random moves of kind k's games in turn, timing each move
// command; a game that ends is followed by a new one (untimed; its final
// message and replay are in the move's time).
func (sc *scaleCommands) moves(b *testing.B, k game.Kind) {
	var chs []string
	for _, ch := range sc.channels {
		if sc.kinds[ch] == k {
			chs = append(chs, ch)
		}
	}
	if len(chs) == 0 {
		b.Skipf("no %s game in the first guild", k)
	}
	r := rand.New(rand.NewPCG(7, uint64(len(k))))
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		ch := chs[i%len(chs)]
		in := sc.nextMove(b, k, ch, r)
		b.StartTimer()
		handleMove(b, b.Context(), sc.bt, in)
	}
}

// nextMove returns a random move command of the game in ch, starting a
// new game there if it is over and playing a Veletas game's setup.
func (sc *scaleCommands) nextMove(b *testing.B, k game.Kind, ch string, r *rand.Rand) *discordgo.Interaction {
	for range 100 {
		g, err := sc.db.ActiveGame(b.Context(), sc.guild, ch)
		if errors.Is(err, store.ErrNoGame) {
			a, o := store.GeneratedPlayer(0, 190), store.GeneratedPlayer(0, 191)
			sc.handle(b, sc.req(k, a, ch, "challenge", map[string]string{"opponent": o}))
			sc.handle(b, sc.req(k, o, ch, "accept", nil))
			continue
		}
		if err != nil {
			b.Fatal(err)
		}
		switch k {
		case veletas.GameKind:
			if vstate(g).Position().Phase() != veletas.PhasePlay {
				user, sub, opts := bottest.NextCommand(b, g, r)
				o := map[string]string{}
				for _, kv := range opts {
					key, v, _ := strings.Cut(kv, "=")
					o[key] = v
				}
				sc.handle(b, sc.req(k, user, ch, sub, o))
				continue
			}
			pos := vstate(g).Position()
			t, _ := pos.RandomTurn(r)
			return moveInteraction(sc.guild, ch, g.ToAct(), t)
		case fanorona.GameKind:
			turns := fmatch(g).Position().LegalTurns(nil)
			return fanoronaMoveInteraction(sc.guild, ch, g.ToAct(), turns[r.IntN(len(turns))].String())
		case amazons.GameKind:
			turns := amatch(b, g).Position().LegalTurns()
			return amazonsMove(sc.guild, ch, g.ToAct(), turns[r.IntN(len(turns))])
		}
		b.Fatalf("no move command for %s", k)
	}
	b.Fatalf("%s: no move after 100 commands", ch)
	return nil
}

// challenges measures a challenge and its acceptance in a new channel
// (the kinds in turn); the game is resigned untimed.
func (sc *scaleCommands) challenges(b *testing.B) {
	a, o := store.GeneratedPlayer(0, 198), store.GeneratedPlayer(0, 199)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := sc.kindList[i%len(sc.kindList)]
		sc.n++
		ch := fmt.Sprintf("9%018d", sc.n)
		sc.respond(b, sc.req(k, a, ch, "challenge", map[string]string{"opponent": o}))
		sc.respond(b, sc.req(k, o, ch, "accept", nil))
		b.StopTimer()
		sc.handle(b, sc.req(k, a, ch, "resign", nil))
		b.StartTimer()
	}
}
