package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/store"
)

// faultStore is the real store whose AcceptChallenge fails with a fault
// of the store itself.
type faultStore struct {
	*store.DB
}

func (faultStore) AcceptChallenge(ctx context.Context, id uint64, user string) (store.Game, error) {
	return store.Game{}, fmt.Errorf("store: the counter of games gives ID 7, which is taken (etcdctl del PREFIX/seqbase/games): %w", store.ErrStoreFault)
}

// TestStoreFaultWording: a fault of the store that is no game's is
// answered as such in each language (not as a damaged game to end with
// /veletas end), and logged at error level with its cause for the
// operator.
func TestStoreFaultWording(t *testing.T) {
	for _, loc := range []string{"en-US", "fr", "ja"} {
		e := newEnv(t, Config{})
		e.bot.Store = faultStore{e.db}
		req := e.req("alice", "challenge", "opponent=bob", "size=7")
		req.Locale = loc
		ch := public(t, e.bot.Handle(t.Context(), req))
		r := e.bot.Handle(t.Context(), Request{Type: TypeButton, Guild: e.guild, Channel: e.chann, Locale: loc,
			User: User{ID: "bob", Name: "bob"}, CustomID: button(t, ch, tr(loc, "button.accept"))})
		if !r.Ephemeral || r.Text != tr(loc, "err.storefault") || r.Text == tr(loc, "err.corrupt") {
			t.Fatalf("%s: %+v", loc, r)
		}
		if logs := e.logs.String(); !strings.Contains(logs, "level=ERROR") || !strings.Contains(logs, "etcdctl del PREFIX/seqbase/games") {
			t.Fatalf("%s: not logged for the operator:\n%s", loc, logs)
		}
	}
}

// TestStoreUnavailableWording: a request whose context ends before the
// store has answered (here, already ended: the store gives up before it
// starts) is answered, in each language, that the store does not answer,
// and changes nothing; the handlers pass the request's context to the
// store.
func TestStoreUnavailableWording(t *testing.T) {
	for _, loc := range []string{"en-US", "fr", "ja"} {
		e := newEnv(t, Config{})
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		req := e.req("alice", "challenge", "opponent=bob", "size=7")
		req.Locale = loc
		r := e.bot.Handle(ctx, req)
		if !r.Ephemeral || r.Text != tr(loc, "err.unavailable") {
			t.Fatalf("%s: %+v", loc, r)
		}
		if logs := e.logs.String(); !strings.Contains(logs, "level=WARN") || !strings.Contains(logs, "context canceled") {
			t.Fatalf("%s: not logged for the operator:\n%s", loc, logs)
		}
		if cs, err := e.db.Challenges(t.Context(), e.guild, e.chann); err != nil || len(cs) != 0 {
			t.Fatalf("%s: challenges after the refusal: %v, %v", loc, cs, err)
		}
	}
}

// TestPostedAfterRequestContext: a challenge's message id is recorded by
// Reply.Posted once the front end has posted the reply, when the
// request's context has ended (the Discord adapter cancels it as the
// handler returns): the record has a context of its own.
func TestPostedAfterRequestContext(t *testing.T) {
	e := newEnv(t, Config{})
	ctx, cancel := context.WithCancel(t.Context())
	req := e.req("alice", "challenge", "opponent=bob")
	r := public(t, e.bot.Handle(ctx, req))
	cancel()
	if r.Posted == nil {
		t.Fatal("a challenge's reply does not record its message (Reply.Posted)")
	}
	r.Posted("1300000000000000001")
	cs, err := e.db.Challenges(t.Context(), e.guild, e.chann)
	if err != nil || len(cs) != 1 || cs[0].Message != "1300000000000000001" {
		t.Fatalf("challenges after Posted: %+v, %v; want the message recorded", cs, err)
	}
}
