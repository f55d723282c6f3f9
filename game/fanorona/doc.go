// Package fanorona implements the rules of Fanorona, the national game of
// Madagascar, and of Véla, the ruleset its loser plays next (Montgomery,
// 1896), as ../shared/fanorona-notation.md states them: the 9x5 board whose
// even points carry diagonals, paika and capturing steps (approach and
// withdrawal, whole lines up to an empty point, an own piece or the edge,
// the player's choice when a step captures both ways), compulsory capture,
// capture sequences by one piece with the no-same-direction and no-revisit
// rules, Véla's first phase (White removes one piece per capture and stops,
// Black never captures) while Black has more than five pieces, the end
// when a side has no pieces or no legal turn, and the draw after 100 turns
// in a row without a capture.
//
// The package is pure: it imports only the standard library, does no I/O
// and keeps no clock. A Position is a value of 32 bytes (a 64-bit mask of
// points per side) that copies cheaply; applying a turn or a step returns
// a new value or an error that callers tell apart with errors.Is against
// the Err* values in errors.go. Every error message is written to be shown
// to a player as it is.
//
// Whole turns: Position.LegalTurns lists every legal turn (every stopping
// point of every capture sequence is its own turn), Position.Apply plays
// one, Position.Perft counts sequences of turns.
//
// One step at a time, for a player who plays a sequence step by step and
// for playouts: Position.State says whether the game is over (StateOver),
// a new turn begins and one step is required (StateTurn), or a capture
// sequence is under way (StateSequence), in which the same piece may make
// another capturing step or the player may Stop. Position.Steps lists the
// legal single steps of the moment and Position.Step plays one; a step
// after which the piece cannot continue ends the turn by itself.
// Position.RandomStep and Position.Playout make the uniform random
// decisions of Ludii's random playouts without allocating.
//
// Text forms: points ("e3", ParsePoint), steps and turns ("e2-e3",
// "d2-e3A-e4W-d4A", ParseStep, ParseTurn), positions ("bbbbbbbbb/bbbbbbbbb/
// bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0", ParsePosition, which takes the
// variant since the text does not hold it) and game records with their
// "variant=vela" header (ParseRecord, Game.String). Each String method
// writes what the matching parser reads back.
package fanorona
