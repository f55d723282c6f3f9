package web

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	amazonsai "github.com/veletasbot/veletas/game/amazons/ai"
	"github.com/veletasbot/veletas/store"
)

func TestSwings(t *testing.T) {
	for _, c := range []struct {
		values []float64
		want   []int
	}{
		{nil, []int{}},
		{[]float64{0}, []int{}},
		{[]float64{0, 0.1, 0.15, 0.2}, []int{}}, // no change of 0.2
		{[]float64{0, 0.05, 0.1, 0.7, 0.65, 0.6, -0.5, -0.45}, []int{3, 6}}, // two
		{[]float64{0, 1, 0, 1, 0.5, 0, -1}, []int{1, 2, 3}},                 // the first three of equal ones
		{[]float64{0, 0.3, 0, 0.9, 0.9, -0.9, -0.8, 0.4}, []int{3, 5, 7}},   // the largest three, by ply
	} {
		if got := swings(c.values); !slices.Equal(got, c.want) {
			t.Errorf("swings(%v) = %v, want %v", c.values, got, c.want)
		}
	}
}

// finish makes alice resign g and returns it finished.
func (f *fixture) finish(t *testing.T, g store.Game) store.Game {
	t.Helper()
	if _, err := f.db.Resign(t.Context(), g.Guild, g.Channel, "alice"); err != nil {
		t.Fatal(err)
	}
	g, err := f.db.FinishedGame(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// evalValues is an evaluation of a game of 9 plies that swings after
// plies 3 and 7.
var evalValues = []float64{0, 0.05, 0.1, 0.7, 0.65, 0.6, 0.55, -0.5, -0.45, -0.4}

func TestGraphJSON(t *testing.T) {
	f := newFixture(t, map[game.Kind]int{"amazons": 9, "veletas": 3})
	active := f.byKind["veletas"]
	g := f.finish(t, f.byKind["amazons"])
	get := func(id uint64) Graph {
		t.Helper()
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, httptest.NewRequest("GET", f.srv.Path(id)+"/eval", nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET eval: %d", rec.Code)
		}
		var out Graph
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := get(g.ID); len(got.Values) != 0 || got.Swings == nil {
		t.Errorf("before the evaluation: %+v, want no values and []", got)
	}
	if err := f.db.SetEvaluation(t.Context(), store.Evaluation{Game: g.ID, Values: evalValues}); err != nil {
		t.Fatal(err)
	}
	if got := get(g.ID); !slices.Equal(got.Values, evalValues) || !slices.Equal(got.Swings, []int{3, 7}) {
		t.Errorf("after: %+v", got)
	}
	if got := get(active.ID); len(got.Values) != 0 {
		t.Errorf("an active game's graph: %+v", got)
	}
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, httptest.NewRequest("GET", "/g/"+fmt.Sprintf("%032d", 7)+"/eval", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("a bad token's graph: %d", rec.Code)
	}
}

// TestBrowserGraph shows a finished game's evaluation under its moves: a
// point per position, the swings marked, a swing's button and a click on
// the graph showing that ply; the graph appears live when the evaluation
// arrives after the page, and an active game has none.
func TestBrowserGraph(t *testing.T) {
	ctx := browser(t)
	f := newFixture(t, map[game.Kind]int{"amazons": 9, "veletas": 4})
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	defer f.srv.Close()
	g := f.finish(t, f.byKind["amazons"])

	within(t, ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(ts.URL+f.srv.Path(g.ID)))
	waitFor(t, ctx, `document.getElementById('app').dataset.live === "1" && document.querySelectorAll('#board .piece').length > 0`)
	if !eval[bool](t, ctx, `document.getElementById('graph').hidden`) {
		t.Error("the graph shows before the evaluation")
	}
	// The evaluation arrives: the bot stores it and tells the server.
	if err := f.db.SetEvaluation(t.Context(), store.Evaluation{Game: g.ID, Values: evalValues}); err != nil {
		t.Fatal(err)
	}
	f.srv.GameChanged(g.ID)
	waitFor(t, ctx, `!document.getElementById('graph').hidden`)
	if n := eval[int](t, ctx, `document.querySelectorAll('#graph .point').length`); n != len(evalValues) {
		t.Errorf("%d points, want %d (the start and each ply)", n, len(evalValues))
	}
	if got := eval[[]string](t, ctx, `[...document.querySelectorAll('#graph .swing')].map(e => e.dataset.ply)`); !slices.Equal(got, []string{"3", "7"}) {
		t.Errorf("swings marked at %v, want [3 7]", got)
	}
	// The points go up with the first seat's value.
	ys := eval[[]float64](t, ctx, `[...document.querySelectorAll('#graph .point')].map(e => +e.getAttribute('cy'))`)
	if !(ys[3] < ys[0] && ys[0] < ys[7]) {
		t.Errorf("points' heights %v: ply 3 (0.7) should be above the start (0), ply 7 (-0.5) below", ys)
	}
	within(t, ctx, chromedp.Click(`#graph .swingbtn[data-ply="7"]`))
	checkBoard(t, ctx, boardAt(t, f, g, 7), "swing 7")
	waitFor(t, ctx, `document.getElementById('graph').dataset.ply === "7"`)
	// A click on the graph's left edge shows the start.
	within(t, ctx, chromedp.Action[chromedp.Void](chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('#graph svg'); const b = s.getBoundingClientRect(); s.dispatchEvent(new MouseEvent('click', {clientX: b.left + 1, clientY: b.top + b.height / 2, bubbles: true})) })()`)))
	checkBoard(t, ctx, boardAt(t, f, g, 0), "click at the start")

	// An active game has no graph.
	within(t, ctx, chromedp.Navigate(ts.URL+f.srv.Path(f.byKind["veletas"].ID)))
	waitFor(t, ctx, `document.querySelectorAll('#board .piece').length > 0`)
	if !eval[bool](t, ctx, `document.getElementById('graph').hidden`) {
		t.Error("an active game shows a graph")
	}
}

// TestBrowserGraphScreenshots takes a finished game's page with its
// graph (judged by the Amazons player's evaluation, as its module does),
// light and dark, desktop and phone, checking that nothing is wider than
// the window; with -update-screenshots it writes them to
// testdata/screenshots (graph-*.png).
func TestBrowserGraphScreenshots(t *testing.T) {
	ctx := browser(t)
	f := newFixture(t, map[game.Kind]int{"amazons": 40})
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	defer f.srv.Close()
	g := f.finish(t, f.byKind["amazons"])
	m := g.State().(amazons.Match)
	values := []float64{0}
	var prev float64
	for i, p := range m.Game.Positions() {
		w := amazonsai.Evaluate(p)
		if p.ToMove() != amazons.White {
			w = -w
		}
		if i > 0 {
			values = append(values, math.Tanh((w+prev)/2/12))
		}
		prev = w
	}
	if err := f.db.SetEvaluation(t.Context(), store.Evaluation{Game: g.ID, Values: values}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if *updateScreenshots {
		dir = filepath.Join("testdata", "screenshots")
	}
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		for _, scheme := range []string{"light", "dark"} {
			within(t, ctx, chromedp.EmulateViewport(size.w, size.h), colorScheme(scheme), chromedp.Navigate(ts.URL+f.srv.Path(g.ID)))
			waitFor(t, ctx, `!document.getElementById('graph').hidden && document.querySelectorAll('#board .piece').length > 0`)
			if n := eval[int](t, ctx, `document.querySelectorAll('#graph .point').length`); n != len(values) {
				t.Errorf("%d points, want %d", n, len(values))
			}
			if size.name == "phone" {
				// The graph is under the moves: scroll to it.
				within(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('graph').scrollIntoView({block: 'end'})`))
			}
			if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > int(size.w) {
				t.Errorf("%s: the page is %d px wide in a %d px window", size.name, w, size.w)
			}
			shoot(t, ctx, filepath.Join(dir, fmt.Sprintf("graph-%s-%s.png", size.name, scheme)))
		}
	}
}
