package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/render"
	fanoronarender "github.com/veletasbot/veletas/render/fanorona"
	"github.com/veletasbot/veletas/store"
)

// TestEndToEndFanorona runs the real bot against a fake Discord and plays
// through /fanorona a whole Véla game between two users, alternating whole
// turns (path) with turns played one step at a time (from, to, capture,
// then to ... and stop), and then a whole Fanorona game against the
// computer, whose turns arrive as posts. Every game message carries its
// card with the board inside; the end carries the replay.
func TestEndToEndFanorona(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.CheckConformance(t)
	dir := t.TempDir()
	tokenFile := filepath.Join(dir, "token")
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	m, _, logs := newMain(map[string]string{"DISCORD_TOKEN_FILE": tokenFile, "DISCORD_API_URL": fake.URL()})
	m.BotConfig.RateBurst = -1
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(dir, "bot.db"), "-guild", "900"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if body := <-fake.Commands; !bytes.Contains(body, []byte(`"name":"fanorona"`)) {
		t.Fatalf("commands %s", body)
	}

	n := 5000
	send := func(in map[string]any) fakediscord.Message {
		t.Helper()
		if err := fake.Send(in); err != nil {
			t.Fatal(err)
		}
		msg, err := fake.Reply(in["id"].(string), 30*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return msg
	}
	me := fakediscord.User{ID: fakediscord.AppID, Name: "veletasbot"}
	cmd := func(u fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Message {
		t.Helper()
		n++
		in := fakediscord.Command(strconv.Itoa(n), "900", "chan1", u, fakediscord.NoThreads, sub, opts, bob, me)
		in["data"].(map[string]any)["name"] = "fanorona"
		return send(in)
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
	checkBoard := func(msg fakediscord.Message) {
		t.Helper()
		if msg.Ephemeral() || len(msg.Embeds) != 1 || len(msg.Files) < 1 || msg.Embeds[0].ImageURL() != "attachment://"+msg.Files[0].Name {
			t.Fatalf("want a public card with its board, got %+v", msg)
		}
		img, err := png.Decode(bytes.NewReader(msg.Files[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		if want := fanoronarender.NewLayout(render.DefaultWidth).Bounds(); img.Bounds() != want {
			t.Fatalf("board %v, want %v", img.Bounds(), want)
		}
	}
	users := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob}
	game := func() (store.Game, bool) {
		g, err := m.DB.ActiveGame(t.Context(), "900", "chan1")
		if errors.Is(err, store.ErrNoGame) {
			return store.Game{}, false
		}
		if err != nil {
			t.Fatal(err)
		}
		return g, true
	}
	// checkTurn checks the card after an action: it names the player to
	// act, with the piece counts of the position.
	checkTurn := func(msg fakediscord.Message, g store.Game) {
		t.Helper()
		checkBoard(msg)
		pos := fmatch(g).Position()
		e := msg.Embeds[0]
		if msg.Content != "<@"+g.ToAct()+">" || !strings.Contains(e.Description, "<@"+g.ToAct()+">, your") {
			t.Fatalf("card does not ask %s to act: %q %+v", g.ToAct(), msg.Content, e)
		}
		if v, ok := e.Field("Pieces"); !ok || v != fmt.Sprintf("White %d – Black %d", pos.Count(fanorona.White), pos.Count(fanorona.Black)) {
			t.Fatalf("pieces %q", v)
		}
	}

	// A whole Véla game between alice (White) and bob.
	ch := cmd(alice, "challenge", fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("variant", "vela"), fakediscord.Str("side", "white"))
	if !strings.Contains(ch.Text(), "a game of Véla. <@"+alice.ID+"> plays White") || !strings.Contains(ch.Text(), "Unrated") {
		t.Fatalf("challenge %q", ch.Text())
	}
	press(bob, ch, "Accept")
	start, err := fake.Next(strconv.Itoa(n), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := game()
	checkTurn(start, g)
	if !strings.Contains(start.Embeds[0].Description, "Véla, first phase") {
		t.Fatalf("start %+v", start.Embeds[0])
	}
	r := rand.New(rand.NewPCG(21, 21))
	var last fakediscord.Message
	steps, wholes := 0, 0
	for turn := 0; ; turn++ {
		g, ok := game()
		if !ok {
			break
		}
		if turn > 600 {
			t.Fatal("the Véla game did not end in 600 turns")
		}
		u := users[g.ToAct()]
		turns := fmatch(g).Position().LegalTurns(nil)
		tn := turns[r.IntN(len(turns))]
		if turn%2 == 0 {
			last = cmd(u, "move", fakediscord.Str("path", tn.String()))
			wholes++
		} else {
			for k, s := range tn.Steps() {
				opts := []fakediscord.Option{fakediscord.Str("to", s.To.String())}
				if k == 0 {
					opts = append(opts, fakediscord.Str("from", s.From.String()))
				}
				if s.Capture != fanorona.NoCapture {
					opts = append(opts, fakediscord.Str("capture", s.Capture.String()))
				}
				last = cmd(u, "move", opts...)
				steps++
				if g2, ok := game(); ok && k < tn.Len()-1 {
					if g2.Open == "" {
						t.Fatalf("the sequence %s ended after step %d", tn, k+1)
					}
					checkTurn(last, g2)
				}
			}
			if g2, ok := game(); ok && g2.Open != "" {
				last = cmd(u, "stop")
			}
		}
		if g2, ok := game(); ok {
			if g2.Open != "" || g2.ToAct() == u.ID {
				t.Fatalf("turn %d (%s) did not pass the move: open %q", turn, tn, g2.Open)
			}
			checkTurn(last, g2)
		}
	}
	fin, err := m.DB.LastFinishedGame(t.Context(), "900", "chan1")
	if err != nil || fmatch(fin).Game().Variant() != fanorona.Vela || fin.Rated {
		t.Fatalf("finished Véla game: %v %+v", err, fin)
	}
	checkBoard(last)
	if want := "wins**"; fin.Winner == "" {
		if !strings.Contains(last.Embeds[0].Description, "**The game is drawn**") {
			t.Fatalf("end %+v", last.Embeds[0])
		}
	} else if !strings.Contains(last.Embeds[0].Description, "**<@"+fin.Winner+"> "+want) {
		t.Fatalf("end %+v", last.Embeds[0])
	}
	// The replay follows the final message in the channel.
	for {
		p, err := fake.NextPost("chan1", 30*time.Second)
		if err != nil {
			t.Fatal("no replay posted:", err)
		}
		if len(p.Files) == 1 && p.Files[0].ContentType == "image/gif" {
			if _, err := gif.DecodeAll(bytes.NewReader(p.Files[0].Data)); err != nil || !strings.HasPrefix(p.Files[0].Name, "fanorona-") {
				t.Fatalf("replay %s: %v", p.Files[0].Name, err)
			}
			break
		}
	}
	if l, _ := m.DB.Standings(t.Context(), kindFanorona, "900"); len(l) != 0 {
		t.Fatalf("the Véla game was rated: %+v", l)
	}
	t.Logf("Véla game: %d turns (%d whole, %d steps), winner %q", fmatch(fin).Game().Len(), wholes, steps, fin.Winner)

	// A Fanorona game against the computer, alice White.
	start = cmd(alice, "challenge", fakediscord.UserOpt("opponent", me.ID), fakediscord.Str("level", "easy"), fakediscord.Str("side", "white"))
	if !strings.Contains(start.Text(), "plays against me, the computer (easy)") {
		t.Fatalf("AI challenge %q", start.Text())
	}
	for turn := 0; ; turn++ {
		g, ok := game()
		if !ok {
			break
		}
		if turn > 300 || g.ToAct() != alice.ID {
			t.Fatalf("turn %d: %q to act", turn, g.ToAct())
		}
		turns := fmatch(g).Position().LegalTurns(nil)
		last = cmd(alice, "move", fakediscord.Str("path", turns[r.IntN(len(turns))].String()))
		checkBoard(last)
		if strings.Contains(last.Content, "<@"+alice.ID+">") { // the end: alice won
			break
		}
		if !strings.Contains(last.Embeds[0].Description, "(computer, easy) is thinking") {
			t.Fatalf("after alice's turn: %+v", last.Embeds[0])
		}
		post, err := fake.NextPost("chan1", 30*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		checkBoard(post)
		last = post
		if g3, ok := game(); ok {
			checkTurn(post, g3)
		}
	}
	fin, err = m.DB.LastFinishedGame(t.Context(), "900", "chan1")
	if err != nil || fin.AI != me.ID || fmatch(fin).Game().Variant() != fanorona.Fanorona || fin.Reason != store.ReasonRules {
		t.Fatalf("finished AI game: %v %+v", err, fin)
	}
	labels := []string{}
	for _, b := range last.Buttons {
		labels = append(labels, b.Label)
	}
	if fin.Winner != "" && strings.Join(labels, ",") != "Record,Rematch,Véla" {
		t.Fatalf("final buttons %v", labels)
	}
	t.Logf("game against the computer: %d turns, winner %q", fmatch(fin).Game().Len(), fin.Winner)
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Fatalf("errors logged: %s", logs.String())
	}
}
