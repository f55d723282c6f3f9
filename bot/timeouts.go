package bot

import "time"

// PostTimeout bounds the posting of a message the bot makes unasked
// through the front end's Sender: a sweep's reminder or time-up notice,
// and the computer's action in a game. A post still waiting after it is
// given up and logged (a sweep's post is due again at the next sweep).
const PostTimeout = 30 * time.Second
