package web

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// botWording is the bot's Wording, set once the bot is made (after the
// server, as in cmd/veletasbot).
type botWording struct {
	mu sync.Mutex
	b  *bot.Bot
}

func (w *botWording) bot() *bot.Bot { w.mu.Lock(); defer w.mu.Unlock(); return w.b }

func (w *botWording) GameText(kind game.Kind, lang, key string, args ...any) (string, bool) {
	if b := w.bot(); b != nil {
		return b.GameText(kind, lang, key, args...)
	}
	return "", false
}

func (w *botWording) GameTitle(g store.Game, lang string) (string, string) {
	if b := w.bot(); b != nil {
		return b.GameTitle(g, lang)
	}
	return "", ""
}

func (w *botWording) GameEnding(g store.Game, lang string) string {
	if b := w.bot(); b != nil {
		return b.GameEnding(g, lang)
	}
	return ""
}

var (
	_ Wording = (*botWording)(nil)
	_ Wording = (*bot.Bot)(nil)
)

// wordingFixture is a store of the games hosted, the bot's core on it
// and a Server taking moves whose words are the bot's.
type wordingFixture struct {
	db  *store.DB
	reg *game.Registry
	bot *bot.Bot
	srv *Server
}

func newWordingFixture(t *testing.T) *wordingFixture {
	t.Helper()
	reg := games.Registry()
	db, err := store.Open(filepath.Join(t.TempDir(), "words.db"), &store.Options{Games: reg, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	b := bot.New(db, time.Now, slog.New(slog.DiscardHandler), bot.Config{Games: games.All(), RateBurst: -1})
	srv, err := New(Options{Key: testKey, Games: reg, Store: db, Users: &stubUsers{}, Identity: testIdentity{},
		Mover: &storeMover{db: db, games: reg}, Wording: b, PageBurst: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return &wordingFixture{db: db, reg: reg, bot: b, srv: srv}
}

// start starts a game of kind on terms between alice and bob.
func (f *wordingFixture) start(t *testing.T, kind game.Kind, terms game.Terms, channel string) store.Game {
	t.Helper()
	c, err := f.db.CreateChallenge(t.Context(), store.Challenge{Guild: "guild", Channel: channel, Challenger: "alice",
		Opponent: "bob", Kind: kind, Terms: terms, MoveTime: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.db.AcceptChallenge(t.Context(), c.ID, "bob")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// getAs asks path of the server as user (none for ""), with an
// Accept-Language header when accept is not "", and decodes its JSON
// into v.
func (f *wordingFixture) getAs(t *testing.T, user, path, accept string, v any) {
	t.Helper()
	r := httptest.NewRequest("GET", path, nil)
	if user != "" {
		r.AddCookie(&http.Cookie{Name: "who", Value: user})
	}
	if accept != "" {
		r.Header.Set("Accept-Language", accept)
	}
	w := httptest.NewRecorder()
	f.srv.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, w.Code, w.Body)
	}
	if err := json.Unmarshal(w.Body.Bytes(), v); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
}

// wordingGames are the games walked, by kind: terms that reach every
// step (a setup of several shooters, Véla's phases).
var wordingGames = []struct {
	kind  game.Kind
	terms game.Terms
}{
	{"veletas", game.Terms{"size": "7", "rules": "revised"}},
	{"veletas", game.Terms{"size": "9"}},
	{"fanorona", game.Terms{"variant": "vela"}},
	{"fanorona", nil},
	{"amazons", nil},
}

// TestPickAndStateWorded walks random games of every kind hosted through
// GET /g/T/pick, asking each step with ?lang=fr and ?lang=ja: every step
// with options carries its game's prompt in that language (the module's
// text, never the raw key nor the English), every option that is a word
// its module's word, and GET /g/T/state the game's name, colours and,
// at the end, its outcome in that language; Accept-Language alone
// chooses the language too.
func TestPickAndStateWorded(t *testing.T) {
	f := newWordingFixture(t)
	r := rand.New(rand.NewPCG(3, 4))
	langs := []string{"fr", "ja"}
	seen := map[game.Kind]map[string]bool{}
	worded := map[string]int{} // the options that are words met, worded, by language
	for n, wg := range wordingGames {
		g := f.start(t, wg.kind, wg.terms, "chan-"+strconv.Itoa(n))
		path := f.srv.Path(g.ID)
		rules, err := f.reg.Get(g.Kind)
		if err != nil {
			t.Fatal(err)
		}
		if seen[g.Kind] == nil {
			seen[g.Kind] = map[string]bool{}
		}
		for act := 0; act < 120 && !g.Over(); act++ {
			var chosen []string
			var action string
			for action == "" {
				var en Step
				ask := path + "/pick?rev=" + strconv.Itoa(g.Revision) + "&c=" + strings.Join(chosen, ",")
				f.getAs(t, g.ToAct(), ask+"&lang=en", "", &en)
				for _, l := range langs {
					var st Step
					f.getAs(t, g.ToAct(), ask+"&lang="+l, "", &st)
					checkStepWorded(t, f.bot, g.Kind, l, st)
					if len(st.Options) != len(en.Options) {
						t.Fatalf("%s: %d options in %s, %d in English", g.Kind, len(st.Options), l, len(en.Options))
					}
					for i, o := range st.Options {
						want, ok := f.bot.GameText(g.Kind, l, bot.OptionKey(en.Options[i].Label))
						switch {
						case !ok && o.Label != en.Options[i].Label:
							t.Fatalf("%s %s: option %q labelled %q", g.Kind, l, en.Options[i].Label, o.Label)
						case ok && o.Label != want:
							t.Fatalf("%s %s: option %q labelled %q, want %q", g.Kind, l, en.Options[i].Label, o.Label, want)
						case ok:
							worded[l]++
						}
					}
				}
				st := en
				if st.Key != "" && len(st.Options) > 0 {
					seen[g.Kind][st.Key] = true
				}
				if len(st.Options) == 0 || st.Done && r.IntN(2) == 0 {
					action = st.Action
					break
				}
				chosen = append(chosen, st.Options[r.IntN(len(st.Options))].Value)
			}
			g, err = f.db.Act(t.Context(), g.Guild, g.Channel, g.ToAct(), g.Revision, g.Kind, func(s game.State) (game.State, error) {
				return rules.(game.Pickable).Act(s, action)
			})
			if err != nil {
				t.Fatalf("%s: %s: %v", g.Kind, action, err)
			}
		}
		if !g.Over() { // ended by resignation: the outcome's words
			if g, err = f.db.Resign(t.Context(), g.Guild, g.Channel, g.ToAct()); err != nil {
				t.Fatal(err)
			}
		}
		for _, l := range langs {
			var st State
			f.getAs(t, "", path+"/state?lang="+l, "", &st)
			checkStateWorded(t, f.bot, g, l, st)
		}
		var st State
		f.getAs(t, "", path+"/state", "ja-JP,fr;q=0.5", &st)
		checkStateWorded(t, f.bot, g, "ja", st)
	}
	if worded["fr"] == 0 || worded["ja"] == 0 {
		t.Errorf("no option that is a word was met worded (%v): the walk is broken", worded)
	}
	t.Logf("options worded: %v", worded)
	for kind, keys := range seen {
		t.Logf("%s: steps %v", kind, keys)
		if len(keys) < 3 {
			t.Errorf("%s: only the steps %v were met: the walk is broken", kind, keys)
		}
	}
}

// checkStepWorded checks that step, asked in lang, carries the module's
// prompt in lang and its words for the options that are words.
func checkStepWorded(t *testing.T, b *bot.Bot, kind game.Kind, lang string, st Step) {
	t.Helper()
	if st.Key == "" || len(st.Options) == 0 {
		return
	}
	want, ok := b.GameText(kind, lang, bot.PickStepKey+st.Key)
	if !ok {
		t.Fatalf("%s: the step %q has no text in %s", kind, st.Key, lang)
	}
	if st.Count > 1 {
		want += " " + strconv.Itoa(st.Index) + "/" + strconv.Itoa(st.Count)
	}
	en, _ := b.GameText(kind, "en", bot.PickStepKey+st.Key)
	switch {
	case st.Prompt != want:
		t.Fatalf("%s %s: step %q prompts %q, want %q", kind, lang, st.Key, st.Prompt, want)
	case strings.HasPrefix(st.Prompt, strings.NewReplacer("-", " ", ".", " ").Replace(st.Key)) || strings.HasPrefix(st.Prompt, en):
		t.Fatalf("%s %s: step %q prompts %q: the key or the English", kind, lang, st.Key, st.Prompt)
	}
	for _, o := range st.Options {
		if squareLike(o.Label) {
			continue
		}
		for _, raw := range []string{"keep", "swap", "no move", "stop", "approach", "withdrawal"} {
			if o.Label == raw {
				t.Fatalf("%s %s: step %q offers %q unworded", kind, lang, st.Key, o.Label)
			}
		}
	}
}

// checkStateWorded checks the words of g's State asked in lang.
func checkStateWorded(t *testing.T, b *bot.Bot, g store.Game, lang string, st State) {
	t.Helper()
	w := st.Words
	if w == nil {
		t.Fatalf("%s %s: the state has no words", g.Kind, lang)
	}
	name, terms := b.GameTitle(g, lang)
	if w.Lang != lang || w.Title != name || w.Terms != terms || name == "" {
		t.Errorf("%s %s: words %s %q %q, want %q %q", g.Kind, lang, w.Lang, w.Title, w.Terms, name, terms)
	}
	for i, p := range st.Players {
		want, _ := b.GameText(g.Kind, lang, "color."+p.Color)
		if p.Color == "" || w.Colors[i] != want || w.Colors[i] == p.Color {
			t.Errorf("%s %s: seat %d plays %q named %q, want %q", g.Kind, lang, i, p.Color, w.Colors[i], want)
		}
	}
	how := b.GameEnding(g, lang)
	if !st.Over || how == "" || !strings.Contains(w.Outcome, how) {
		t.Errorf("%s %s: outcome %q (over %v), want it to say %q", g.Kind, lang, w.Outcome, st.Over, how)
	}
	if st.Winner >= 0 && !strings.Contains(w.Outcome, st.Players[st.Winner].Name) {
		t.Errorf("%s %s: outcome %q names no winner", g.Kind, lang, w.Outcome)
	}
}

// TestEventsInThePagesLanguage: two pages watching a game in French and
// in Japanese each get its state event with the game's words in their
// own language.
func TestEventsInThePagesLanguage(t *testing.T) {
	f := newWordingFixture(t)
	g := f.start(t, "veletas", game.Terms{"size": "7", "rules": "revised"}, "chan")
	tok := strings.TrimPrefix(f.srv.Path(g.ID), "/g/")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	wrote := make(chan struct{}, 1)
	sinks := map[string]*viewerSink{}
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	for _, l := range []string{"fr", "ja"} {
		sink := &viewerSink{h: http.Header{}, wrote: wrote}
		sinks[l] = sink
		req := httptest.NewRequestWithContext(ctx, "GET", "/g/"+tok+"/events?lang="+l, nil)
		req.SetPathValue("token", tok)
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.srv.events(sink, req)
		}()
	}
	waitUntil(t, wrote, 10*time.Second, func() (bool, string) {
		_, fr := sinks["fr"].last()
		_, ja := sinks["ja"].last()
		return fr == 2 && ja == 2, "both pages counted"
	})
	f.srv.GameChanged(g.ID)
	words := func(l string) *Words {
		s := sinks[l]
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.state.Words
	}
	waitUntil(t, wrote, 10*time.Second, func() (bool, string) {
		return words("fr") != nil && words("ja") != nil, "no state event on both pages"
	})
	for _, l := range []string{"fr", "ja"} {
		name, terms := f.bot.GameTitle(g, l)
		if w := words(l); w.Lang != l || w.Title != name || w.Terms != terms {
			t.Errorf("the %s page's words: %+v, want %q %q", l, *w, name, terms)
		}
	}
}
