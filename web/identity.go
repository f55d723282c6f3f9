package web

import (
	"errors"
	"net/http"
)

// Viewer is a user signed in to the web board (with Discord, on the web
// or inside Discord as an Activity).
type Viewer struct {
	// UserID is the user's Discord ID, as the store names players.
	UserID string
	// Name and Avatar are what the page shows of them.
	Name   string
	Avatar string
}

// Identity tells who made a request to the web board. Sessions made by
// signing in implement it; the moves and the pages for signed-in members
// ask it and nothing else.
type Identity interface {
	// Viewer returns the signed-in user of r; ok is false when r carries
	// no valid session.
	Viewer(r *http.Request) (v Viewer, ok bool)
	// CheckCSRF returns ErrCSRF (wrapped) when the state-changing request
	// r does not prove that it comes from a page of v's session.
	CheckCSRF(r *http.Request, v Viewer) error
}

// ErrCSRF is returned by Identity.CheckCSRF for a state-changing request
// without the proof of its session (a missing or wrong CSRF token, or a
// foreign origin).
var ErrCSRF = errors.New("web: the request does not come from the board's own page")

// ErrSignedOut is returned for a request that needs a signed-in user and
// has none.
var ErrSignedOut = errors.New("web: not signed in")
