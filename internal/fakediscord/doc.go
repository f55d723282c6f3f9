// Package fakediscord is a small Discord stand-in for tests: a REST API
// and a gateway websocket on 127.0.0.1 that speak just enough of Discord's
// protocol for a discordgo bot to connect, register its commands, receive
// INTERACTION_CREATE events and answer them (interaction callbacks,
// follow-ups and edits through the webhook endpoints, channel messages and
// threads). Everything the bot sends is recorded as a Message that tests
// wait for by interaction or by channel.
//
// Every REST request, and every first response written to an interaction
// posted over HTTP, is checked against Discord's OpenAPI description
// (conform.go, package openapi): what the description refuses gets
// Discord's 400 Invalid Form Body and is kept in Server.Invalid, which
// Server.CheckConformance makes a test assert empty at its end.
//
// It also stands in for Discord's OAuth2 (oauth.go): an authorize page
// that approves at once as the user set by SignInAs, the token endpoint
// and /users/@me with the access token it gave; and for the application's
// Activity (activity.go): LAUNCH_ACTIVITY answers, refused unless
// EnableActivity, the instances they start, and the activity-instances
// endpoint.
package fakediscord
