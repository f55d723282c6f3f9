// Package ai is a computer opponent for the Game of the Amazons at three
// levels, built on the evaluations of the strong Amazons programs:
// territory by queen distance (a breadth-first search from each side's
// amazons over empty squares; a square belongs to the side that reaches
// it in fewer queen moves, a tie counting a little for the side to move,
// who gets there first), and in the opening, fading as arrows fill the
// board, territory by king distance, the closeness of each side to the
// squares (the sum of 2^-distance, after Lieberum) and the mobility of
// each amazon (a concave count of its queen moves, so that shutting an
// amazon in weighs more than trimming a free one).
//
// Easy scores a random sample of 300 turns by the queen-distance
// territory alone, with much noise; medium scores every turn by the full
// evaluation; hard scores every turn so, then searches the best-looking
// turns two turns deep (each scored by the opponent's best reply, with
// alpha-beta cut-offs and the last refutation tried first) within a
// budget of evaluations. Every level plays a turn that shuts the opponent
// in when there is one.
//
// Like package amazons it imports only the standard library and the
// engines' shared scaffolding, game/internal/enginekit, whose Level it
// builds on. A decision is bounded by work (turns scored, evaluations),
// so that it is deterministic for a seed and its strength does not depend on the
// machine's load, and by time (Options.Time and the context) as a safety
// net, the best turn found so far being played when the time is up. The
// bot uses NewLevel(level, seed).Choose(ctx, position) or Act(ctx, game).
// Match plays the games of the ladder (each level against the one below)
// that TestLadder measures.
package ai
