// Package ai is a computer opponent for Veletas: Monte Carlo tree search
// over whole turns with progressive widening on turns ordered, a chunk at
// a time, by a cheap heuristic (claims won, shots next to shooters);
// playouts cut short and scored by an evaluation of who is likely to claim
// each remaining shooter; tree reuse between moves; and root parallelism
// over several goroutines. It plays every part of the game: the first
// setup (aiming at a balanced position, since the opponent may swap), the
// side choice (Black when Black looks better after White's best reply),
// the second setup and turns. Setups are judged by short tree searches,
// which see the quick claims that random playouts miss.
//
// Like package veletas it imports only the standard library. A search is
// bounded by iterations and by time; bounded by iterations alone it is
// deterministic for a given seed, so tests and matches repeat. The levels
// are bounded by iterations, with time as a safety net.
package ai
