package discord

import "time"

// RESTTimeout bounds each REST call the adapter makes after an
// interaction's first response: the follow-up or edit that answers it,
// the extra posts of a reply, the replay posted later, and the edit of
// @original that carries the files of an HTTP interaction's response.
// Discord's interaction token lives for 15 minutes; a call still waiting
// after RESTTimeout is given up and logged.
const RESTTimeout = 30 * time.Second

// HandlerMargin is how long before Discord's deadline for the first
// response (Adapter.Deadline, 3 s) the context given to the Handler ends:
// 2.5 s after the interaction was received by default. The handler's
// work with the store must be done by then, so that its reply (when the
// store does not answer, an error saying so) is sent within Discord's 3 s,
// as the first response or, when the handler ran past DeferAfter, as the
// follow-up of the deferral. The margin leaves time for that REST call.
// The adapter's Close cancels the context too.
const HandlerMargin = 500 * time.Millisecond
