package discord

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/render/crosstable"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/tournament"
)

// The tournaments' players besides alice, bob and carol.
var (
	dave  = fakediscord.User{ID: "200000000000000044", Name: "dave"}
	erin  = fakediscord.User{ID: "200000000000000055", Name: "erin"}
	frank = fakediscord.User{ID: "200000000000000066", Name: "frank"}
	grace = fakediscord.User{ID: "200000000000000077", Name: "grace"}
)

// tournamentCmd sends u's /tournament sub in the env's channel (u may
// manage the server) and returns the reply.
func (de *discordEnv) tournamentCmd(t testing.TB, u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Message {
	t.Helper()
	return de.send(t, fakediscord.GameCommand(bot.TournamentCommand, de.id(), de.Guild, de.Channel, u, fakediscord.AllPermissions, sub, opts))
}

// createAndJoin announces a tournament by alice with opts and makes the
// players join with its Join button; it returns the tournament's ID.
func (de *discordEnv) createAndJoin(t testing.TB, players []fakediscord.User, opts ...fakediscord.Option) uint64 {
	t.Helper()
	ann := de.tournamentCmd(t, alice, "create", opts...)
	if ann.Ephemeral() || len(ann.Embeds) != 1 || !strings.Contains(ann.Embeds[0].Title, "Veletas (7x7)") {
		t.Fatalf("announcement: %q %+v", ann.Text(), ann.Embeds)
	}
	join := buttonOf(t, ann, "Join")
	for _, u := range players {
		if m := de.press(t, de.Channel, u, fakediscord.AllPermissions, join); m.Ephemeral() || !strings.Contains(m.Embeds[0].Description, "<@"+u.ID+">") {
			t.Fatalf("join by %s: %q %+v", u.Name, m.Text(), m.Embeds)
		}
	}
	tt, err := de.DB.Tournaments(context.Background(), de.Guild)
	if err != nil || len(tt) == 0 {
		t.Fatal(err, tt)
	}
	return tt[len(tt)-1].ID
}

// sweep sends what the bot's sweep posts through the adapter, as
// RunSweeper does, and returns the posts.
func (de *discordEnv) sweep(t testing.TB) []bot.Post {
	t.Helper()
	ctx := context.Background()
	posts := de.Bot.Sweep(ctx, de.Clock.Now())
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
		de.Bot.Delivered(ctx, p)
	}
	return posts
}

// nextPostThat waits for the next post in channel that ok accepts,
// skipping the others (what, for the failure, says what it waits for).
func (de *discordEnv) nextPostThat(t testing.TB, channel, what string, ok func(fakediscord.Message) bool) fakediscord.Message {
	t.Helper()
	deadline := time.Now().Add(replyWait)
	for {
		m, err := de.fake.NextPost(channel, time.Until(deadline))
		if err != nil {
			t.Fatalf("no %s in %s: %v", what, channel, err)
		}
		if ok(m) {
			return m
		}
	}
}

// pairingsCard waits for the next round's pairings card in the env's
// channel (the announcement's edit and other posts may come first).
func (de *discordEnv) pairingsCard(t testing.TB, round int) fakediscord.Message {
	t.Helper()
	return de.nextPostThat(t, de.Channel, fmt.Sprintf("pairings card of round %d", round), func(m fakediscord.Message) bool {
		return len(m.Embeds) == 1 && strings.Contains(m.Embeds[0].Title, fmt.Sprintf(": round %d", round))
	})
}

// finalStandings waits for the final standings in the env's channel and
// checks that they carry the crosstable, a PNG that decodes, as the
// embed's image.
func (de *discordEnv) finalStandings(t testing.TB) fakediscord.Message {
	t.Helper()
	final := de.nextPostThat(t, de.Channel, "final standings", func(m fakediscord.Message) bool {
		return strings.Contains(m.Text(), "is over:")
	})
	if len(final.Files) != 1 || final.Files[0].ContentType != "image/png" ||
		len(final.Embeds) != 1 || final.Embeds[0].ImageURL() != "attachment://"+final.Files[0].Name {
		t.Fatalf("final standings: %q, %d files, %+v", final.Text(), len(final.Files), final.Embeds)
	}
	if _, err := png.Decode(bytes.NewReader(final.Files[0].Data)); err != nil {
		t.Fatalf("the crosstable does not decode: %v", err)
	}
	return final
}

// tournamentGames are the active games of tournament tid, by thread.
func (de *discordEnv) tournamentGames(t testing.TB, tid uint64) []store.Game {
	t.Helper()
	gs, err := de.DB.ActiveGames(context.Background(), de.Guild)
	if err != nil {
		t.Fatal(err)
	}
	gs = slices.DeleteFunc(gs, func(g store.Game) bool { return g.Tournament != tid })
	slices.SortFunc(gs, func(a, b store.Game) int { return strings.Compare(a.Channel, b.Channel) })
	return gs
}

// resignIn has a random player of g resign with the slash command in
// g's thread.
func (de *discordEnv) resignIn(t testing.TB, g store.Game, users map[string]fakediscord.User, r *rand.Rand) fakediscord.Message {
	t.Helper()
	m := de.send(t, fakediscord.GameCommand(string(g.Kind), de.id(), de.Guild, g.Channel, users[g.Players[r.IntN(2)]], fakediscord.AllPermissions, "resign", nil))
	if m.Ephemeral() {
		t.Fatalf("resign refused: %q", m.Text())
	}
	return m
}

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
	users := map[string]fakediscord.User{}
	for _, u := range []fakediscord.User{alice, bob, carol, dave} {
		users[u.ID] = u
	}
	de.createAndJoin(t, []fakediscord.User{alice, bob, carol, dave}, fakediscord.Str("game", "veletas"), fakediscord.Str("format", "round-robin"),
		fakediscord.Str("terms", "size:7"), fakediscord.Str("time", "none"), fakediscord.Str("players", "4"))
	e.Bot.SetThreads(de.d)
	var final fakediscord.Message
	for round := 1; round <= 3; round++ {
		de.sweep(t)
		card := de.pairingsCard(t, round)
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
				var fo []fakediscord.Option
				for _, o := range opts {
					k, v, _ := strings.Cut(o, "=")
					fo = append(fo, fakediscord.Str(k, v))
				}
				m := de.send(t, fakediscord.GameCommand("veletas", de.id(), de.Guild, g.Channel, users[user], fakediscord.AllPermissions, sub, fo))
				if m.Ephemeral() {
					t.Fatalf("%s %v refused: %q", sub, opts, m.Text())
				}
			}
			de.resignIn(t, g, users, r)
			if round == 3 && gi == 1 {
				final = de.finalStandings(t)
			}
		}
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
	if posts := de.sweep(t); len(posts) != 0 {
		t.Fatalf("a sweep after the end posts %d", len(posts))
	}
}

// standingsLine is a line of the standings embed: "1. <@id>: 2 (Buchholz
// 3, S-B 1½)", " (withdrew)" after it for a player who withdrew.
var standingsLine = regexp.MustCompile(`^(\d+)\. <@(\d+)>: (\S+) \(Buchholz (\S+), S-B (\S+)\)( \(withdrew\))?$`)

// TestDiscordTournamentSwiss7 plays a Swiss tournament of 7 players in 3
// rounds through the fake Discord (every payload checked against
// Discord's description) to its final standings: the announcement and
// its Join buttons; each round paired by the sweep (sent through the
// adapter), its pairings card with a bye and its games' threads, each
// game's card in its thread; in each game two random legal turns played
// with the picker (Play, the menus of game.Pick's options, Confirm),
// then a resignation; in round 2 a game lost on time (the clock passes
// its deadline, the sweep posts the time-up notice in the thread, the
// opponent claims); in round 3 a player withdraws with /tournament leave
// and their game is forfeited; the last game's end posts the final
// standings, whose order and points are checked against the games'
// results and byes, with the crosstable attached. With TOURNAMENT_OUT
// set, the crosstable and the standings are written there
// (swiss7-discord.png, .txt) to look at.
func TestDiscordTournamentSwiss7(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(7, 24))
	players := []fakediscord.User{alice, bob, carol, dave, erin, frank, grace}
	users := map[string]fakediscord.User{}
	for _, u := range players {
		users[u.ID] = u
	}
	tid := de.createAndJoin(t, players, fakediscord.Str("game", "veletas"), fakediscord.Str("format", "swiss"),
		fakediscord.Str("rounds", "3"), fakediscord.Str("terms", "size:7"), fakediscord.Str("time", "1d"), fakediscord.Str("players", "7"))
	e.Bot.SetThreads(de.d)
	var (
		n                    pickerCounts
		byes                 []string
		withdrew, late, lost string
	)
	for round := 1; round <= 3; round++ {
		de.sweep(t)
		card := de.pairingsCard(t, round)
		tt, err := e.DB.Tournament(ctx, tid)
		if err != nil || tt.Round() != round {
			t.Fatalf("round %d: %v, paired as %d", round, err, tt.Round())
		}
		for _, p := range tt.Pairings(round) {
			if p.IsBye() {
				byes = append(byes, p.White)
			}
		}
		for _, u := range players {
			if !strings.Contains(card.Embeds[0].Description, "<@"+u.ID+">") {
				t.Fatalf("round %d: the card lacks %s: %s", round, u.Name, card.Embeds[0].Description)
			}
		}
		gs := de.tournamentGames(t, tid)
		if len(gs) != 3 { // 7 players: 3 games and a bye
			t.Fatalf("round %d: %d games, want 3", round, len(gs))
		}
		for _, g := range gs {
			if !strings.Contains(card.Embeds[0].Description, "<#"+g.Channel+">") {
				t.Fatalf("round %d: the card does not link thread %s: %s", round, g.Channel, card.Embeds[0].Description)
			}
			gc, err := de.fake.NextPost(g.Channel, replyWait)
			if err != nil {
				t.Fatalf("round %d: no card in the game's thread: %v", round, err)
			}
			checkPNG(t, gc)
			for range 2 {
				g, err = e.DB.ActiveGame(ctx, e.Guild, g.Channel)
				if err != nil {
					t.Fatal(err)
				}
				gc = de.pickTurn(t, g.Channel, users[g.ToAct()], gc, r, &n)
			}
		}
		switch round {
		case 2: // the first game is lost on time, the others resigned
			for _, g := range gs[1:] {
				de.resignIn(t, g, users, r)
			}
			g, err := e.DB.ActiveGame(ctx, e.Guild, gs[0].Channel)
			if err != nil {
				t.Fatal(err)
			}
			late, lost = g.Opponent(g.ToAct()), g.ToAct()
			if _, ok := g.Deadline(); !ok {
				t.Fatalf("game %d has no deadline", g.ID)
			}
			e.Clock.Add(25 * time.Hour)
			de.sweep(t)
			up := de.nextPostThat(t, g.Channel, "time-up notice", func(m fakediscord.Message) bool {
				return strings.Contains(m.Text(), "has run out")
			})
			if !strings.Contains(up.Text(), "<@"+late+">") || !slices.Contains(up.AllowedUsers, late) {
				t.Fatalf("the time-up notice does not call %s: %q %v", late, up.Text(), up.AllowedUsers)
			}
			m := de.send(t, fakediscord.GameCommand(string(g.Kind), de.id(), de.Guild, g.Channel, users[late], fakediscord.AllPermissions, "claim", nil))
			if m.Ephemeral() || !strings.Contains(m.Text(), "on time") {
				t.Fatalf("claim: %q", m.Text())
			}
			continue
		case 3: // a player of the first game withdraws: it is forfeited
			withdrew = gs[0].Players[0]
			m := de.tournamentCmd(t, users[withdrew], "leave")
			if m.Ephemeral() || !strings.Contains(m.Text(), "withdrew") {
				t.Fatalf("leave: %q", m.Text())
			}
			if gs = de.tournamentGames(t, tid); len(gs) != 2 {
				t.Fatalf("after the withdrawal: %d games, want 2", len(gs))
			}
		}
		for _, g := range gs {
			de.resignIn(t, g, users, r)
		}
	}
	final := de.finalStandings(t)
	t.Logf("picker interactions %d (Play %d, choices %d, Confirm %d, Back %d)", n.total(), n.plays, n.choices, n.confirms, n.backs)
	t.Logf("final standings:\n%s\n%s", final.Text(), final.Embeds[0].Description)

	tt, err := e.DB.Tournament(ctx, tid)
	if err != nil || tt.Status != store.TournamentFinished || len(tt.Games) != 9 {
		t.Fatalf("%v: status %s, %d games", err, tt.Status, len(tt.Games))
	}
	if len(byes) != 3 || len(slices.Compact(slices.Sorted(slices.Values(byes)))) != 3 {
		t.Fatalf("byes %v: want one a round, to three players", byes)
	}
	// The points as the games and byes give them.
	points := map[string]float64{}
	for _, b := range byes {
		points[b]++
	}
	games, err := e.DB.FinishedGames(ctx, e.Guild, "", 100)
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[store.Reason]int{}
	for _, g := range games {
		if g.Tournament != tid {
			continue
		}
		reasons[g.Reason]++
		switch g.Winner {
		case "":
			points[g.Players[0]] += 0.5
			points[g.Players[1]] += 0.5
		default:
			points[g.Winner]++
		}
		switch g.Reason {
		case store.ReasonTimeout:
			if g.Winner != late || !slices.Contains(g.Players[:], lost) {
				t.Fatalf("the game lost on time: winner %s, players %v; want %s winning against %s", g.Winner, g.Players, late, lost)
			}
		case store.ReasonForfeit:
			if g.Winner == withdrew || !slices.Contains(g.Players[:], withdrew) {
				t.Fatalf("the forfeited game: winner %s, players %v; %s withdrew", g.Winner, g.Players, withdrew)
			}
		}
	}
	if reasons[store.ReasonTimeout] != 1 || reasons[store.ReasonForfeit] != 1 || reasons[store.ReasonResign] != 7 {
		t.Fatalf("the games ended by %v; want 1 on time, 1 forfeited, 7 resigned", reasons)
	}
	// The embed's standings: every player once, ranked 1 to 7, by points
	// then Buchholz, in the order of the tournament's standings, with the
	// points the results give; the winner named.
	lines := strings.Split(final.Embeds[0].Description, "\n")
	if len(lines) != len(players) {
		t.Fatalf("%d lines of standings, want %d: %s", len(lines), len(players), final.Embeds[0].Description)
	}
	want := tournament.Standings(tt.State)
	prev := [2]float64{1e9, 1e9}
	for i, line := range lines {
		m := standingsLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("standings line %q", line)
		}
		id := m[2]
		if m[1] != strconv.Itoa(i+1) || id != want[i].ID {
			t.Fatalf("line %d is %q; want rank %d, %s", i+1, line, i+1, want[i].ID)
		}
		if m[3] != crosstable.Points(points[id]) {
			t.Fatalf("%s shown with %s points, the results give %v", users[id].Name, m[3], points[id])
		}
		if (m[6] != "") != (id == withdrew) {
			t.Fatalf("line %q: the withdrawal of %s", line, users[withdrew].Name)
		}
		bh := want[i].Buchholz
		if m[4] != crosstable.Points(bh) {
			t.Fatalf("%s's Buchholz shown as %s, want %v", users[id].Name, m[4], bh)
		}
		if p := points[id]; p > prev[0] || p == prev[0] && bh > prev[1] {
			t.Fatalf("line %q ranked after one with %v points, Buchholz %v", line, prev[0], prev[1])
		}
		prev = [2]float64{points[id], bh}
	}
	if !strings.Contains(final.Text(), "<@"+want[0].ID+"> wins with "+crosstable.Points(points[want[0].ID])+" points") {
		t.Fatalf("the final does not name the winner %s: %q", want[0].ID, final.Text())
	}
	var active []string
	for _, u := range players {
		if u.ID != withdrew {
			active = append(active, u.ID)
		}
	}
	if got := slices.Sorted(slices.Values(final.AllowedUsers)); !slices.Equal(got, active) {
		t.Fatalf("the final pings %v, want the players still in %v", got, active)
	}
	if posts := de.sweep(t); len(posts) != 0 {
		t.Fatalf("a sweep after the end posts %d", len(posts))
	}
	if inv := de.fake.Invalid(); len(inv) != 0 {
		t.Fatalf("Discord would refuse: %v", inv)
	}
	if dir := os.Getenv("TOURNAMENT_OUT"); dir != "" {
		text := final.Text() + "\n\n" + final.Embeds[0].Title + "\n" + final.Embeds[0].Description + "\n" + final.Embeds[0].FooterText() + "\n"
		if err := os.WriteFile(filepath.Join(dir, "swiss7-discord.png"), final.Files[0].Data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "swiss7-discord.txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
