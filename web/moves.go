package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// Moves on the board. The player to act, signed in (Options.Identity),
// picks an action on the page one choice at a time, with the same steps
// as the bot's picker: the page asks
//
//	GET /g/TOKEN/pick?rev=REV&c=V1,V2,...
//
// for the step after the choices V1,V2... (values of the options of the
// steps before) on the game at revision REV: game.Pickable.Pick on the
// stored game, its options whole (a page needs no groups of 25). It
// shows the options that are squares of the board as targets on the
// board and the others as buttons, and sends the action of a finished
// step,
//
//	POST /g/TOKEN/act {"rev": REV, "action": "..."}
//
// with the session's CSRF token in the X-CSRF-Token header, at once for
// a step that Commits (a Fanorona capture step) and after Confirm
// otherwise. The Mover applies it through the store at REV exactly as
// the bot's picker does and posts the card to the game's channel. Only a
// player of the game, and only the one to act, may pick or act; a page
// whose revision is not the game's is refused (409) and changes nothing,
// as every refusal. Moves are rate-limited per address and per user
// (Options.MoveBurst, MoveInterval).
//
//	GET /g/TOKEN/me
//
// tells the page who is signed in, their seat in the game and the CSRF
// token to send (when the Identity is a CSRFTokener).

// Move is an action picked on a game's page.
type Move struct {
	Game           uint64
	Kind           game.Kind
	Guild, Channel string // the game's, as the store names them
	User           string // the signed-in player to act
	Rev            int    // the revision the page picked it on
	Action         string // a game.Step.Action of the game's Pickable
}

// Mover applies the actions picked on the pages (the bot's core, which
// posts the card to the game's channel) and words refusals.
type Mover interface {
	// Act applies m and returns the game's revision after it. It fails
	// with store.ErrStaleRevision (wrapped) when the game is not at
	// m.Rev, store.ErrNotPlayer or store.ErrNotYourTurn for a user who
	// may not act, and the rules' error for an action they refuse; each
	// changes nothing.
	Act(ctx context.Context, m Move) (rev int, err error)
	// Refusal words err, about a game of kind, for user in the language
	// of locale (a language tag; "" for the user's own): refused is
	// false for a failure that is not the user's.
	Refusal(ctx context.Context, err error, kind game.Kind, user, locale string) (text string, refused bool)
}

// CSRFTokener is an Identity that gives the pages of a session the token
// that CheckCSRF expects in the X-CSRF-Token header.
type CSRFTokener interface {
	CSRFToken(r *http.Request) string
}

// ErrBadAction is a request to act whose body is not {"rev": N,
// "action": "..."} with a short printable action.
var ErrBadAction = errors.New("web: not an action")

// ErrNoPicker is a game whose rules cannot be picked on the board.
var ErrNoPicker = errors.New("web: the game cannot be played by pointing")

// ErrGameOver is a move asked of a game that is over.
var ErrGameOver = errors.New("web: the game is over")

// Limits of the requests of the moves.
const (
	maxActBody  = 1 << 10
	maxAction   = 200
	maxChoices  = 64
	maxValueLen = 24
)

// actRequest is the body of POST /g/TOKEN/act.
type actRequest struct {
	Rev    int    `json:"rev"`
	Action string `json:"action"`
}

// readAct reads the body of a request to act: ErrBadAction (wrapped,
// saying what is wrong) unless it is one JSON object with a revision and
// a short printable ASCII action.
func readAct(r io.Reader) (actRequest, error) {
	var a actRequest
	dec := json.NewDecoder(io.LimitReader(r, maxActBody+1))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return actRequest{}, fmt.Errorf("%w: the body is not {\"rev\": N, \"action\": \"...\"}: %v", ErrBadAction, err)
	}
	if dec.More() {
		return actRequest{}, fmt.Errorf("%w: more than one JSON object", ErrBadAction)
	}
	if a.Rev < 0 {
		return actRequest{}, fmt.Errorf("%w: revision %d", ErrBadAction, a.Rev)
	}
	if a.Action == "" || len(a.Action) > maxAction || !printable(a.Action) {
		return actRequest{}, fmt.Errorf("%w: the action must be 1 to %d printable ASCII characters", ErrBadAction, maxAction)
	}
	return a, nil
}

func printable(s string) bool {
	for _, c := range []byte(s) {
		if c < ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}

// parseChoices reads the choices of a pick request (c=V1,V2,...): ""
// is none; each value is 1 to maxValueLen printable ASCII characters
// without space, comma or colon, at most maxChoices of them.
func parseChoices(c string) ([]string, error) {
	if c == "" {
		return nil, nil
	}
	vs := strings.Split(c, ",")
	if len(vs) > maxChoices {
		return nil, fmt.Errorf("%w: %d choices, at most %d", game.ErrBadChoice, len(vs), maxChoices)
	}
	for _, v := range vs {
		if v == "" || len(v) > maxValueLen || !printable(v) || strings.ContainsAny(v, " :") {
			return nil, fmt.Errorf("%w: %q", game.ErrBadChoice, v)
		}
	}
	return vs, nil
}

// preferredLanguage is the language tag of an Accept-Language header
// that the user prefers most (the first of the highest weight), "" for
// none.
func preferredLanguage(h string) string {
	best, bestQ := "", -1.0
	for part := range strings.SplitSeq(h, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag = strings.TrimSpace(tag)
		if tag == "" || tag == "*" || len(tag) > 35 || !printable(tag) {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < 0 || f > 1 {
				continue
			}
			q = f
		}
		if q > bestQ && q > 0 {
			best, bestQ = tag, q
		}
	}
	return best
}

// pageLocale is the language tag of request r's page for the Mover's
// refusals: its ?lang= when that is one of the languages, else the
// Accept-Language header's preferred one ("" for none: the user's own).
func pageLocale(r *http.Request) string {
	if l, ok := knownLanguage(r.URL.Query().Get(langParam)); ok {
		return l
	}
	return preferredLanguage(r.Header.Get("Accept-Language"))
}

// PageUser is what GET /g/TOKEN/me says of the page's user.
type PageUser struct {
	User string    `json:"user,omitempty"` // "" when not signed in
	Name string    `json:"name,omitempty"`
	Seat game.Seat `json:"seat"` // NoSeat for a user who does not play the game
	CSRF string    `json:"csrf,omitempty"`
	// Moves is true when the server takes moves on its pages.
	Moves bool `json:"moves"`
	// SignIn, for a visitor not signed in when sign-in and moves are on,
	// is the sign-in link that brings them back to the game's page.
	SignIn string `json:"signIn,omitempty"`
}

func (s *Server) pageUser(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	m := PageUser{Seat: game.NoSeat, Moves: s.moves()}
	if v, ok := s.viewer(r); ok {
		m.User, m.Name = v.UserID, v.Name
		if seat, ok := g.Seat(v.UserID); ok {
			m.Seat = seat
		}
		if t, ok := s.opts.Identity.(CSRFTokener); ok {
			m.CSRF = t.CSRFToken(r)
		}
	} else if s.opts.OAuth.ClientID != "" && s.moves() {
		m.SignIn = "/auth/login?" + url.Values{"next": {s.Path(g.ID)}}.Encode()
	}
	writeJSON(w, m)
}

// moves reports whether the pages take moves.
func (s *Server) moves() bool { return s.opts.Identity != nil && s.opts.Mover != nil }

func (s *Server) viewer(r *http.Request) (Viewer, bool) {
	if s.opts.Identity == nil {
		return Viewer{}, false
	}
	v, ok := s.opts.Identity.Viewer(r)
	return v, ok && v.UserID != ""
}

// Step is a step of the picking of an action, as JSON (GET
// /g/TOKEN/pick): game.Step for the page.
type Step struct {
	Rev    int      `json:"rev"`
	Chosen []string `json:"chosen"`
	Key    string   `json:"key,omitempty"`
	// Prompt is what to choose, worded by the game in the page's
	// language, numbered when made several times ("… 2/3"); "" when the
	// game has no words for Key.
	Prompt  string       `json:"prompt,omitempty"`
	Index   int          `json:"index,omitempty"`
	Count   int          `json:"count,omitempty"`
	Options []StepOption `json:"options"`
	Action  string       `json:"action,omitempty"`
	Commit  bool         `json:"commit,omitempty"`
	Done    bool         `json:"done,omitempty"`
	Marks   []string     `json:"marks"`
}

// StepOption is an option of a Step: its Label worded in the page's
// language when it is a word rather than a square.
type StepOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// refusal is a refused request as JSON: the text to show and a code the
// page may act on.
type refusal struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// status is the HTTP status and code of a refusal's error.
func status(err error) (int, string) {
	switch {
	case errors.Is(err, ErrSignedOut):
		return http.StatusUnauthorized, "signedout"
	case errors.Is(err, ErrCSRF):
		return http.StatusForbidden, "csrf"
	case errors.Is(err, store.ErrNotPlayer):
		return http.StatusForbidden, "notplayer"
	case errors.Is(err, store.ErrNotYourTurn):
		return http.StatusConflict, "notyourturn"
	case errors.Is(err, store.ErrStaleRevision), errors.Is(err, store.ErrNoGame), errors.Is(err, ErrGameOver):
		return http.StatusConflict, "stale"
	case errors.Is(err, ErrBadAction):
		return http.StatusBadRequest, "badrequest"
	case errors.Is(err, ErrNoPicker):
		return http.StatusUnprocessableEntity, "nopicker"
	}
	return http.StatusUnprocessableEntity, "refused"
}

// ownRefusals are the codes of the web's own refusals, which the bot's
// catalogues do not word: their texts are "refuse."+code in texts.go.
var ownRefusals = map[string]bool{"signedout": true, "csrf": true, "badrequest": true, "toomany": true, "nopicker": true}

// refuseMove writes the refusal of err about game g for user (the status
// from the error; the text from the Mover's catalogues when it words it).
func (s *Server) refuseMove(w http.ResponseWriter, r *http.Request, g store.Game, user string, err error) {
	st, code := status(err)
	var text string
	own := ownRefusals[code]
	if own {
		text = texts[requestLanguage(r)]["refuse."+code]
	}
	if !own && s.opts.Mover != nil {
		var refused bool
		text, refused = s.opts.Mover.Refusal(r.Context(), err, g.Kind, user, pageLocale(r))
		if !refused && code == "refused" {
			st, code = http.StatusInternalServerError, "failed"
			s.opts.Logger.Warn("web: a move failed", "game", g.ID, "err", err)
		}
	}
	if text == "" {
		text = err.Error()
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(st)
	_ = json.NewEncoder(w).Encode(refusal{Error: text, Code: code})
}

// mayAct checks that user may act in g at revision rev.
func mayAct(g store.Game, user string, rev int) error {
	if _, ok := g.Seat(user); !ok {
		return fmt.Errorf("%w: %s in game %d", store.ErrNotPlayer, user, g.ID)
	}
	if g.Over() || g.State() == nil {
		// The page showed it still going: out of date.
		return fmt.Errorf("%w: game %d (%w)", ErrGameOver, g.ID, store.ErrStaleRevision)
	}
	if g.Revision != rev {
		return fmt.Errorf("%w: game %d is at revision %d, the page at %d", store.ErrStaleRevision, g.ID, g.Revision, rev)
	}
	if g.ToAct() != user {
		return fmt.Errorf("%w: game %d", store.ErrNotYourTurn, g.ID)
	}
	return nil
}

// pick serves the step after the choices of the request.
func (s *Server) pick(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	v, ok := s.viewer(r)
	if !ok {
		s.refuseMove(w, r, g, "", ErrSignedOut)
		return
	}
	q := r.URL.Query()
	rev, err := strconv.Atoi(q.Get("rev"))
	if err != nil || rev < 0 {
		s.refuseMove(w, r, g, v.UserID, fmt.Errorf("%w: rev %q", store.ErrStaleRevision, q.Get("rev")))
		return
	}
	if err := mayAct(g, v.UserID, rev); err != nil {
		s.refuseMove(w, r, g, v.UserID, err)
		return
	}
	chosen, err := parseChoices(q.Get("c"))
	if err != nil {
		s.refuseMove(w, r, g, v.UserID, err)
		return
	}
	rules, err := s.opts.Games.Get(g.Kind)
	p, pickable := rules.(game.Pickable)
	if err != nil || !pickable {
		s.refuseMove(w, r, g, v.UserID, ErrNoPicker)
		return
	}
	st, err := p.Pick(g.State(), chosen)
	if err != nil {
		s.refuseMove(w, r, g, v.UserID, err)
		return
	}
	out := Step{Rev: g.Revision, Chosen: chosen, Key: st.Key, Index: st.Index, Count: st.Count,
		Options: make([]StepOption, len(st.Options)), Action: st.Action, Commit: st.Commit, Done: st.Done(), Marks: st.Marks}
	if out.Chosen == nil {
		out.Chosen = []string{}
	}
	if out.Marks == nil {
		out.Marks = []string{}
	}
	for i, o := range st.Options {
		out.Options[i] = StepOption{Value: o.Value, Label: o.Label}
	}
	s.wordStep(g.Kind, requestLanguage(r), &out)
	writeJSON(w, out)
}

// act applies the action of the request.
func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	g, ok := s.lookup(w, r)
	if !ok {
		return
	}
	v, ok := s.viewer(r)
	if !ok {
		s.refuseMove(w, r, g, "", ErrSignedOut)
		return
	}
	if err := s.opts.Identity.CheckCSRF(r, v); err != nil {
		if !errors.Is(err, ErrCSRF) {
			err = fmt.Errorf("%w: %w", ErrCSRF, err)
		}
		s.refuseMove(w, r, g, v.UserID, err)
		return
	}
	if !s.moveUser.allow(v.UserID) {
		s.tooMany(w, r)
		return
	}
	a, err := readAct(http.MaxBytesReader(w, r.Body, maxActBody))
	if err != nil {
		s.refuseMove(w, r, g, v.UserID, err)
		return
	}
	if err := mayAct(g, v.UserID, a.Rev); err != nil {
		s.refuseMove(w, r, g, v.UserID, err)
		return
	}
	if rules, err := s.opts.Games.Get(g.Kind); err != nil || !isPickable(rules) {
		s.refuseMove(w, r, g, v.UserID, ErrNoPicker)
		return
	}
	rev, err := s.opts.Mover.Act(r.Context(), Move{Game: g.ID, Kind: g.Kind, Guild: g.Guild, Channel: g.Channel,
		User: v.UserID, Rev: a.Rev, Action: a.Action})
	if err != nil {
		s.refuseMove(w, r, g, v.UserID, err)
		return
	}
	writeJSON(w, struct {
		Revision int `json:"revision"`
	}{rev})
}

func isPickable(r game.Rules) bool { _, ok := r.(game.Pickable); return ok }

// tooMany writes the refusal of a request over its rate.
func (s *Server) tooMany(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Retry-After", strconv.Itoa(int(s.opts.MoveInterval/time.Second)+1))
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusTooManyRequests)
	_ = json.NewEncoder(w).Encode(refusal{Error: text(requestLanguage(r), "refuse.toomany"), Code: "toomany"})
}

// movesLimited rate-limits the moves of an address.
func (s *Server) movesLimited(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.moveAddr.allow(s.limitKey(r)) {
			s.tooMany(w, r)
			return
		}
		next(w, r)
	}
}

// routeMoves adds the routes of the moves to the server's mux.
func (s *Server) routeMoves() {
	s.mux.HandleFunc("GET /g/{token}/me", s.limited(s.limit, s.pageUser))
	if !s.moves() {
		return
	}
	s.mux.HandleFunc("GET /g/{token}/pick", s.limited(s.limit, s.pick))
	s.mux.HandleFunc("POST /g/{token}/act", s.movesLimited(s.act))
}
