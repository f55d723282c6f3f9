// Package store keeps the Veletas bot's durable state in one bbolt file
// or in an etcd cluster: the active game of each channel, pending
// challenges, the archive of finished games, per-guild standings,
// tournaments and per-guild settings.
//
// # Backends
//
// OpenURL picks the backend by URL: bolt:PATH (Open; the default,
// DefaultURL) or etcd://HOST:PORT[,HOST:PORT...][/PREFIX] (the keys under
// PREFIX, DefaultPrefix by default), which several processes may share.
// The store's logic is written once against a small transaction interface
// (kv.go: buckets with Get, Put, Delete and NextSequence, ordered cursors)
// and reaches its backend through one interface (backend.go), implemented
// by bolt.go (the file and its commit loop) and etcd.go. A read that fails
// (etcd) returns its error where it happens: from the bucket's Get, or
// from the cursor's Err. etcd.go implements the transactions over etcd: each change is one etcd Txn guarded by
// the revisions of what it read, run again on conflict, never applied
// twice (see there). What the bbolt file alone has (Check, Backup,
// snapshots, damaged-file handling, migrations of older files) fails with
// ErrBoltOnly on etcd, or does not apply; a new etcd prefix starts at
// SchemaVersion. Every etcd request is bounded by Options.EtcdTimeout, and
// a cluster that does not answer gives ErrUnavailable (a read that fails
// so is tried again, with backoff, for up to that time). A change on etcd
// returns once etcd has committed it on a quorum of members, each of
// which syncs its log to disk: as durable as a bbolt commit, and it
// survives the loss of a minority of members. A Txn holds at most 128
// operations (etcd's --max-txn-ops default): each change of the store
// writes far fewer, and PurgeChallenges works in batches.
//
// Replicas on one etcd store follow each other with Peers (peers.go):
// one etcd watch per process on the games' keys tells a process of every
// game committed by any, by ID and revision, and each process publishes
// its web pages' count of each game under a lease of its own and sums
// the others'. A bolt store has one process: NewPeers refuses there.
//
// # Contexts
//
// Every method that reads or changes the data takes a ctx first. When ctx
// ends before the read or change is done, the method gives up with an
// error wrapping ErrUnavailable and ctx's error. On etcd every request is
// bounded by ctx as well as by Options.EtcdTimeout, and the retries (of a
// conflict, of a read the cluster did not answer) and the settling of a
// commit whose outcome is unknown stop when ctx ends; the error then says
// when the outcome is unknown. On bbolt a change waiting for its turn in
// the commit loop gives up when ctx ends, and is never run; once the loop
// has taken it into a write transaction, the transaction runs to its end
// (bbolt cannot stop one half-way) and the method returns its outcome.
// A bbolt read does not wait for the writers: ctx is looked at before it
// starts. Check, Backup and Snapshot (bbolt only) copy or check a local
// file and take no ctx.
//
// A ctx may carry a read session (Session, session.go): on etcd the
// first read under it is linearizable and the later ones read at the
// revision it fixed (or at the session's own commits'), without a round
// of the cluster's consensus each; a bot's interaction runs in one.
//
// # Durability
//
// Every change is one read-write bbolt transaction, committed with fsync
// before the method returns. A method that returns a nil error has put its
// change on disk; a method that returns an error changed nothing. Changes
// from concurrent callers are grouped into one transaction and one fsync
// (group commit), so many games can be played at once without giving up
// durability.
//
// The store rolls back by default, as bbolt does: any error a change
// returns (or a panic in it) discards everything that change wrote, also
// inside a group: the group's transaction is rolled back, the failed
// change gets its error, and the others run again without it. A refusal
// found before anything is written (no such challenge, the channel is
// busy) is marked as such (refuse in db.go) and delivered without making
// the others run again.
//
// # Games
//
// A game is keyed by its guild and the channel the challenge was made in;
// when the bot moves the game into a thread (SetGameThread) the thread ID
// finds it too, so ActiveGame accepts either. Each game also has a unique
// numeric ID kept in the archive when it ends. New IDs are create-only
// (ids.go): a game or challenge never takes a stored one's ID, and a
// counter found behind the stored IDs (its etcd key deleted or damaged)
// is set past the highest, with a warning. A fault of the store's own
// records that it cannot repair so wraps ErrStoreFault.
//
// The store knows no game: every game and challenge has a Kind
// (game.Kind) and Terms (game.Terms), and the store finds the game's
// game.Rules by kind in Options.Games. Standings are per kind and per
// guild.
//
// The game record (Game.Record, and Game.Open for a turn under way, in
// the game's notation) is the source of truth. Every load replays it with
// the Rules of its kind (Rules.Replay) into a game.State (Game.State); a
// stored value that cannot be decoded or replayed, or whose kind
// Options.Games lacks (ErrUnknownKind), yields an error wrapping
// ErrCorrupt for that game only.
//
// Each game carries a revision number that grows by one with every change
// of its record. Act (and Play) takes the revision the caller showed the player; if
// the game has moved on since, it refuses with ErrStaleRevision, which the
// bot turns into "the board has changed". A negative revision skips that
// check (slash commands name the action in full).
//
// Resign, ClaimTimeout (a game with a time per move whose deadline has
// passed), RequestTakeback and AnswerTakeback change a game in the same
// way, in one transaction each. A game that ends is moved to the archive
// and, when it is rated, counted in both players' standings in the
// transaction that ends it; an unrated (friendly) game adds no win or loss
// and reorders nothing, but is archived like any game (Game.Rated false).
// Deadlines are stored (Game.Updated plus Game.MoveTime, see
// Game.Deadline), and the games indexed by the time of their next notice
// (Game.NoticeDue: the reminder at ReminderAt of the time, then the
// time-up), so a periodic sweep (DueGames, NextNoticeDue) finds what is
// due after a restart, reading only those games; RecordNotice records
// that the reminder and the time-up notice of the current move were sent
// (once each per move: any action clears them). The bot records a notice
// after Discord accepted it, so that one that failed is sent again. A rated game's standings go through
// Options.Rate: GlickoRate is Glicko-2 (the arithmetic is package
// glicko2), one rating period per game, with the deviation grown for every
// idle week. A challenge with OpponentFirst (a rematch) makes its opponent the first player.
//
// Who acts is the game's State's: its ToAct is a seat (game.Seat), and
// seat s is Players[s] (Players[0] is the challenger unless the challenge
// has OpponentFirst). An action is the caller's closure on the State (Act)
// or a string in the notation (Play); a game whose turns may be played a
// step at a time keeps the turn under way in Game.Open, its player to act
// until the turn is over. Draw offers (OfferDraw, AnswerDraw) are for a
// game whose Rules are a game.Drawable that draws on its terms; takebacks
// undo the last whole turn (State.TakeBack).
//
// Games against the bot's computer player start at once with StartAIGame,
// without a challenge: Game.AI names the AI's user (Players[1], the
// human being the first player, or Players[0] with aiFirst) and
// Game.AILevel its strength. They have
// no time limit and are never rated; when one ends it is archived and
// indexed by player like any game, but left out of the standings.
//
// Challenges are capped: a user may have Options.MaxChallengesPerUser open
// challenges in a guild (ErrTooManyChallenges) and a channel
// Options.MaxChallengesPerChannel (ErrChannelChallengesFull). Expired
// challenges stay Options.KeepExpired, so that a late answer hears that
// the challenge expired, and are then deleted by PurgeExpiredChallenges,
// which the bot's regular sweep calls.
//
// # Tournaments
//
// A Tournament (tournaments.go) is a guild's round robin or Swiss of one
// game: its options, who organizes it, its Status (open, running,
// finished, cancelled) and its State, package tournament's value of the
// players, rounds, pairings and results, kept as JSON in its own bucket
// with indexes by guild and by status, through the same transactions as
// everything else (both backends, one code). CreateTournament refuses bad
// options (ErrBadTournament, ErrBadTerms) and more than
// Options.MaxTournaments open or running per guild; players join and
// leave while it is open (at most MaxPlayers, capped by
// Options.MaxTournamentPlayers). Only its organizer starts (before
// StartAt or MinPlayers) or cancels it (ErrNotOrganizer); the rest is
// the bot's sweep, led by one replica: DueTournaments lists what is due
// (start, pair, start games, adjudicate).
//
// PairNextRound(ctx, id, expectRound) pairs each round exactly once. It
// is one transaction that reads the tournament, checks that expectRound
// rounds have begun and the last is finished, pairs with
// tournament.Next (a pure function) and writes the new round. On bbolt
// write transactions are serialised; on etcd the commit is guarded by the
// tournament's mod revision, so of two replicas that race, one commits
// and the other runs again on fresh data and finds the round paired: it
// changes nothing and returns ErrAlreadyPaired with the stored pairings.
// A replica that dies during the transaction wrote nothing (etcd commits
// a change whole, or not at all, and settles a commit whose answer was
// lost: never applied twice); a retry is harmless. StartTournamentGame is
// idempotent per pairing (the game and its place in Tournament.Games are
// written in one transaction): replicas that both start a round's games
// make one game each.
//
// A tournament game is a Game with Tournament and Round set, played in
// its own thread (its Channel), Players[0] the pairing's White. However
// it ends (the rules, a resignation, a claim on time, an agreed draw,
// a withdrawal: ReasonForfeit, the round's deadline: ReasonAdjudicated),
// its result is recorded in its tournament in the transaction that
// archives it (finish, archive.go), so no result is lost; the last game
// of the last round finishes the tournament. LeaveTournament after the
// start withdraws the player: the player's active game ends as a loss by
// forfeit in the same transaction, past results stay. AdjudicateRound
// ends, one transaction each, the games unfinished at the round's
// deadline by the organizer's rule. Tournament games are rated when the
// tournament is (and the game's Rules allow it on its terms); a forfeit
// is not counted in the standings.
//
// # Cost of lookups
//
// Lookups read only what they return, however large the archive and
// however many challenges other channels have: the archive is indexed by
// guild, by channel (and thread) and by player (FinishedGames,
// LastFinishedGame), the pending challenges by channel, by challenger and
// by expiry (Challenges, PendingChallenge, the caps, PurgeChallenges) and,
// those with a message, by expiry (ExpiredChallengeMessages), and the
// active games by player and by ID (PlayerGames; new IDs), by the time of
// their next notice (DueGames, NextNoticeDue) and by the computer player
// to act (AIGamesToAct); the active games are counted by kind in the
// transactions that start and end them (ActiveCounts: no game read).
// Open builds the indexes of a file written before them (schemas 3, 4 and
// 7; schema 7 on etcd too). On a store of 100,000 active and 1,000,000
// archived games (Generate writes one: generate.go; scale_test.go and
// bot/discord's BenchmarkScaleCommands measure it) each command reads the same
// games as with 100 active ones. A change writes more pages there, as
// each B+tree it touches is two levels deeper: a move 1.4 times those
// with 100 (the games' tree), a challenge created, accepted and resigned
// 1.6 times (74 pages against 45; pagewrites_test.go counts them by
// bucket). A player's whole command (bot/discord BenchmarkScaleCommands:
// the request, the commit with fsync, the image, the response) costs
// 1.01-1.05 times as much there for a move, 1.12 times for a challenge
// and its acceptance, and the same for the reads (medians of five runs
// on 2026-11-28). The indexes led by a guild, and the standings, share one
// bucket since schema 8, keyed by guild first (guildindex.go), so that a
// change that writes several of a guild's entries rewrites one path of
// branch pages, not one per index (95 pages before).
//
// bbolt's free list is written at each commit, so that Open reads it
// rather than walking every page through the file's memory mapping:
// opening a file of a million games keeps the process's resident memory
// at tens of megabytes.
//
// Loading a game replays its record; the states of active games are kept in
// memory and reused only for a record identical to the stored one.
//
// # Files of this package
//
// kinds.go finds a kind's game.Rules and normalizes terms; codec.go
// replays games and caches their states; draws.go the draw offers;
// schema6.go the migration of schema 5's values (the one file that knows
// the two games schema 5 held); challenges.go holds the challenges; games.go the active games, their
// lookup and the optimistic change; play.go the actions on a game (moves,
// resignation, time-outs, takebacks, notices); archive.go the finished
// games; activeindex.go the indexes of the active games that the
// periodic work reads (notices due, the computer to act, counts by
// kind); standings.go and ratings.go the standings and their ratings;
// settings.go the guilds' settings; tournaments.go the tournaments;
// db.go the file, its migrations and the
// commit loop; check.go the check of the file at open; snapshots.go the
// periodic snapshots; ids.go the new IDs of games and challenges; kv.go
// the transaction interface and its bbolt side;
// etcd.go the etcd backend; url.go the store URLs; guildindex.go the
// guild index (schema 8).
//
// # Errors
//
// Errors wrap the Err* values of this package, so callers test them with
// errors.Is. A refusal by the rules wraps both ErrIllegal and the error
// of the game's package (returned by Act's closure or State.Play), so
// that errors.Is and errors.As find the game's own errors. Terms a game
// refuses are an ErrBadTerms wrapping its *game.TermError.
//
// # Files
//
// The file (or etcd prefix) carries a schema version. Open migrates a
// file of an older version in place, and an etcd prefix at schema 5 too
// (schema6.go); it and refuses a newer one with ErrSchemaTooNew. The
// move of a bbolt file into the guild index (schema 8) runs in
// transactions of 100,000 entries, so that Open's memory stays bounded
// (tens of megabytes for a million games), after the one that sets
// version 8 and a marker of the move: an older veletasbot refuses the
// file meanwhile, and an Open stopped half way resumes where it stopped
// (guildindex.go). Open fails
// after Options.Timeout with ErrLocked when another process holds the file.
// Before bbolt opens the file for writing, Open checks the structure of
// every page a transaction can reach (page numbers, overflow, elements,
// keys and values inside their page, key order, pages reached twice or
// listed as free, as bbolt's own check does in a goroutine where a fault
// would end the process), with plain reads of the file, turning a damaged
// page into ErrDamaged: one line that says how to restore a snapshot,
// rather than a crash at every restart (check.go).
//
// Backup and BackupFile write a consistent copy while the bot runs. With
// Options.SnapshotDir set, the store writes one there every
// Options.SnapshotEvery (default 6 hours) and keeps the newest
// Options.SnapshotKeep (default 8) (snapshots.go). Restoring one: stop the
// bot, move the damaged file aside, copy the snapshot to the file's path,
// start the bot.
//
// A game whose stored value is damaged blocks its channel: EndDamagedGame
// (for a server manager) removes it, keeping the value in a quarantine
// bucket, and frees the channel and its threads.
//
// # The lead among replicas
//
// DB.Elect (election.go) makes a process a candidate for the lead among
// the replicas on an etcd store, with etcd's election on the store's own
// client, under ElectionKey(PREFIX); the Elector it returns tells whether
// this replica leads (bot.Leader) and resigns on Close. A bolt store has
// one process, which always leads: Elect returns ErrNoElection.
package store
