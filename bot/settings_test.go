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
	if _, err := e.db.ActiveGame(e.guild, e.chann); err != nil {
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
	db, err := store.Open(path, &store.Options{NoSync: true, Now: e.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	e.db = db
	e.bot = New(db, testRenderer(t), e.clock.Now, e.bot.Logger, Config{RateBurst: -1})

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
	if s, _ := e.db.Standings(e.guild); len(s) != 0 {
		t.Fatalf("the ended game counted: %+v", s)
	}
}
