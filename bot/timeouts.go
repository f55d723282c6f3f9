package bot

import "time"

// PostTimeout bounds the posting of a message the bot makes unasked
// through the front end's Sender: a sweep's reminder or time-up notice,
// and the computer's action in a game. A post still waiting after it is
// given up and logged (a sweep's post is due again at the next sweep).
// It also bounds the record of the id of a challenge's message, made once
// the front end has posted it (Reply.Posted), after the request's ctx.
const PostTimeout = 30 * time.Second

// SweepTimeout bounds the store's work of one sweep (Sweep: the purge of
// expired challenges, the reads of the games and settings), of NextDue,
// and of recording one notice as delivered (Delivered). A store that does
// not answer in time makes the sweep end early (logged); what was not
// done is due again at the next sweep.
const SweepTimeout = 30 * time.Second

// AITimeout bounds the store's work of one decision of the computer
// (reading the game, applying its action, reading what the board shows)
// and of one scan for the games it is to act in; the thinking itself is
// bounded by the level. A decision given up is taken again at the next
// rescan.
const AITimeout = 30 * time.Second
