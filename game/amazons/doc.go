// Package amazons implements the rules of the Game of the Amazons
// (Walter Zamkauskas, 1988) as ../shared/amazons-notation.md states them:
// the 10x10 board, four amazons a side (White on a4, d1, g1, j4, Black on
// a7, d10, g10, j7, White first), a turn that moves an amazon like a chess
// queen over empty squares and then shoots an arrow like a queen from
// where it landed (over or onto the square it left), arrows that stay and
// block, and the end when the side to move cannot move: it has lost, and
// there are no draws. A side shut in while the other is to move has not
// lost: the other side's turn may free it.
//
// The package is pure: it imports only the standard library, does no I/O
// and keeps no clock. A Position is a value of 184 bytes (a 12x12
// mailbox with a border, the occupied squares as 100 bits, each side's
// amazons, the side to move and a Zobrist hash) that copies cheaply and compares with ==. Position.Apply
// checks a turn and returns a new position or a *RuleError naming the
// rule broken (errors.Is against the Err* values in errors.go; the squares
// and pieces concerned as fields, so that a front end words the refusal
// in its own language); Position.Do and Position.Undo play and take back a
// turn in place, unchecked, for searches.
//
// Turns: Position.AppendTurns lists every legal turn into a caller's
// buffer without allocating; Position.CountTurns counts them without
// listing; Position.AppendMoves and Position.AppendShots list them in two
// stages (an amazon and its destination, then the arrow), as a player
// picks them; Position.Mobility counts a side's moves whoever is to move;
// Position.Perft counts sequences of turns. Position.Playout plays random
// turns to the end and returns the winner, without allocating.
// Position.QueenDistances, Position.KingDistances and Position.Territory
// measure who reaches which empty squares first, the basis of territory
// evaluations and of the regions each side controls at the end.
//
// Text forms: squares ("d1", ParseSquare; any case in, lower case out),
// turns ("d1-d7/g7", ParseTurn), positions ("3b2b3/10/10/b8b/10/10/w8w/
// 10/10/3w2w3 w", ParsePosition) and game records (ParseRecord, Game.String;
// a *TokenError names the 1-based number of the token that failed). Each
// String method writes what the matching parser reads back.
package amazons
