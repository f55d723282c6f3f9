package web

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// fixture is a real store (bbolt in a temp dir) with a game of each kind
// played a few moves, and a Server on it.
type fixture struct {
	db     *store.DB
	games  *game.Registry
	srv    *Server
	byKind map[game.Kind]store.Game
}

var testKey = []byte("0123456789abcdef0123456789abcdef-test-key")

// stubUsers names every user by its ID in capitals, with no avatar but
// alice's.
type stubUsers struct {
	mu    sync.Mutex
	calls int
}

func (u *stubUsers) Names(_ context.Context, ids []string) map[string]User {
	u.mu.Lock()
	u.calls++
	u.mu.Unlock()
	out := map[string]User{}
	for _, id := range ids {
		out[id] = User{Name: "User " + id}
	}
	return out
}

var _ UserInfo = (*stubUsers)(nil)

func newFixture(t testing.TB, plies map[game.Kind]int, opts ...func(*Options)) *fixture {
	t.Helper()
	reg, err := game.NewRegistry(veletas.Definition{}, fanorona.Definition{}, amazons.Definition{})
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(t.TempDir(), "web.db"), &store.Options{Games: reg, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f := &fixture{db: db, games: reg, byKind: map[game.Kind]store.Game{}}
	for i, k := range reg.Kinds() {
		c, err := db.CreateChallenge(t.Context(), store.Challenge{Guild: "guild", Channel: "chan-" + string(k), Challenger: "alice", Opponent: "bob", Kind: k, MoveTime: 24 * time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		g, err := db.AcceptChallenge(t.Context(), c.ID, "bob")
		if err != nil {
			t.Fatal(err)
		}
		f.byKind[k] = f.play(t, g, plies[k], i)
	}
	o := Options{Key: testKey, Games: reg, Store: db, Users: &stubUsers{}}
	for _, fn := range opts {
		fn(&o)
	}
	f.srv, err = New(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.srv.Close() })
	return f
}

// play makes n actions in game g, each the player to act's, chosen
// through the game's picker (seed varies the choices), and returns the
// game after them.
func (f *fixture) play(t testing.TB, g store.Game, n, seed int) store.Game {
	t.Helper()
	rules, err := f.games.Get(g.Kind)
	if err != nil {
		t.Fatal(err)
	}
	pk := rules.(game.Pickable)
	for i := 0; i < n && !g.Over(); i++ {
		g, err = f.db.Act(t.Context(), g.Guild, g.Channel, g.ToAct(), -1, g.Kind, func(s game.State) (game.State, error) {
			var chosen []string
			for {
				st, err := pk.Pick(s, chosen)
				if err != nil {
					return nil, err
				}
				if st.Action != "" {
					return pk.Act(s, st.Action)
				}
				chosen = append(chosen, st.Options[(i*7+seed*3+len(chosen)*5)%len(st.Options)].Value)
			}
		})
		if err != nil {
			t.Fatalf("%s action %d: %v", g.Kind, i, err)
		}
	}
	return g
}
