package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/store"
)

func TestWholeGame(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	if !hasMention(ch, "bob") || !strings.Contains(ch.Plain(), "<@bob>") || !strings.Contains(ch.Plain(), "7x7") {
		t.Fatalf("challenge: %+v", ch)
	}
	acc := public(t, e.press("bob", button(t, ch, "Accept")))
	updatedTo(t, acc, "<@bob> accepted <@alice>'s challenge.")
	start := followed(t, acc)
	decodePNG(t, start)
	if !strings.Contains(start.Plain(), "<@alice>, your turn") || !hasMention(start, "alice") {
		t.Fatalf("start does not ping alice: %q %v", start.Plain(), start.Mentions)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var last Reply
	for i := 0; i < 200; i++ {
		g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if errors.Is(err, store.ErrNoGame) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		user, sub, opts := nextCommand(t, g, r)
		last = public(t, e.cmd(user, sub, opts...))
		decodePNG(t, last)
		if !strings.Contains(last.Plain(), "Last action: `") || !strings.Contains(last.Plain(), "Claims: Black ") {
			t.Fatalf("game reply lacks last action or claims: %q", last.Plain())
		}
		g2, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if err == nil {
			if next := g2.ToAct(); !hasMention(last, next) || !strings.Contains(last.Plain(), "<@"+next+">, your turn") {
				t.Fatalf("reply does not ping %s: %q %v", next, last.Plain(), last.Mentions)
			}
			if g2.Revision != g.Revision+1 {
				t.Fatalf("revision %d after %d", g2.Revision, g.Revision)
			}
		}
	}
	if !strings.Contains(last.Plain(), "wins") {
		t.Fatalf("last reply does not name a winner: %q", last.Plain())
	}
	done, err := e.db.FinishedGames(t.Context(), e.guild, "", 1)
	if err != nil || len(done) != 1 {
		t.Fatalf("finished games: %v %v", done, err)
	}
	w := done[0].Winner
	if !strings.Contains(last.Plain(), "**<@"+w+"> wins**") || !hasMention(last, w) {
		t.Fatalf("winner %s not named: %q", w, last.Plain())
	}
	st := public(t, e.cmd("carol", "standings"))
	if !strings.Contains(st.Plain(), "1. <@"+w+">: 1662 ± 290, 1 W, 0 L") || len(st.Mentions) != 0 {
		t.Fatalf("standings: %q %v", st.Plain(), st.Mentions)
	}
	// board and record still show the finished game.
	b := public(t, e.cmd("carol", "board"))
	decodePNG(t, b)
	if len(b.Mentions) != 0 || !strings.Contains(b.Plain(), "wins") {
		t.Fatalf("board of a finished game: %q %v", b.Plain(), b.Mentions)
	}
	rec := public(t, e.cmd("carol", "record"))
	if !strings.Contains(rec.Plain(), "size=7") || !strings.Contains(rec.Plain(), done[0].Record) {
		t.Fatalf("record %q, want %q", rec.Plain(), done[0].Record)
	}
	// The channel is free again.
	public(t, e.cmd("bob", "challenge", "opponent=alice"))
}

func TestChallengeRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	refused(t, e.cmd("alice", "challenge", "opponent=alice"), "against yourself")
	refused(t, e.cmd("alice", "challenge", "opponent=bob", "size=8"), "not a board size")
	refused(t, e.cmd("alice", "challenge", "opponent=bo b"), "Name your opponent")
	r := e.req("alice", "challenge", "opponent=robot")
	r.Users = map[string]User{"robot": {ID: "robot", Name: "Robot", Bot: true}}
	refused(t, e.bot.Handle(context.Background(), r), "is a bot")
	refused(t, e.cmd("bob", "accept"), "no challenge for you")
	refused(t, e.cmd("bob", "decline"), "no open challenge")

	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=9"))
	refused(t, e.press("carol", button(t, ch, "Accept")), "only they can answer")
	refused(t, e.press("alice", button(t, ch, "Accept")), "You made this challenge")
	refused(t, e.cmd("carol", "accept"), "no challenge for you")
	refused(t, e.press("carol", button(t, ch, "Decline")), "only they can answer")
	// Declined with the button: the buttons are stale afterwards.
	d := public(t, e.press("bob", button(t, ch, "Decline")))
	if !strings.Contains(d.Plain(), "<@bob> declined <@alice>'s challenge") || !hasMention(d, "alice") {
		t.Fatalf("decline: %+v", d)
	}
	refused(t, e.press("bob", button(t, ch, "Accept")), "no longer open")

	// Withdrawn by the challenger.
	ch = public(t, e.cmd("alice", "challenge", "opponent=bob"))
	w := public(t, e.press("alice", button(t, ch, "Decline")))
	if !strings.Contains(w.Plain(), "withdrew") {
		t.Fatalf("withdraw: %q", w.Plain())
	}

	// Expiry.
	ch = public(t, e.cmd("alice", "challenge", "opponent=bob"))
	e.clock.Add(25 * time.Hour)
	updatedTo(t, e.press("bob", button(t, ch, "Accept")), "This challenge has expired.") // and its buttons are gone
	refused(t, e.cmd("bob", "accept"), "expired")

	// The accept command, then a challenge in the busy channel.
	public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	g := public(t, e.cmd("bob", "accept"))
	decodePNG(t, g)
	refused(t, e.cmd("carol", "challenge", "opponent=dave"), "already has a game")
	if _, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil {
		t.Fatal(err)
	}
}

// threads is a ThreadStarter that records the threads made.
type threads struct {
	made []string
	err  error
}

func (th *threads) StartThread(channel, name string) (string, error) {
	if th.err != nil {
		return "", th.err
	}
	th.made = append(th.made, channel+"/"+name)
	return "t" + channel, nil
}

func TestGameInThread(t *testing.T) {
	e := newEnv(t, Config{})
	e.bot.remember(User{ID: "alice", Name: "Alice"})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	th := &threads{}
	req := Request{Type: TypeButton, Guild: e.guild, Channel: e.chann, User: User{ID: "bob", Name: "Bob"},
		CustomID: button(t, ch, "Accept"), Threads: th}
	r := public(t, e.bot.Handle(context.Background(), req))
	if len(th.made) != 1 || th.made[0] != "c1/Veletas 7x7: ALICE vs Bob" {
		t.Fatalf("threads made: %v", th.made)
	}
	if !strings.Contains(r.Plain(), "<#tc1>") || len(r.Posts) != 1 || r.Posts[0].Channel != "tc1" {
		t.Fatalf("reply %+v", r)
	}
	decodePNG(t, r.Posts[0].Reply)
	if !hasMention(r.Posts[0].Reply, "alice") {
		t.Fatalf("thread post does not ping alice: %+v", r.Posts[0].Reply.Mentions)
	}
	// Challenging in the channel points to the thread; the game is played
	// in the thread.
	refused(t, e.cmd("carol", "challenge", "opponent=dave"), "<#tc1>")
	e.chann = "tc1"
	refused(t, e.cmd("carol", "challenge", "opponent=dave"), "already has a game")
	public(t, e.cmd("alice", "setup", "shooters=c5", "stone=d2"))

	// A thread that cannot be made: the game starts in the channel.
	e.chann = "c2"
	ch = public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	req = Request{Type: TypeButton, Guild: e.guild, Channel: "c2", User: User{ID: "bob"},
		CustomID: button(t, ch, "Accept"), Threads: &threads{err: errors.New("403 missing access")}}
	r = public(t, e.bot.Handle(context.Background(), req))
	updatedTo(t, r, "<@bob> accepted <@alice>'s challenge.")
	r = followed(t, r)
	decodePNG(t, r)
	if len(r.Posts) != 0 || !strings.Contains(r.Plain(), "<@alice>, your turn") {
		t.Fatalf("reply %+v", r)
	}
}

func TestActionRefusals(t *testing.T) {
	e := newEnv(t, Config{})
	refused(t, e.cmd("alice", "move", "shooter=c4", "shoot=c5"), "no game in this channel")
	refused(t, e.cmd("alice", "board"), "no game in this channel")
	refused(t, e.cmd("alice", "record"), "no game in this channel")
	e.startGame("7")
	record := func() string {
		g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
		if err != nil {
			t.Fatal(err)
		}
		return g.Record
	}
	before := record()
	refused(t, e.cmd("bob", "setup", "shooters=c5", "stone=d2"), "not your turn")
	refused(t, e.cmd("carol", "setup", "shooters=c5", "stone=d2"), "not playing this game")
	ruleRefusedAs(t, e.cmd("alice", "setup", "shooters=c5 e5", "stone=d2"), "", RuleRefusal{Reason: "rule.count", Hint: "hint.count", Detail: "rule.countdetail", Args: []any{1, 2}})
	ruleRefusedAs(t, e.cmd("alice", "setup", "shooters=c5", "stone=c5"), "", RuleRefusal{Reason: "rule.occupied", Hint: "hint.occupied", Squares: []string{"c5"}})
	refused(t, e.cmd("alice", "setup", "shooters=h5", "stone=d2"), "`h5` is off the 7x7 board")
	refused(t, e.cmd("alice", "setup", "shooters=c", "stone=d2"), "`c` is not a square")
	refused(t, e.cmd("alice", "setup", "shooters=", "stone=d2"), "needs squares")
	refused(t, e.cmd("alice", "setup", "shooters=c5", "stone="), "needs a square")
	refused(t, e.cmd("alice", "setup", "shooters="+strings.Repeat("a1 ", 40), "stone=d2"), "too long")
	refused(t, e.cmd("alice", "setup", "shooters=c5\x00", "stone=d2"), "control character")
	ruleRefusedAs(t, e.cmd("alice", "move", "shooter=c5", "shoot=c6"), "", RuleRefusal{Reason: "rule.phase", Hint: "hint.phase", Detail: "rule.phasedetail", Args: []any{MsgKey("kind.setup"), MsgKey("kind.turn")}})
	ruleRefusedAs(t, e.cmd("alice", "swap"), "", RuleRefusal{Reason: "rule.phase", Hint: "hint.phase", Detail: "rule.phasedetail", Args: []any{MsgKey("kind.setup"), MsgKey("kind.choice")}})
	refused(t, e.cmd("alice", "frobnicate"), "I do not know `/veletas frobnicate`")
	refused(t, e.press("alice", "veletas:swap:1"), "not one of mine")
	refused(t, e.press("alice", "nonsense"), "not one of mine")
	if got := record(); got != before {
		t.Fatalf("record changed by refusals: %q -> %q", before, got)
	}

	choice := public(t, e.cmd("alice", "setup", "shooters=c5", "stone=d2"))
	swap := button(t, choice, "Swap")
	refused(t, e.press("alice", swap), "not your turn")
	refused(t, e.press("carol", swap), "not playing this game")
	public(t, e.press("bob", button(t, choice, "Keep")))
	refused(t, e.press("bob", swap), "out of date")

	public(t, e.cmd("bob", "setup", "shooters=a1, g7", "stone=c3"))
	before = record()
	refused(t, e.cmd("bob", "move", "shooter=c5", "to=c3", "shoot=f6"), "not your turn")
	ruleRefusedAs(t, e.cmd("alice", "move", "shooter=c4", "shoot=c6"), "", RuleRefusal{Reason: "rule.notshooter", Hint: "hint.shooter", Squares: []string{"c4"}})
	ruleRefusedAs(t, e.cmd("alice", "move", "shooter=c5", "to=d7", "shoot=d6"), "", RuleRefusal{Reason: "rule.queen", Hint: "hint.queen", Squares: []string{"c5", "d7"}})
	ruleRefusedAs(t, e.cmd("alice", "move", "shooter=c5", "to=c1", "shoot=c2"), "", RuleRefusal{Reason: "rule.blocked", Hint: "hint.blocked", Squares: []string{"c5", "c1", "c3"}})
	ruleRefusedAs(t, e.cmd("alice", "move", "shooter=c5", "shoot=d2"), "", RuleRefusal{Reason: "rule.queen", Hint: "hint.queen", Squares: []string{"c5", "d2"}})
	refused(t, e.cmd("alice", "move", "shooter=c5", "to=x", "shoot=d2"), "`x` is not a square")
	refused(t, e.cmd("alice", "move", "shoot=d2"), "needs a square")
	if got := record(); got != before {
		t.Fatalf("record changed by refusals: %q -> %q", before, got)
	}
	m := public(t, e.cmd("alice", "move", "shooter=c5", "to=e5", "shoot=e6"))
	if !strings.Contains(m.Plain(), "Last action: `c5-e5/e6` by <@alice>") || !hasMention(m, "bob") {
		t.Fatalf("move reply: %q", m.Plain())
	}
	// An old Swap button of an earlier game.
	public(t, e.cmd("bob", "resign"))
	e.startGame("7")
	refused(t, e.press("bob", swap), "earlier game")
}

func TestResign(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("10")
	refused(t, e.cmd("carol", "resign"), "not playing")
	r := public(t, e.cmd("bob", "resign"))
	decodePNG(t, r)
	if !strings.Contains(r.Plain(), "**<@alice> wins** by resignation of <@bob>") || !hasMention(r, "alice") {
		t.Fatalf("resign: %q %v", r.Plain(), r.Mentions)
	}
	refusedAs(t, e.cmd("bob", "resign"), "", "game.over", 1, "<@alice> won by resignation")
	s, err := e.db.Standing(t.Context(), kindVeletas, e.guild, "alice")
	if err != nil || s.Wins != 1 {
		t.Fatalf("standing %+v %v", s, err)
	}
}

func TestLookingCommands(t *testing.T) {
	e := newEnv(t, Config{})
	if r := public(t, e.cmd("carol", "standings")); !strings.Contains(r.Plain(), "No rated game has finished on this server yet") {
		t.Fatalf("standings: %q", r.Plain())
	}
	for _, c := range []string{"rules", "help"} {
		r := e.cmd("carol", c)
		if !r.Ephemeral || !strings.Contains(r.Plain(), "Veletas") {
			t.Fatalf("%s: %+v", c, r)
		}
	}
	e.startGame("9")
	public(t, e.cmd("alice", "setup", "shooters=c5 g5", "stone=d2"))
	b := public(t, e.cmd("carol", "board"))
	decodePNG(t, b)
	if len(b.Mentions) != 0 || !strings.Contains(b.Plain(), "<@bob>, your turn") || len(b.Buttons) != 3 || b.Buttons[2].Label != "Play" {
		t.Fatalf("board: %q %v %v", b.Plain(), b.Mentions, b.Buttons)
	}
	rec := public(t, e.cmd("carol", "record"))
	if !strings.Contains(rec.Plain(), "size=9\n[c5,g5]d2") || !strings.Contains(rec.Plain(), "in progress") {
		t.Fatalf("record: %q", rec.Plain())
	}
}

func TestRateLimit(t *testing.T) {
	e := newEnv(t, Config{RateBurst: 3, RateEvery: 2 * time.Second})
	for i := 0; i < 3; i++ {
		public(t, e.cmd("alice", "standings"))
	}
	refused(t, e.cmd("alice", "standings"), "Please wait 2 seconds")
	public(t, e.cmd("bob", "standings")) // others are not slowed
	e.clock.Add(2 * time.Second)
	public(t, e.cmd("alice", "standings"))
	refused(t, e.cmd("alice", "standings"), "faster than I can keep up")
	// Autocomplete is not limited.
	e.clock.Add(time.Minute)
	e.startGame("7")
	for i := 0; i < 5; i++ {
		e.cmd("alice", "board")
	}
	if len(e.complete("alice", "setup", "stone", "stone=")) == 0 {
		t.Fatal("autocomplete was limited")
	}
}

func TestCustomIDRoundTrip(t *testing.T) {
	// Every action of the dispatch table, and only those, reads back.
	for action := range buttons {
		for _, b := range []ButtonID{{"", action, "12", 0}, {"fanorona", action, "7", 31}} {
			got, err := parseCustomID(b.String())
			if err != nil || got != b {
				t.Fatalf("%v -> %v %v", b, got, err)
			}
		}
	}
	for _, s := range []string{"", "veletas", "veletas:swap:1", "veletas:fly:1:0", "veletas:swap::0", "veletas:swap:1:01",
		"veletas:swap:1:-1", "veletas:swap:a b:0", "x:swap:1:0", "veletas:swap:1:0:0", strings.Repeat("v", 200)} {
		if _, err := parseCustomID(s); err == nil {
			t.Errorf("%q parsed", s)
		}
	}
}

// TestChallengeCap: a player's sixth open challenge on a server is
// refused with a sentence that says what to do, and nothing is stored.
func TestChallengeCap(t *testing.T) {
	e := newEnv(t, Config{})
	for _, opp := range []string{"bob", "carol", "dave", "erin", "frank"} {
		public(t, e.cmd("alice", "challenge", "opponent="+opp, "size=7"))
	}
	refused(t, e.cmd("alice", "challenge", "opponent=gina", "size=7"), "too many open challenges on this server: withdraw one")
	if list, err := e.db.Challenges(t.Context(), e.guild, ""); err != nil || len(list) != 5 {
		t.Fatalf("open challenges: %v %d", err, len(list))
	}
}

// TestSameChallengeRefused: a second challenge of the same player to the
// same opponent (or open to anyone) for the same game in one channel is
// refused, pointing to the first, and nothing is stored; another
// opponent, another challenger or another game may be challenged.
func TestSameChallengeRefused(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	first, err := e.db.Challenges(t.Context(), e.guild, e.chann)
	if err != nil || len(first) != 1 {
		t.Fatalf("challenges: %v %+v", err, first)
	}
	exp := first[0].Expires.Unix()
	refusedAs(t, e.cmd("alice", "challenge", "opponent=bob", "size=9"), "", "challenge.already", "<@bob>", "7x7", exp)
	refused(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"), fmt.Sprintf("You challenged <@bob> in this channel already (7x7, open until <t:%d:f>): wait for their answer, or withdraw that challenge with its Decline button before making another.", exp))
	refused(t, e.in("", "fr", "alice", "challenge", "opponent=bob"), fmt.Sprintf("Vous avez déjà défié <@bob> dans ce salon (7x7, ouvert jusqu'au <t:%d:f>) : attendez sa réponse, ou retirez ce défi avec son bouton Refuser avant d'en lancer un autre.", exp))
	refused(t, e.in("", "ja", "alice", "challenge", "opponent=bob"), "このチャンネルではすでに <@bob> さんに挑戦しています（7x7、")
	public(t, e.cmd("alice", "challenge", "opponent=carol"))
	public(t, e.cmd("bob", "challenge", "opponent=alice"))
	public(t, e.fcmd("alice", "challenge", "opponent=bob"))
	public(t, e.cmd("alice", "challenge"))
	open, _ := e.db.Challenges(t.Context(), e.guild, e.chann)
	refusedAs(t, e.cmd("alice", "challenge", "size=9"), "", "challenge.dupopen", "10x10", open[len(open)-1].Expires.Unix())
	refusedAs(t, e.fcmd("alice", "challenge", "opponent=bob", "variant=vela"), "+fanorona", "challenge.already", "<@bob>", "Fanorona", open[3].Expires.Unix())
	if all, _ := e.db.Challenges(t.Context(), e.guild, e.chann); len(all) != 5 {
		t.Fatalf("%d challenges stored, want 5: %+v", len(all), all)
	}
	// Once withdrawn, the same challenge may be made again.
	public(t, e.press("alice", button(t, ch, "Decline")))
	public(t, e.cmd("alice", "challenge", "opponent=bob", "size=9"))
}

// TestAcceptCommandNamesOrPicks: /veletas accept names the challenge it
// accepted, whose and on what terms; with several open to the user it
// accepts none and lists them, each with a button that accepts it.
func TestAcceptCommandNamesOrPicks(t *testing.T) {
	e := newEnv(t, Config{})
	public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7", "rated=false", "time=1d"))
	acc := public(t, e.cmd("bob", "accept"))
	if want := tr("", "accept.named", "<@bob>", "<@alice>", "7x7", termsText("", false, 24*time.Hour)); !strings.Contains(acc.Plain(), "\n"+want+"\n") ||
		!strings.Contains(acc.Plain(), "\n<@bob> accepted <@alice>'s challenge (7x7). Unrated, 1 day per move.\n") {
		t.Fatalf("accept: %q, want it to say %q", acc.Plain(), want)
	}

	e.chann = "c2"
	public(t, e.cmd("alice", "challenge", "opponent=bob", "size=9"))
	public(t, e.fcmd("carol", "challenge", "variant=vela", "side=white", "rated=false", "time=none"))
	pick := e.cmd("bob", "accept")
	lines := tr("", "accept.item", 1, "<@alice>", "9x9", termsText("", true, 3*24*time.Hour)) + "\n" +
		tr("+fanorona", "accept.item", 2, "<@carol>", "Véla, playing White (who moves first)", termsText("+fanorona", false, 0))
	if want := tr("", "accept.several", 2, lines); !pick.Ephemeral || pick.Text != want {
		t.Fatalf("pick: %q, want %q", pick.Text, want)
	}
	if !strings.HasPrefix(pick.Text, "2 challenges are open for you in this channel, and `/veletas accept` takes one only when it is the only one. Press the button of the one you want (or Accept on its message):\n1. <@alice>: 9x9. Rated, 3 days per move.\n2. <@carol>: Véla, playing White") {
		t.Fatalf("pick: %q", pick.Text)
	}
	if fr := e.in("", "fr", "bob", "accept"); !strings.HasPrefix(fr.Text, "2 défis vous sont ouverts dans ce salon, et `/veletas accept` n'en prend un que s'il est le seul.") {
		t.Fatalf("fr: %q", fr.Text)
	}
	if ja := e.in("", "ja", "bob", "accept"); !strings.HasPrefix(ja.Text, "このチャンネルにはあなたが受けられる挑戦が 2 件あり、") || !strings.Contains(ja.Text, "1. <@alice> さん：9x9。") {
		t.Fatalf("ja: %q", ja.Text)
	}
	if _, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); !errors.Is(err, store.ErrNoGame) {
		t.Fatalf("a game started: %v", err)
	}
	if open, _ := e.db.Challenges(t.Context(), e.guild, e.chann); len(open) != 2 {
		t.Fatalf("challenges left: %+v", open)
	}
	// The second button accepts carol's Véla challenge.
	r := followed(t, e.press("bob", button(t, pick, "Accept 2")))
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil || g.Kind != kindFanorona || !g.IsPlayer("carol") || !g.IsPlayer("bob") {
		t.Fatalf("game: %v %+v", err, g)
	}
	fanoronaImage(t, r)
}

// TestExpiredChallengeButtons: a button of an expired challenge replaces
// its message with one saying it expired, without buttons, while the
// challenge is kept and after it was purged (not "accepted, declined or
// withdrawn"); before its expiry, a button of a challenge answered
// still says it is no longer open.
func TestExpiredChallengeButtons(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob"))
	open := public(t, e.cmd("carol", "challenge"))
	answered := public(t, e.cmd("dave", "challenge", "opponent=bob"))
	public(t, e.press("bob", button(t, answered, "Decline")))
	refused(t, e.press("bob", button(t, answered, "Accept")), "no longer open (it was accepted, declined or withdrawn)")
	e.clock.Add(25 * time.Hour)
	expired := tr("", "err.expired")
	updatedTo(t, e.press("bob", button(t, ch, "Decline")), expired)
	updatedTo(t, e.press("alice", button(t, ch, "Decline")), expired)
	updatedTo(t, e.press("erin", button(t, open, "Accept")), expired)
	if _, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); !errors.Is(err, store.ErrNoGame) {
		t.Fatalf("an expired challenge started a game: %v", err)
	}
	// Purged a day after it expired: the buttons still say it expired.
	e.clock.Add(25 * time.Hour)
	if n, err := e.db.PurgeExpiredChallenges(t.Context()); err != nil || n != 2 {
		t.Fatalf("purged %d: %v", n, err)
	}
	for _, p := range []struct{ user, label string }{{"bob", "Decline"}, {"bob", "Accept"}, {"alice", "Decline"}} {
		r := e.press(p.user, button(t, ch, p.label))
		updatedTo(t, r, "This challenge has expired. Make a new one with `/veletas challenge opponent:@someone`.")
		if r.Text != expired {
			t.Fatalf("%s pressing %s: %q, want err.expired", p.user, p.label, r.Text)
		}
	}
	fr := e.bot.Handle(context.Background(), Request{Type: TypeButton, Guild: e.guild, Channel: e.chann, User: User{ID: "bob"}, CustomID: button(t, ch, "Decline"), Locale: "fr"})
	updatedTo(t, fr, "Ce défi a expiré. Lancez-en un nouveau avec `/veletas challenge opponent:@quelqu'un`.")
	ja := e.bot.Handle(context.Background(), Request{Type: TypeButton, Guild: e.guild, Channel: e.chann, User: User{ID: "bob"}, CustomID: button(t, ch, "Accept"), Locale: "ja"})
	updatedTo(t, ja, "この挑戦は期限切れです。")
}

// TestGameStartWithdrawsChannelChallenges: a channel with a game holds no
// challenge, so when a game starts in a channel its other challenges are
// withdrawn, and the game's first message says which; those of other
// channels stay open.
func TestGameStartWithdrawsChannelChallenges(t *testing.T) {
	e := newEnv(t, Config{})
	e.chann = "c2"
	public(t, e.cmd("alice", "challenge", "opponent=carol"))
	e.chann = "c1"
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	toCarol := public(t, e.cmd("alice", "challenge", "opponent=carol"))
	public(t, e.cmd("carol", "challenge"))
	public(t, e.cmd("dave", "challenge", "opponent=erin"))
	r := e.press("bob", button(t, ch, "Accept"))
	list := "<@alice>'s challenge to <@carol>, <@carol>'s open challenge, <@dave>'s challenge to <@erin>"
	want := tr("", "accept.withdrawn", list)
	if !r.Update || r.Text != tr("", "accept.intro", "<@bob>", "<@alice>")+"\n"+want ||
		want != "This channel now has a game, and a channel with a game holds no challenge, so these are withdrawn: "+list+"." {
		t.Fatalf("start: %q, want the line %q", r.Text, want)
	}
	if open, err := e.db.Challenges(t.Context(), e.guild, "c1"); err != nil || len(open) != 0 {
		t.Fatalf("challenges left in the game's channel: %v %+v", err, open)
	}
	if open, err := e.db.Challenges(t.Context(), e.guild, "c2"); err != nil || len(open) != 1 {
		t.Fatalf("the other channel's challenge: %v %+v", err, open)
	}
	refused(t, e.press("carol", button(t, toCarol, "Accept")), "no longer open")
	// In French and Japanese, by the accept command.
	for _, c := range []struct{ loc, want string }{
		{"fr", "Ce salon a maintenant une partie, et un salon qui a une partie ne garde aucun défi ; ceux-ci sont donc retirés : le défi de <@carol> à <@dave>."},
		{"ja", "このチャンネルで対局が始まったため（対局中のチャンネルには挑戦を置けません）、次の挑戦を取り下げました：<@carol> さんから <@dave> さんへの挑戦。"},
	} {
		e.chann = "c-" + c.loc
		public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
		public(t, e.cmd("carol", "challenge", "opponent=dave"))
		acc := public(t, e.in("", c.loc, "bob", "accept"))
		if !strings.Contains(acc.Plain(), c.want) {
			t.Fatalf("%s: %q lacks %q", c.loc, acc.Plain(), c.want)
		}
	}
}

// TestAIGameStartWithdrawsChannelChallenges: a game against the computer
// makes its channel hold a game too, so its challenges are withdrawn.
func TestAIGameStartWithdrawsChannelChallenges(t *testing.T) {
	e := newEnv(t, Config{})
	e.startAI(AIConfig{})
	public(t, e.cmd("alice", "challenge", "opponent=bob"))
	start := public(t, e.cmd("alice", "challenge", "opponent="+aiName, "level=easy", "size=7"))
	if want := tr("", "accept.withdrawn", "<@alice>'s challenge to <@bob>"); !strings.Contains(start.Plain(), want) {
		t.Fatalf("start: %q lacks %q", start.Plain(), want)
	}
	if open, err := e.db.Challenges(t.Context(), e.guild, e.chann); err != nil || len(open) != 0 {
		t.Fatalf("challenges left: %v %+v", err, open)
	}
}
