// Package discord is the bot's Discord front end, over the gateway or over
// Discord's HTTP interactions: it connects a discordgo session (Adapter,
// New; Open connects to the gateway, discord.go), registers the slash
// command of every game the bot hosts, with their subcommands, options
// and Japanese and French localizations, converted from the core's
// description of them (bot.Commands; commands.go), turns each interaction (an
// INTERACTION_CREATE from the gateway, or a POST to HTTPEndpoint) into a
// bot.Request (request.go, which checks every field of the payload before
// use) and sends back the bot.Reply as an interaction response, a
// deferred edit or channel messages (response.go), and the players'
// direct messages (bot.DM) to their DM channels (dm.go). The id of a challenge's message is
// given back to the core (bot.Reply.Posted), read from @original for a
// first response; EditMessage (edit.go) edits it for the core's sweep
// when the challenge expires (bot.MessageEditor), and for a reply's post
// that names a message (bot.Post.Message: a challenge settled by a
// command), after the answer.
//
// It is the only package of the bot that imports discordgo. The core
// (package bot) knows nothing of it: Adapter drives any Handler, which
// *bot.Bot implements, and is the core's Sender for messages outside an
// interaction (the computer's moves, reminders).
//
// HTTPEndpoint (interactions_http.go) serves the same Adapter over
// Discord's HTTP interactions instead of the gateway: POST /interactions
// with each request's Ed25519 signature checked as VerifyRequest checks
// it (the body read into one of MaxBodiesReading buffers), the
// first response in the HTTP response, GET /healthz, and GET /readyz
// (HTTPEndpoint.Ready).
//
// Each interaction's handler gets a ctx that ends HandlerMargin before
// Discord's deadline for the first response (timeouts.go), over the
// gateway and over HTTP alike, and that the adapter's Close cancels: a
// store that does not answer makes the handler reply with the error
// saying so within Discord's 3 s, instead of leaving the interaction
// unanswered. What follows the reply (posts, the replay, DMs) is bounded
// by RESTTimeout within the 15 minutes of the interaction's token.
//
// RewriteTransport points the session at another REST origin (a
// rate-limit proxy, or the fake Discord of the tests), and
// RouteDiscordgoLogs sends discordgo's own log lines to slog with the
// token redacted (transport.go).
package discord
