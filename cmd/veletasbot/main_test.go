package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

const token = "MTIzNDU2Nzg5MDEyMzQ1Njc4.test.secret-token-value"

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newMain returns a Main with the given environment and captured streams.
func newMain(env map[string]string) (*Main, *syncBuf, *syncBuf) {
	out, errs := &syncBuf{}, &syncBuf{}
	m := NewMain()
	m.Stdout, m.Stderr = out, errs
	m.Getenv = func(k string) string { return env[k] }
	m.StoreOptions = &store.Options{NoSync: true}
	return m, out, errs
}

func TestMissingToken(t *testing.T) {
	m, _, _ := newMain(map[string]string{})
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "x.db")}); err != nil {
		t.Fatal(err)
	}
	err := m.Run(context.Background())
	defer m.Close()
	if err == nil {
		t.Fatal("no error without a token")
	}
	msg := err.Error()
	for _, want := range []string{"DISCORD_TOKEN", "https://discord.com/developers/applications", "veletasbot console"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("error is not one line: %q", msg)
	}
	if m.DB != nil {
		t.Error("the database was opened without a token")
	}
}

func TestParseFlags(t *testing.T) {
	m, _, _ := newMain(map[string]string{"VELETAS_DB": "/data/v.db", "VELETAS_GUILD": "42", "DISCORD_API_URL": "http://proxy/api/v10",
		"VELETAS_LOG_LEVEL": "debug", "DISCORD_TOKEN": " tok \n"})
	if err := m.ParseFlags(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if m.DBPath != "/data/v.db" || m.Guild != "42" || m.APIURL != "http://proxy/api/v10" || m.LogLevel.String() != "DEBUG" || m.Token != "tok" {
		t.Fatalf("%+v", m)
	}
	m, _, _ = newMain(map[string]string{"VELETAS_GUILD": "42"})
	if err := m.ParseFlags(context.Background(), []string{"-guild", "7", "-db", "a.db", "-log-level", "warn"}); err != nil {
		t.Fatal(err)
	}
	if m.Guild != "7" || m.DBPath != "a.db" || m.Console {
		t.Fatalf("%+v", m)
	}
	m, _, _ = newMain(nil)
	if err := m.ParseFlags(context.Background(), nil); err != nil || m.DBPath != "veletas.db" {
		t.Fatalf("default db %q %v", m.DBPath, err)
	}
	m, _, _ = newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console", "-out", "imgs"}); err != nil || !m.Console || m.OutDir != "imgs" {
		t.Fatalf("console flags: %+v %v", m, err)
	}
	for _, args := range [][]string{{"-log-level", "loud"}, {"extra"}, {"-db", ""}, {"console", "-guild", "1"}} {
		m, _, _ = newMain(nil)
		if err := m.ParseFlags(context.Background(), args); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
}

func TestConsole(t *testing.T) {
	dir := t.TempDir()
	m, out, _ := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console", "-db", filepath.Join(dir, "c.db"), "-out", filepath.Join(dir, "img")}); err != nil {
		t.Fatal(err)
	}
	m.Stdin = strings.NewReader(consoleGame(t, 5))
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{">> all\n@bob, @alice challenges you", "buttons: [Accept] [Decline]", ">> carol only\n",
		"wins** by claiming 2 of 3 shooters!", "image: " + filepath.Join(dir, "img", "001-veletas-1-0.png")} {
		if !strings.Contains(text, want) {
			t.Fatalf("output lacks %q:\n%s", want, text)
		}
	}
	imgs, _ := filepath.Glob(filepath.Join(dir, "img", "*.png"))
	if len(imgs) < 8 {
		t.Fatalf("%d images", len(imgs))
	}
	// The game is in the database.
	db, err := store.Open(filepath.Join(dir, "c.db"), &store.Options{Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	done, err := db.FinishedGames(t.Context(), "console", "", 0)
	if err != nil || len(done) != 1 || done[0].Winner == "" {
		t.Fatalf("finished games %+v %v", done, err)
	}
}

// consoleGame writes a whole 7x7 console game with random legal actions
// and a refusal by a stranger.
func consoleGame(t *testing.T, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 1))
	var sb strings.Builder
	sb.WriteString("alice: /veletas challenge opponent:@bob size:7\nbob: [Accept]\ncarol: /veletas resign\n")
	p, _ := veletas.NewPosition(veletas.Size7)
	setup := func(who string) {
		a := p.RandomSetup(r)
		var sq []string
		for _, s := range a.Shooters {
			sq = append(sq, s.String())
		}
		fmt.Fprintf(&sb, "%s: /veletas setup shooters:\"%s\" stone:%s\n", who, strings.Join(sq, " "), a.Stone)
		p, _ = p.Apply(a)
	}
	setup("alice")
	sb.WriteString("bob: [Keep]\n")
	p, _ = p.Apply(veletas.ChoiceAction(false))
	setup("bob")
	for !p.Over() {
		who := map[veletas.Color]string{veletas.Black: "alice", veletas.White: "bob"}[p.ToMove()]
		tn, _ := p.RandomTurn(r)
		if tn.Moved() {
			fmt.Fprintf(&sb, "%s: /veletas move shooter:%s to:%s shoot:%s\n", who, tn.From, tn.To, tn.Shot)
		} else {
			fmt.Fprintf(&sb, "%s: /veletas move shooter:%s shoot:%s\n", who, tn.From, tn.Shot)
		}
	}
	return sb.String()
}

var (
	alice = fakediscord.User{ID: "300000000000000001", Name: "alice"}
	bob   = fakediscord.User{ID: "300000000000000002", Name: "bob"}
	carol = fakediscord.User{ID: "300000000000000003", Name: "carol"}
)

// TestEndToEnd runs the real bot against a fake Discord and plays a whole
// 7x7 game in a channel where the bot may not create threads.
func TestEndToEnd(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	dir := t.TempDir()
	tokenFile := filepath.Join(dir, "token")
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	m, _, logs := newMain(map[string]string{"DISCORD_TOKEN_FILE": tokenFile, "DISCORD_API_URL": fake.URL()})
	m.BotConfig.RateBurst = -1 // the test plays faster than any person
	dbPath := filepath.Join(dir, "bot.db")
	if err := m.ParseFlags(context.Background(), []string{"-db", dbPath, "-guild", "900", "-log-level", "debug"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			m.Close()
		}
	}()
	if fake.Authorization() != "Bot "+token {
		t.Fatalf("authorization %q", fake.Authorization())
	}
	if body := <-fake.Commands; !bytes.Contains(body, []byte(`"name":"veletas"`)) {
		t.Fatalf("commands %s", body)
	}

	n := 1000
	send := func(in map[string]any) fakediscord.Message {
		t.Helper()
		if err := fake.Send(in); err != nil {
			t.Fatal(err)
		}
		msg, err := fake.Reply(in["id"].(string), 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return msg
	}
	cmd := func(u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Message {
		t.Helper()
		n++
		return send(fakediscord.Command(strconv.Itoa(n), "900", "chan1", u, fakediscord.NoThreads, sub, opts, bob))
	}
	press := func(u fakediscord.User, msg fakediscord.Message, label string) fakediscord.Message {
		t.Helper()
		for _, b := range msg.Buttons {
			if b.Label == label {
				n++
				return send(fakediscord.Press(strconv.Itoa(n), "900", "chan1", u, fakediscord.NoThreads, msg.ID, b.CustomID))
			}
		}
		t.Fatalf("no button %q in %+v", label, msg)
		return fakediscord.Message{}
	}
	ephemeral := func(msg fakediscord.Message, want string) {
		t.Helper()
		if !msg.Ephemeral() || !strings.Contains(msg.Text(), want) {
			t.Fatalf("want an ephemeral %q, got %+v", want, msg)
		}
	}
	checkPNG := func(msg fakediscord.Message) {
		t.Helper()
		if msg.Ephemeral() || len(msg.Files) != 1 && (len(msg.Files) != 2 || msg.Files[1].ContentType != "image/gif") {
			t.Fatalf("want a public board (and the replay at the end), got %+v", msg)
		}
		if _, err := png.Decode(bytes.NewReader(msg.Files[0].Data)); err != nil {
			t.Fatal(err)
		}
	}

	ch := cmd(alice, "challenge", fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7"))
	if !strings.Contains(ch.Text(), "<@"+bob.ID+">, <@"+alice.ID+"> challenges you") || len(ch.AllowedUsers) != 1 || ch.AllowedUsers[0] != bob.ID {
		t.Fatalf("challenge %+v", ch)
	}
	ephemeral(press(carol, ch, "Accept"), "only they can answer")
	// Accept updates the challenge's message (its buttons go), and the
	// board follows as a new message.
	acc := press(bob, ch, "Accept")
	if acc.Type != 7 && acc.Kind != "edit" || len(acc.Buttons) != 0 || !strings.Contains(acc.Text(), "accepted <@"+alice.ID+">'s challenge") {
		t.Fatalf("accept %+v", acc)
	}
	if m, ok := fake.Message(ch.ID); !ok || len(m.Buttons) != 0 || m.Text() != acc.Text() {
		t.Fatalf("the challenge's message after Accept: %+v", m)
	}
	start, err := fake.Next(strconv.Itoa(n), 10*time.Second)
	if err != nil || start.Kind != "followup" {
		t.Fatalf("no board after Accept: %+v %v", start, err)
	}
	checkPNG(start)
	if !strings.Contains(start.Text(), "<@"+alice.ID+">, your turn") {
		t.Fatalf("start %q", start.Text())
	}
	ephemeral(cmd(bob, "setup", fakediscord.Str("shooters", "c5"), fakediscord.Str("stone", "d2")), "not your turn")
	ephemeral(cmd(alice, "setup", fakediscord.Str("shooters", "c5"), fakediscord.Str("stone", "q2")), "`q2` is off the 7x7 board")

	users := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob}
	r := rand.New(rand.NewPCG(9, 9))
	var last fakediscord.Message
	moves := 0 // move replies whose card was checked
	for i := 0; ; i++ {
		g, err := m.DB.ActiveGame(t.Context(), "900", "chan1")
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil || i > 200 {
			t.Fatal(i, err)
		}
		pos := vstate(g).Position()
		u := users[g.ToAct()]
		switch pos.Phase() {
		case veletas.PhaseSetup1, veletas.PhaseSetup2:
			sub, opts := fakediscord.VeletasCommand(pos.RandomSetup(r))
			last = cmd(u, sub, opts...)
		case veletas.PhaseChoice:
			ephemeral(press(alice, last, "Swap"), "not your turn")
			board := last
			sw := press(u, last, "Swap")
			if m, ok := fake.Message(board.ID); sw.Type != 7 && sw.Kind != "edit" || !ok || len(m.Buttons) != 0 || !strings.Contains(m.Text(), "chose **Swap**") || len(m.Files) != 1 || len(m.Embeds) != 0 {
				// Settled: the prompt's card goes, the board stays as an image.
				t.Fatalf("the board's message after Swap: %+v (%+v)", m, sw)
			}
			var err error
			if last, err = fake.Next(strconv.Itoa(n), 10*time.Second); err != nil || last.Kind != "followup" {
				t.Fatalf("no board after Swap: %+v %v", last, err)
			}
		default:
			tn, _ := pos.RandomTurn(r)
			_, opts := fakediscord.VeletasCommand(veletas.TurnAction(tn))
			if i == 6 {
				ephemeral(cmd(users[g.Opponent(u.ID)], "move", opts...), "not your turn")
			}
			last = cmd(u, "move", opts...)
		}
		checkPNG(last)
		if g2, err := m.DB.ActiveGame(t.Context(), "900", "chan1"); err == nil {
			if !strings.Contains(last.Text(), "<@"+g2.ToAct()+">, your turn") || strings.Join(last.AllowedUsers, ",") != g2.ToAct() {
				t.Fatalf("reply does not mention %s: %+v", g2.ToAct(), last)
			}
			checkCard(t, last, g2)
			if pos.Phase() == veletas.PhasePlay {
				moves++
			}
		}
	}
	done, err := m.DB.FinishedGames(t.Context(), "900", "", 1)
	if err != nil || len(done) != 1 {
		t.Fatal(done, err)
	}
	w := done[0].Winner
	if !strings.Contains(last.Text(), "**<@"+w+"> wins**") || !strings.Contains(last.Text(), "Last action: `") {
		t.Fatalf("end %q", last.Text())
	}
	if moves == 0 {
		t.Fatal("no move reply was checked")
	}
	checkFinalCard(t, last, done[0])
	st := cmd(carol, "standings")
	if !regexp.MustCompile(`1\. <@` + w + `>: 1662 ± 290, 1 W, 0 L`).MatchString(st.Text()) {
		t.Fatalf("standings %q", st.Text())
	}
	closed = true
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(logs.String(), token) || strings.Contains(logs.String(), "secret-token") {
		t.Fatal("the token is in the logs")
	}
	if !strings.Contains(logs.String(), "discord: connected") {
		t.Fatalf("logs: %s", logs.String())
	}
	// The result survives the bot.
	db, err := store.Open(dbPath, &store.Options{Games: testGames})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := db.Standing(t.Context(), kindVeletas, "900", w)
	if err != nil || s.Wins != 1 {
		t.Fatalf("standing %+v %v", s, err)
	}
}

// checkCard checks the game message of an active game: its content is only
// the mention of the player to act, its embed has the game's title, the
// board inside it, both players with their colours, the claims, the last
// action in the notation, the time left as a Discord timestamp and the bar
// of the side to act.
func checkCard(t *testing.T, msg fakediscord.Message, g store.Game) {
	t.Helper()
	if msg.Content != "<@"+g.ToAct()+">" || len(msg.Embeds) != 1 || len(msg.Files) != 1 {
		t.Fatalf("game message: content %q, %d embeds, %d files", msg.Content, len(msg.Embeds), len(msg.Files))
	}
	e := msg.Embeds[0]
	pos := vstate(g).Position()
	st := vstate(g)
	last, _ := st.LastAction()
	d, _ := g.Deadline()
	color := bot.ColorBlack
	if pos.ToMove() == veletas.White {
		color = bot.ColorWhite
	}
	want := map[string]string{
		"Black":     "<@" + vplayer(g, veletas.Black) + ">",
		"White":     "<@" + vplayer(g, veletas.White) + ">",
		"Claims":    fmt.Sprintf("Black %d – White %d (first to 2 of 3 wins)", pos.Claims(veletas.Black), pos.Claims(veletas.White)),
		"Time left": fmt.Sprintf("due <t:%d:R> (<t:%d:f>), 3 days per move", d.Unix(), d.Unix()),
	}
	if last.Kind != 0 {
		want["Last action"] = "`" + last.String() + "` by <@" + g.Opponent(g.ToAct()) + ">"
	}
	for name, v := range want {
		if got, ok := e.Field(name); !ok || got != v {
			t.Fatalf("field %q is %q, want %q (embed %+v)", name, got, v, e)
		}
	}
	if e.Title != fmt.Sprintf("Veletas 7x7, game %d", g.ID) || e.ImageURL() != "attachment://"+msg.Files[0].Name || e.Color != color ||
		!strings.Contains(e.Description, "<@"+g.ToAct()+">, your turn") {
		t.Fatalf("embed %+v", e)
	}
}

// checkFinalCard checks the message that ends a game: both players
// mentioned in its content, the embed naming the winner and how the game
// ended, in the winner's colour, with no time left.
func checkFinalCard(t *testing.T, msg fakediscord.Message, g store.Game) {
	t.Helper()
	if msg.Content != "<@"+g.Winner+"> <@"+g.Loser()+">" || len(msg.Embeds) != 1 {
		t.Fatalf("final message: content %q, %d embeds", msg.Content, len(msg.Embeds))
	}
	e := msg.Embeds[0]
	color := bot.ColorBlack
	if vcolor(g, g.Winner) == veletas.White {
		color = bot.ColorWhite
	}
	won := fmt.Sprintf("**<@%s> wins** by claiming %d of 3 shooters!", g.Winner, vstate(g).Position().Claims(vcolor(g, g.Winner)))
	if !strings.Contains(e.Description, won) || e.Color != color || e.ImageURL() != "attachment://"+msg.Files[0].Name {
		t.Fatalf("final embed %+v, want %q", e, won)
	}
	if _, ok := e.Field("Time left"); ok {
		t.Fatalf("the final embed shows a time left: %+v", e)
	}
	if v, ok := e.Field("Last action"); !ok || !strings.HasPrefix(v, "`") {
		t.Fatalf("the final embed lacks the last action: %+v", e)
	}
}
