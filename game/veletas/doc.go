// Package veletas implements the rules of Veletas (Luis Bolaños Mures, 2013):
// boards of 7x7, 9x9 and 10x10 with 3, 5 and 7 neutral shooters, the
// two-part setup with the pie rule, turns made of an optional queen move of
// a shooter and a mandatory shot, trapping and claiming, and the end at a
// majority of shooters.
//
// A game is played under the classic rules (the default, the zero value of
// Rules) or the author's revised rules (Revised): setup shooters keep off
// the edge of the board but may touch, moves and shots pass over shooters
// (only stones block), and a shooter is trapped when it cannot move. The
// rules are a property of the position (NewPosition and ParsePosition with
// the option WithRules, Position.WithRules) and of the game (NewGame with
// WithRules); a record says rules=revised in its header.
//
// The package is pure: it imports only the standard library, does no I/O
// and keeps no clock. A Position is a small value (bitboards) that copies
// cheaply; applying an action returns a new value or an error that callers
// tell apart with errors.Is against the Err* values in errors.go. Every
// error message is written to be shown to a player as it is.
//
// Text forms follow ../shared/veletas-notation.md: squares such as "a1"
// and "j10", action tokens such as "[d4,g7,b9]e5", "swap", "d4-d7/f9" and
// "g7/g2", game records (ParseRecord, Record.String) and one-line positions
// (ParsePosition, Position.String).
package veletas
