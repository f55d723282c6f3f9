package bot

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// dmTo returns the direct message of r to user, if any.
func dmTo(r Reply, user string) (DM, bool) {
	for _, d := range r.AllDMs() {
		if d.User == user {
			return d, true
		}
	}
	return DM{}, false
}

// TestNotifyByDM: a player who turned DMs on gets one when it becomes
// their turn (with a link to the game), when their time is nearly up and
// when the game ends; one who did not gets none. A refused DM (Closed)
// stops them until the player opts in again.
func TestNotifyByDM(t *testing.T) {
	e := newEnv(t, Config{})
	if r := e.cmd("alice", "notify"); !strings.Contains(r.Plain(), "Direct messages are off") || !r.Ephemeral {
		t.Fatalf("notify before: %q", r.Plain())
	}
	refused(t, e.cmd("alice", "notify", "dm=maybe"), "`maybe` is not a choice for `dm`")
	if r := e.cmd("alice", "notify", "dm=on"); !strings.Contains(r.Plain(), "Direct messages are on") {
		t.Fatalf("notify on: %q", r.Plain())
	}
	start := followed(t, e.startGame("7"))
	// alice places first: the board of the new game tells her by DM.
	d, ok := dmTo(start, "alice")
	if !ok || !strings.Contains(d.Reply.Text, "Your turn in Veletas game 1 (7x7) against <@bob>: https://discord.com/channels/"+e.guild+"/"+e.chann) {
		t.Fatalf("no turn DM at the start: %+v", start.AllDMs())
	}
	if _, ok := dmTo(start, "bob"); ok {
		t.Fatal("bob, who did not opt in, got a DM")
	}
	// alice's setup: bob's turn, bob gets nothing; then bob's choice gives
	// alice a DM again.
	r := public(t, e.cmd("alice", "setup", "shooters=c5", "stone=d2"))
	if len(r.AllDMs()) != 0 {
		t.Fatalf("DMs on bob's turn: %+v", r.AllDMs())
	}
	r = public(t, e.cmd("bob", "keep"))
	if _, ok := dmTo(r, "bob"); ok || len(r.AllDMs()) != 0 {
		// after keep, bob (White) places: his turn, no DM for him
		t.Fatalf("DMs after keep: %+v", r.AllDMs())
	}
	r = public(t, e.cmd("bob", "setup", "shooters=a7 g1", "stone=g7"))
	if d, ok := dmTo(r, "alice"); !ok || !strings.HasPrefix(d.Reply.Text, "Your turn in Veletas game 1") || len(d.Reply.Mentions) != 0 {
		t.Fatalf("alice's turn DM: %+v", r.AllDMs())
	}
	// The sweep's reminder at 80% of alice's time (3 days) comes by DM too.
	e.clock.Add(60 * time.Hour)
	posts := e.sweep()
	if len(posts) != 1 {
		t.Fatalf("sweep: %+v", posts)
	}
	if d, ok := dmTo(posts[0].Reply, "alice"); !ok || !strings.Contains(d.Reply.Text, "Your move in Veletas game 1 (7x7) against <@bob> is due <t:") {
		t.Fatalf("reminder DM: %+v", posts[0].Reply.DMs)
	}
	// Discord refuses the next one: no DM is made for alice any more.
	d.Closed()
	if r := e.cmd("alice", "notify"); !strings.Contains(r.Plain(), "Discord refused my last one") {
		t.Fatalf("notify after a refusal: %q", r.Plain())
	}
	r = public(t, e.cmd("alice", "resign"))
	if len(r.AllDMs()) != 0 {
		t.Fatalf("DMs after the refusal: %+v", r.AllDMs())
	}
	// Opting in again tries again: the end of the next game reaches her.
	e.cmd("alice", "notify", "dm=on")
	e.startGame("7")
	g, _ := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	rnd := rand.New(rand.NewPCG(3, 3))
	for g.ToAct() != "alice" {
		user, sub, opts := nextCommand(t, g, rnd)
		public(t, e.cmd(user, sub, opts...))
		g, _ = e.db.ActiveGame(t.Context(), e.guild, e.chann)
	}
	r = public(t, e.cmd("bob", "resign"))
	if d, ok := dmTo(r, "alice"); !ok || !strings.HasPrefix(d.Reply.Text, "You won Veletas game 2 (7x7) against <@bob> by resignation: https://discord.com/channels/") {
		t.Fatalf("end DM: %+v", r.AllDMs())
	}
	if _, ok := dmTo(r, "bob"); ok {
		t.Fatal("bob got an end DM")
	}
	e.cmd("alice", "notify", "dm=off")
	e.startGame("7")
	if r := public(t, e.cmd("bob", "resign")); len(r.AllDMs()) != 0 {
		t.Fatalf("DMs after dm:off: %+v", r.AllDMs())
	}
}

// pageColor is the colour of an image's top-left pixel (the page).
func pageColor(t *testing.T, r Reply) [3]uint8 {
	t.Helper()
	if len(r.Images) == 0 {
		t.Fatalf("no image: %+v", r)
	}
	m, err := png.Decode(bytes.NewReader(r.Images[0].PNG))
	if err != nil {
		t.Fatal(err)
	}
	c, g, b, _ := m.At(1, 1).RGBA()
	return [3]uint8{uint8(c >> 8), uint8(g >> 8), uint8(b >> 8)}
}

// TestBoardTheme: boards are light by default; a manager makes the
// server's dark; a player's own choice wins over the server's, for the
// boards drawn for them (the message asking them to act, /veletas
// board); board:server follows the server again.
func TestBoardTheme(t *testing.T) {
	e := newEnv(t, Config{})
	light, dark := [3]uint8{0xF3, 0xEC, 0xE0}, [3]uint8{0x22, 0x25, 0x2B}
	start := followed(t, e.startGame("7")) // asks alice to act
	if c := pageColor(t, start); c != light {
		t.Fatalf("default board %v", c)
	}
	refused(t, e.cmd("alice", "theme", "board=pink"), "`pink` is not a theme")
	if r := e.cmd("alice", "theme", "board=dark"); !strings.Contains(r.Plain(), "are now dark") || !r.Ephemeral {
		t.Fatalf("theme dark: %q", r.Plain())
	}
	if c := pageColor(t, public(t, e.cmd("alice", "board"))); c != dark {
		t.Fatalf("alice's board %v", c)
	}
	if c := pageColor(t, public(t, e.cmd("bob", "board"))); c != light {
		t.Fatalf("bob's board %v", c)
	}
	// The move that asks alice to act is drawn dark, the one asking bob light.
	if c := pageColor(t, public(t, e.cmd("alice", "setup", "shooters=c5", "stone=d2"))); c != light {
		t.Fatalf("board for bob %v", c)
	}
	if c := pageColor(t, public(t, e.cmd("bob", "keep"))); c != light {
		t.Fatalf("board for bob (to place) %v", c)
	}
	if c := pageColor(t, public(t, e.cmd("bob", "setup", "shooters=a7 g1", "stone=g7"))); c != dark {
		t.Fatalf("board for alice %v", c)
	}
	// The server's theme: only a manager changes it; it is bob's now.
	refused(t, e.cmd("bob", "settings", "theme=dark"), "Manage Server")
	req := e.req("bob", "settings", "theme=dark")
	req.ManageServer = true
	if r := e.bot.Handle(t.Context(), req); !strings.Contains(r.Plain(), "set this server's board theme to dark") {
		t.Fatalf("settings theme: %q", r.Plain())
	}
	if c := pageColor(t, public(t, e.cmd("bob", "board"))); c != dark {
		t.Fatalf("bob's board on a dark server %v", c)
	}
	if r := e.cmd("bob", "theme"); !strings.Contains(r.Plain(), "dark (the server's)") {
		t.Fatalf("bob's theme: %q", r.Plain())
	}
	e.cmd("alice", "theme", "board=light")
	if c := pageColor(t, public(t, e.cmd("alice", "board"))); c != light {
		t.Fatalf("alice's light board on a dark server %v", c)
	}
	e.cmd("alice", "theme", "board=server")
	if c := pageColor(t, public(t, e.cmd("alice", "board"))); c != dark {
		t.Fatalf("alice following the server %v", c)
	}
	if r := e.cmd("alice", "settings"); !strings.Contains(r.Plain(), "Board theme of this server: dark") {
		t.Fatalf("settings: %q", r.Plain())
	}
}

// TestDMRevisedBoardName: a direct message names a revised game's board
// without parentheses inside its own: "(7x7, revised rules)".
func TestDMRevisedBoardName(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "rules=revised"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil {
		t.Fatal(err)
	}
	for loc, want := range map[string]string{
		"":   "Your turn in Veletas game 1 (7x7, revised rules) against <@bob>: ",
		"fr": "À vous de jouer dans la partie de Veletas 1 (7x7, règles révisées) contre <@bob> : ",
		"ja": "ベレタス第1局（7x7・改訂ルール、相手 <@bob>）であなたの番です：",
	} {
		if got := dmText(loc, g, dmTurn, "alice"); !strings.HasPrefix(got, want) {
			t.Errorf("%q: %q, want %q", loc, got, want)
		}
	}
}
