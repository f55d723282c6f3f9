// Package amazons is what the bot's Game of the Amazons module needs that
// does not depend on the bot's module interface (branch seambot): reading
// `/amazons move`'s options into an amazons.Turn, suggesting their legal
// values as they are typed, the texts in English, French and Japanese, the
// game's parts of a card (title, players by colour, the last turn, the
// score line, the prompt, the image's scene) and the computer player's
// decision.
//
// The options of `/amazons move`:
//
//	amazon:d1 to:d7 arrow:g7   the amazon on d1 moves to d7 and shoots g7
//	turn:d1-d7/g7              the same turn in one option, in the notation
//
// `turn` suits players who copy turns from a record or another program;
// it may not be given with `amazon`, `to` or `arrow`. Squares are read in
// any case, with spaces around them ignored.
//
// A refusal is a *Refusal: a message key of Texts (every key starts with
// "amazons.") and its arguments, so that the bot words it in the user's
// language; rule refusals are read from the engine's *amazons.RuleError
// fields (RuleRefusalOf), never from its English sentence.
//
// Complete answers the autocomplete of every option of `/amazons move`
// from the position alone, without the store; it allocates only the
// choices it returns.
//
// Decide lets the computer choose a turn at a level (easy, medium, hard
// through game/amazons/ai) within a bounded time, and plays a random legal
// turn when the player fails, panics or chooses an illegal turn, so that
// a game against the computer never stalls.
//
// The package imports the engine, its AI and its drawer, and package game;
// not package bot, which will import it.
package amazonsmod
