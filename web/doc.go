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
//
// The front end is vanilla JavaScript in ui/src, bundled by esbuild
// (pinned in ui/package.json and ui/package-lock.json) into assets/app.js:
//
//	npm ci --prefix web/ui && npm run build --prefix web/ui
//
// The built assets are committed and embedded; TestAssetsFresh fails when
// they are stale.
package web
