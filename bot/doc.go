// Package bot is the transport-free core of the bot: the games it hosts,
// each a Module (module.go) in a package of its own under bot/games,
// which lists them, and the lifecycle written once for all of them: each
// game's slash command with the lifecycle's subcommands (challenge,
// accept, decline, withdraw, resign, board, record, standings, stats,
// games, takeback, claim, theme, notify, rules, help) and the game's
// own, their buttons and autocomplete. The core names no game: it sees
// them through game.Rules and Module. It knows no transport: a front
// end turns what it receives into a Request (server, channel, user,
// command and options, or a button's custom id) and sends back the Reply
// that Bot.Handle returns (text, embeds, ephemeral flag, images, buttons,
// the users it may mention, whether it replaces the pressed message, the
// direct messages to send after it). The
// front ends are bot/discord (Discord, over its gateway or its HTTP
// interactions) and bot/console (text lines); TestCoreKnowsNoTransport fails if this package imports discordgo.
//
// Files by concern:
//
//   - bot.go: the Bot, its dependencies (Store: an interface
//     declared where used) and Handle; request.go: Request, Reply and
//     the types they carry; embed.go: Embed, Discord's limits on embeds
//     (FitEmbeds) and Reply.Plain, the text of a reply and its embeds;
//     card.go: GameCard, the game message as an embed, filled by each
//     game module and made into a Reply the same way for all.
//   - settings.go: /GAME settings, the server's settings, alike in every
//     game's command (a module adds its own: GameSettings);
//     webwords.go: the games' words for the web board's pages
//     (GameText, GameTitle, GameEnding; web.Wording).
//   - usersettings.go: /GAME theme and /GAME notify, each user's
//     own settings (store.UserSettings) and the board theme of a user;
//     notify.go: the direct messages (Reply.DMs) of the players who asked
//     for them, and DM.Closed when Discord refuses them.
//   - dispatch.go: the one dispatch table of subcommands and button
//     actions, and the custom ids of buttons; options.go: the options
//     each subcommand takes (any other is refused), which bot/discord's
//     definitions must offer; labels.go: ButtonLabels, a button's label
//     in every language, for a front end where labels are typed (the
//     console).
//   - challenges.go, play.go, views.go, stats.go, settings.go,
//     timelimits.go (the sweep of reminders and time-outs, run by
//     StartSweeper on one goroutine or by the console) with
//     timelimits_next.go (NextDue, the sweep's next due time),
//     takebacks.go, endgame.go (the replay, Record and Rematch) with
//     rematch.go (a Rematch pressed while a rematch challenge is pending),
//     aigames.go (games against the computer: one bounded pool of
//     workers, StartAI and StopAI, posting through a Sender) with
//     aiqueue.go (the workers' queue, fair between users),
//     autocomplete.go (the modules' Completers).
//   - tournaments.go: /tournament (a core command, TournamentCommand,
//     whose game option names a module) and the sweep's step that runs
//     tournaments (start, pair once, a thread and a card per game, one
//     pairings card per round, adjudication at a round's deadline, the
//     final standings with a crosstable), with messages_tournament.go.
//   - module.go: Module, its optional parts and the registry; modkit.go:
//     what the modules use of the core.
//   - leader.go: leadership among replicas sharing one store (Leader,
//     SetLeader): only the leading replica sweeps and rescans for games
//     left with the computer to act.
//   - messages.go with messages_en.go, messages_ja.go, messages_fr.go:
//     every text for players, by message id; replies are written in the
//     language of the Request's Locale.
//   - errors.go: the store's and the rules' errors worded for players;
//     parse.go: reading options; ratelimit.go: a token bucket per user.
//   - panics.go: a panic in any work a user triggered (Handle,
//     Autocomplete, a reply's Later and After, the sweep, the computer's
//     moves) is recovered, logged with its stack, and answered with
//     Failed.
//
// Contexts: Handle and Autocomplete pass the request's ctx to every call
// of the store, whose reads and changes give up when it ends
// (store.ErrUnavailable, answered with err.unavailable); the front end
// sets its deadline (the Discord adapter: a little before Discord's 3 s,
// see discord.HandlerMargin). Work that outlives the request has its own
// ctx and deadline (timeouts.go): the record of a posted message
// (PostTimeout), the sweep (SweepTimeout, under the sweeper's ctx, which
// StopSweeper cancels), the computer's decisions (AITimeout) and its
// scans, which StopAI cancels, and the replays of the games ended on the
// web board, posted after the player's answer by the after-work
// goroutine (afterwork.go, PostTimeout each), which StopAfterWork drains.
//
// A button that settles something (a challenge's Accept, Decline or
// Withdraw, Swap and Keep, a takeback's answer, Rematch) answers with
// Reply.Update: the reply replaces the pressed message, so that its
// buttons cannot be pressed again, and Reply.Next follows as a new
// message. Every button checks that what it names belongs to the server
// and channel it was pressed in, and a Request without a user is refused.
//
// A game action (dispatch.go's gameActions: move, resign, takeback ...)
// of one game in a channel whose game is another's is refused in the
// dispatch, alike for all, naming the command to use; after the
// channel's game ended, it says the game is over, with its result. A
// channel with a game holds no challenge: when a game starts, the
// channel's other challenges are withdrawn, and a challenge's buttons
// pressed after it expired replace its message with one saying so. The
// front end records the id of a challenge's message (Reply.Posted), and
// once the challenge expired the sweep edits that message likewise,
// through the Sender when it is a MessageEditor (timelimits.go). A
// challenge settled other than by a button on its own message (accept,
// decline or withdraw by command, a press on the accept list, the
// withdrawal at a game's start) edits it at once: the reply carries a
// post that names the message (Post.Message), which the front end
// performs after the answer (challenges.go).
//
// Rules are never checked here: handlers call the Store, which applies
// actions through the game package and returns typed errors that this
// package translates into sentences for players.
//
// Dependencies point one way: game ← render, store ← bot ← bot/discord,
// bot/console ← cmd/veletasbot.
package bot
