package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// noGames is a store without games.
type noGames struct{}

func (noGames) GameByID(context.Context, uint64) (store.Game, error) {
	return store.Game{}, store.ErrNotFound
}

// FuzzActivityAPI feeds the Activity's endpoints any body and query: they
// never panic nor fail with a 5xx, answer JSON, and call Discord only
// for a well-formed request.
func FuzzActivityAPI(f *testing.F) {
	var calls atomic.Int64
	discord := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":"invalid_grant"}`))
	}))
	defer discord.Close()
	reg, err := game.NewRegistry(veletas.Definition{})
	if err != nil {
		f.Fatal(err)
	}
	srv, err := New(Options{Key: testKey, Games: reg, Store: noGames{}, SignInBurst: 1 << 30, PageBurst: 1 << 30,
		OAuth: OAuth{ClientID: testClientID, ClientSecret: testClientSecret, APIURL: discord.URL, BotToken: testBotToken}})
	if err != nil {
		f.Fatal(err)
	}
	defer srv.Close()
	_, bearerTok := srv.sealer.newSession(Viewer{UserID: alice.ID, Name: "Alice"})
	for _, s := range []struct{ body, query string }{
		{`{"code":"abc"}`, "guild=1&channel=2&instance=i"},
		{`{"access_token":"at"}`, "guild=&channel=2"},
		{`{"code":""}`, "guild=1&channel=x&instance=" + strings.Repeat("i", 200)},
		{`{"code":1}`, "%zz"},
		{`{} {}`, "guild=1;channel=2"},
		{`{"code":"a","x":1}`, ""},
		{"\xff", "guild=99999999999999999999999&channel=1&instance=i"},
	} {
		f.Add(s.body, s.query)
	}
	f.Fuzz(func(t *testing.T, body, query string) {
		for _, path := range []string{"/api/token", "/api/session"} {
			before := calls.Load()
			r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			var e map[string]string
			if w.Code >= 500 || w.Code == http.StatusOK || json.Unmarshal(w.Body.Bytes(), &e) != nil || e["error"] == "" {
				t.Fatalf("%s %q: %d %s", path, body, w.Code, w.Body)
			}
			if w.Code == http.StatusBadRequest && calls.Load() != before {
				t.Fatalf("%s %q: a bad request called Discord", path, body)
			}
		}
		r := httptest.NewRequest(http.MethodGet, "/api/activity/game", nil)
		r.URL.RawQuery = query
		r.Header.Set("Authorization", "Bearer "+bearerTok)
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		if w.Code >= 500 || w.Code == http.StatusOK || !json.Valid(w.Body.Bytes()) {
			t.Fatalf("lookup %q: %d %s", query, w.Code, w.Body)
		}
	})
}
