// Package glicko2 is the arithmetic of the Glicko-2 rating system
// (Glickman, "Example of the Glicko-2 system", 2013): a player's rating,
// rating deviation and volatility after one rating period.
//
// Ratings are given and returned on the Glicko scale (a new player is
// 1500 with deviation 350 and volatility 0.06) and converted to the
// Glicko-2 scale internally. The package knows nothing of players, games
// or storage; package store decides what a rating period is.
package glicko2
