// Package ai is a computer opponent for Fanorona and Véla: an alpha-beta
// (principal variation) search over whole turns, the turns coming from the
// rules engine's legal-turn generator, so that a capture sequence is one
// move of the tree. Iterative deepening orders moves through a
// transposition table, then by the material a capture wins and a history
// of the quiet moves (paika) that refuted others. At the horizon a capture
// search goes on while the side to move must capture (capture is
// compulsory, so no stand-pat), and the leaves are scored by the evaluation:
// material first, then the threats (the largest line of enemy pieces one
// step could capture, for each side; during Véla's first phase Black's
// threats count as latent strength, since it may not capture yet), the
// pieces on the strong points that carry diagonals, and, for the side
// ahead in the endgame, closing in on the last enemy pieces so that a won
// game is won before the 100-turn draw.
//
// The levels differ in depth and in the positions they may visit: easy
// looks one turn ahead (plus the captures that follow) with a large
// evaluation noise, medium three turns within 8,000 positions, hard up to
// ten turns within 100,000 positions. The bot uses NewLevel(level,
// seed).Choose(position) or Act(game), which return a whole turn that
// Position.Apply accepts.
//
// Like package fanorona it imports only the standard library. A decision
// is bounded by a number of visited positions and a depth, and by time as
// a safety net; bounded by positions alone it is deterministic for a seed
// (the seed only breaks ties between nearly equal turns, through a small
// noise added to the evaluation), so tests and matches repeat and a
// level's strength does not depend on the machine's load.
package ai
