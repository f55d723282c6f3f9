// Package web serves the web board: a page per game, reached only through
// an unguessable link (/g/TOKEN, the token an HMAC of the game's ID under
// the server's key), that draws the board in the browser from JSON, with
// both players, whose turn it is and the time left, the move list and a
// replay, kept live by server-sent events.
//
// It knows games only through game.Registry and the optional
// game.Boarded interface, and the store through the small Games
// interface; the bot tells it that a game changed with
// Server.GameChanged. One goroutine per Server (the hub) fans the changes
// out to the pages watching, whatever the number of games, and a second
// loads the states it sends, so that a slow load holds up no page. A
// page is owed only its game's latest state and viewer count (hub.go):
// it is woken, never queued to, so a slow page lags alone and none is
// dropped for lagging; counts are published at most every 200 ms a game.
// Replicas on one etcd store hear each other through store.Peers: the
// Server is its store.PeerListener (GameRevised, a change of any replica
// with its revision, dropped when the page shows it already;
// ChangesMissed; ViewersElsewhere, the others' count, added to this
// replica's) and Options.ViewerCounts publishes this replica's counts.
//
// The embedded assets are gzipped once at start and served immutable
// under names holding their hash, with ETags; pages and JSON of 1 KiB
// or more are gzipped when the browser accepts it, event streams never
// (compress.go).
//
// A finished game's page shows, under its moves, the computer's
// evaluation after every ply as a graph (eval.go, ui/src/graph.js), once
// the bot has stored it (store.Evaluation; its background job tells the
// Server with GameChanged). A Discord server whose managers turn it on
// has a page of its standings and games under way, /s/TOKEN
// (standings.go), the token enciphering the guild's ID as a game's does.
// With Options.Identity (who is signed in) and Options.Mover (the bot's
// core), the player to act moves on the page by pointing, with the steps
// of the game's game.Pickable, and the action goes through the same store
// transaction and card as a command (moves.go).
// Players sign in with Discord (oauth.go: OAuth2 authorization code
// flow, scope identify, the state bound to a sealed pre-session cookie
// and used once; Options.OAuth). A session (session.go) is a token sealed
// with AES-256-GCM under a key derived from the server's key, so that
// replicas sharing the key share the sessions; it travels in an
// HttpOnly SameSite=Lax cookie (Secure and __Host- but on a plain-http
// loopback address) or, for the Activity in Discord's iframe, as
// "Authorization: Bearer TOKEN". Signing out (POST /auth/logout, either
// kind) records the session's ID in the store until its expiry, and every
// replica refuses it (revocation.go). The Server is the Identity
// the moves ask; its CheckCSRF (csrf.go) wants the session's CSRF token
// in X-CSRF-Token and, for a cookie, the board's own origin. Sign-ins
// are rate-limited per address; Options.TrustedProxies makes every
// limiter believe those proxies' X-Forwarded-For (ratelimit.go).
//
// Inside Discord the board runs as the application's Activity
// (activity.go): the page at / does the Embedded App SDK's handshake,
// has the bot exchange its code (POST /api/token), opens a bearer
// session (POST /api/session) and finds the channel's game (GET
// /api/activity/game) once Discord shows the user in that channel's
// Activity instance; nothing is keyed by the instance.
//
// The front end is vanilla JavaScript in ui/src, bundled by esbuild
// (pinned in ui/package.json and ui/package-lock.json) into assets/app.js
// and, with @discord/embedded-app-sdk (pinned too), assets/activity.js;
// the assets are served gzipped to browsers that accept it:
//
//	npm ci --prefix web/ui && npm run build --prefix web/ui
//
// The built assets are committed and embedded; TestAssetsFresh fails when
// they are stale.
//
// The pages speak English, French and Japanese (texts.go): the language
// of ?lang= or of the Accept-Language header, English for any other. The
// game page hands its script the texts of its language as JSON in a
// <script type="application/json" id="texts"> element (data, not run:
// the CSP allows it), read by ui/src/texts.js. The refusals of moves come
// from the bot's catalogues (Mover.Refusal), but for the web's own. What
// a page shows of a game (the picker's prompts and its options that are
// words, the colours, the game's name and terms, the outcome) is the
// game's own words in the page's language, from the bot's catalogues
// too (Options.Wording, wording.go): the State, the event streams (one
// state event per language) and the picker's steps carry them.
package web
