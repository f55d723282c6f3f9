package bot

import (
	"context"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/veletasbot/veletas/store"
)

// TestEndDamagedGame damages the stored game of the channel (bytes that
// are not a game, written with bbolt while the bot is stopped): the
// channel says so and who can end it; /veletas end takes Manage Server,
// refuses a healthy game, and frees the channel.
func TestEndDamagedGame(t *testing.T) {
	e := newEnv(t, Config{})
	ch := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	public(t, e.press("bob", button(t, ch, "Accept")))
	manager := func() Reply {
		req := e.req("mod", "end")
		req.ManageServer = true
		return e.bot.Handle(context.Background(), req)
	}
	refused(t, e.cmd("bob", "end"), "Manage Server")
	refused(t, manager(), "is not damaged")
	if _, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err != nil {
		t.Fatalf("a refused end changed the game: %v", err)
	}

	// Damage the stored game while the bot is stopped, and restart.
	path := e.db.Path()
	e.db.Close()
	raw, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := raw.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("games")).Put([]byte(e.guild+"\x00"+e.chann), []byte("not a game"))
	}); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	db, err := store.Open(path, &store.Options{Games: testGames, NoSync: true, Now: e.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	e.db = db
	e.bot = New(db, e.clock.Now, e.bot.Logger, Config{RateBurst: -1, Games: TestGames()})

	refused(t, e.cmd("alice", "board"), "damaged")
	refused(t, e.cmd("carol", "challenge", "opponent=dave", "size=7"), "already has a game")
	refused(t, e.cmd("alice", "end"), "Manage Server")
	r := public(t, manager())
	if !strings.Contains(r.Plain(), "<@mod> ended this channel's damaged game") {
		t.Fatalf("end: %q", r.Plain())
	}
	refused(t, e.cmd("alice", "board"), "no game")
	ch = public(t, e.cmd("carol", "challenge", "opponent=dave", "size=7"))
	public(t, e.press("dave", button(t, ch, "Accept")))
	if s, _ := e.db.Standings(t.Context(), kindVeletas, e.guild); len(s) != 0 {
		t.Fatalf("the ended game counted: %+v", s)
	}
}

// TestSettingsHintsOtherValues: the hints of /veletas settings and
// /veletas theme suggest values other than the current ones.
func TestSettingsHintsOtherValues(t *testing.T) {
	e := newEnv(t, Config{})
	show := func(loc, sub string) string {
		t.Helper()
		req := e.req("alice", sub)
		req.Locale = loc
		r := e.bot.Handle(t.Context(), req)
		if !r.Ephemeral {
			t.Fatalf("/veletas %s: %q", sub, r.Plain())
		}
		return r.Text
	}
	check := func(got string, want ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%q lacks %q", got, w)
			}
		}
	}
	// The defaults: 3 days, classic, English, light.
	check(show("", "settings"), "default time per move: 3 days. A member with Manage Server changes it with `/veletas settings time:12h`",
		"challenges: classic. A member with Manage Server changes them with `/veletas settings rules:revised`.",
		"time-outs): English. Change it with `/veletas settings language:ja` or `language:fr`.",
		"this server: light. A member with Manage Server changes it with `/veletas settings theme:dark`;")
	check(show("", "theme"), "Your boards are drawn light (the server's). Choose with `/veletas theme board:light`, or `board:dark`.")
	set := e.req("alice", "settings", "time=12h", "rules=revised", "language=fr", "theme=dark")
	set.ManageServer = true
	public(t, e.bot.Handle(t.Context(), set))
	check(show("", "settings"), "`/veletas settings time:3d`", "`/veletas settings rules:classic`",
		"`/veletas settings language:en` or `language:ja`", "`/veletas settings theme:light`")
	check(show("fr", "settings"), "Un membre ayant la permission Gérer le serveur le change avec `/veletas settings time:3d`",
		"les change avec `/veletas settings rules:classic`.", "Changez-la avec `/veletas settings language:en` ou `language:ja`.",
		"le change avec `/veletas settings theme:light` ;")
	check(show("ja", "settings"), "`/veletas settings time:3d` で変更できます", "`/veletas settings rules:classic` で変更できます。",
		"`/veletas settings language:en` か `language:ja` で変更できます。", "`/veletas settings theme:light` で変更できます。")
	check(show("", "theme"), "drawn dark (the server's). Choose with `/veletas theme board:light`, or `board:dark`.")
	if r := e.cmd("alice", "theme", "board=dark"); !strings.Contains(r.Text, "are now dark") {
		t.Fatalf("theme dark: %q", r.Text)
	}
	check(show("", "theme"), "Your boards are drawn dark. Choose with `/veletas theme board:light`, or `board:server` to follow the server.")
	check(show("fr", "theme"), "Choisissez avec `/veletas theme board:light`, ou `board:server` pour suivre le serveur.")
	check(show("ja", "theme"), "`/veletas theme board:light`、または `board:server`（サーバーに合わせる） で選べます。")
}
