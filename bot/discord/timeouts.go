package discord

import "time"

// RESTTimeout bounds each REST call the adapter makes after an
// interaction's first response: the follow-up or edit that answers it,
// the extra posts of a reply, the replay posted later, and the edit of
// @original that carries the files of an HTTP interaction's response.
// Discord's interaction token lives for 15 minutes; a call still waiting
// after RESTTimeout is given up and logged.
const RESTTimeout = 30 * time.Second
