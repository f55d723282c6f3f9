// Package enginekit holds the scaffolding the rules engines under game/
// (game/veletas, game/fanorona, game/amazons) and their computer players
// share, so that it is written once and behaves the same in every game:
//
//   - Clip and Quote put user text into an error message: on one line,
//     at most 40 runes, invalid UTF-8 repaired, control characters
//     escaped (quote.go);
//   - DiagramRanks turns a board diagram, the form rule tests are written
//     in, into the ranks of a position's notation (diagram.go);
//   - Level names the strengths of the computer players, easy, medium and
//     hard, and ParseLevel reads them (level.go);
//   - Elo turns a match's score into an Elo difference with its 95%
//     margin, for the AIs' ladders and the tools' selfplay (elo.go);
//   - ReadRecord reads a game record's tokens, comment lines skipped,
//     within a size limit counted exactly (record.go).
//
// It uses only the standard library, as the engines do.
package enginekit
