package store

import (
	"errors"
	"fmt"

	"github.com/veletasbot/veletas/game"
)

// These errors classify the failures of this package. Returned errors wrap
// exactly one of them (a refusal by the rules also wraps the game
// package's error), so callers test with errors.Is.
var (
	// ErrLocked is returned by Open when another process holds the
	// database file. The returned error also wraps bbolt's ErrTimeout.
	ErrLocked = errors.New("database file is locked: is another veletasbot running on this file?")

	// ErrSchemaTooNew is returned by Open when the file was written by a
	// newer version of the bot, with a schema this version does not know.
	ErrSchemaTooNew = errors.New("database schema is newer than this veletasbot supports")

	// ErrDamaged is returned by Open when the file is damaged: a page
	// fails its checksum, makes no sense or cannot be read. The error says
	// how to restore a snapshot (see Restore).
	ErrDamaged = errors.New("database file is damaged")

	// ErrNotStore is returned by Open when the file is a bbolt database but
	// not one written by this package.
	ErrNotStore = errors.New("file is not a veletasbot database")

	// ErrClosed is returned by every method after Close.
	ErrClosed = errors.New("database is closed")

	// ErrInvalid is returned when an argument is malformed: an empty or
	// over-long ID, an unsupported board size.
	ErrInvalid = errors.New("invalid argument")

	// ErrNotFound is returned when a finished game or another record asked
	// for by ID does not exist.
	ErrNotFound = errors.New("not found")

	// ErrNoGame is returned when the channel (or thread) has no active
	// game, including when its game has just ended.
	ErrNoGame = errors.New("no active game in this channel")

	// ErrChannelBusy is returned when a challenge is made or accepted in a
	// channel that already has an active game.
	ErrChannelBusy = errors.New("this channel already has an active game")

	// ErrNotPlayer is returned when a user acts on a game they do not play,
	// or answers a challenge that is not theirs to answer.
	ErrNotPlayer = errors.New("not a player of this game")

	// ErrNotYourTurn is returned when a player acts while it is the other
	// player's turn.
	ErrNotYourTurn = errors.New("it is not your turn")

	// ErrStaleRevision is returned when an action names a revision older
	// than the game's: the board has changed since the player saw it.
	ErrStaleRevision = errors.New("the board has changed")

	// ErrIllegal is returned, together with the game package's error, when
	// the rules refuse an action.
	ErrIllegal = errors.New("illegal action")

	// ErrChallengeNotFound is returned when a challenge does not exist
	// (never made, accepted, declined or purged).
	ErrChallengeNotFound = errors.New("challenge not found")

	// ErrChallengeExpired is returned when a challenge is answered after
	// its expiry.
	ErrChallengeExpired = errors.New("challenge has expired")

	// ErrSelfChallenge is returned when a user challenges or accepts their
	// own challenge.
	ErrSelfChallenge = errors.New("a player cannot challenge themselves")

	// ErrNoTimeout is returned by ClaimTimeout when the game has no time
	// limit or the time for the current move has not run out.
	ErrNoTimeout = errors.New("the time for this move has not run out")

	// ErrTakebackNotAllowed is returned when a player asks to take back
	// something other than their own last turn, or after the opponent has
	// moved.
	ErrTakebackNotAllowed = errors.New("only your own last turn can be taken back, before your opponent moves")

	// ErrNoTakeback is returned when a takeback is answered but none is
	// pending (never asked, already answered, or the game moved on).
	ErrNoTakeback = errors.New("there is no takeback request to answer")

	// ErrOtherKind is returned when an action of one game (Act's kind)
	// is made in a channel whose game is of
	// another kind.
	ErrOtherKind = errors.New("the game in this channel is another game")

	// ErrNoDrawOffer is returned when a draw offer is answered but none
	// is pending (or the game moved on since it was made).
	ErrNoDrawOffer = errors.New("there is no draw offer to answer")

	// ErrTooManyChallenges is returned by CreateChallenge when the
	// challenger already has Options.MaxChallengesPerUser open challenges
	// in the guild.
	ErrTooManyChallenges = errors.New("you have too many open challenges: withdraw one or wait until one is answered or expires")

	// ErrChannelChallengesFull is returned by CreateChallenge when the
	// channel already has Options.MaxChallengesPerChannel open challenges.
	ErrChannelChallengesFull = errors.New("this channel has too many open challenges: answer one or use another channel")

	// ErrNotDamaged is returned by EndDamagedGame for a game that loads:
	// it is played to its end, resigned or claimed on time instead.
	ErrNotDamaged = errors.New("this game is not damaged: it can be played, resigned or claimed on time")

	// ErrBoltOnly is returned on an etcd store by what only a bbolt file
	// has: Check, Backup, BackupFile, Snapshot.
	ErrBoltOnly = errors.New("only a bolt store can do this; for etcd use etcdctl (etcdctl snapshot save FILE for a backup)")

	// ErrBadURL is returned by OpenURL and ParseURL for a store URL they
	// cannot use.
	ErrBadURL = errors.New("bad store URL (use bolt:PATH, such as bolt:./veletas.db, or etcd://HOST:PORT[,HOST:PORT...][/PREFIX], such as etcd://127.0.0.1:2379/veletas)")

	// ErrUnavailable is returned when the store does not answer in time:
	// the etcd cluster (no quorum, unreachable members), or, on either
	// backend, the caller's ctx ended before the read or change was done
	// (the error then wraps ctx's error too: context.DeadlineExceeded or
	// context.Canceled). The change was not made, except when the error
	// says that its outcome is unknown (an etcd commit sent but never
	// answered).
	ErrUnavailable = errors.New("the store does not answer")

	// ErrContended is returned when a change to an etcd store conflicted
	// with other changes to the same records on every attempt; it was not
	// made.
	ErrContended = errors.New("too many concurrent changes to the same records; try again")

	// ErrOldSchema is returned when an etcd store was written with an
	// older schema: unlike a bbolt file, it is not migrated in place (the
	// error says how to copy it through a file).
	ErrOldSchema = errors.New("etcd store has an older schema")

	// ErrNotEmpty is returned by Copy when the destination already holds
	// records and overwriting was not asked for.
	ErrNotEmpty = errors.New("the destination store is not empty (copy into a new file or etcd prefix, or overwrite on purpose)")

	// ErrStoreFault is returned when a record of the store that is no
	// game's (an ID counter) is damaged beyond what the store repairs
	// itself; the error says what and what the operator can do.
	ErrStoreFault = errors.New("a record of the store itself (not of a game) is damaged")

	// ErrOtherStore is returned by Copy with CopyResume when the
	// destination holds records of another store than the source.
	ErrOtherStore = errors.New("the destination holds records of another store, and copying over it is not a merge: " +
		"games and challenges with the same IDs would be replaced, the same players' standings overwritten, the rest kept beside them " +
		"(copy into a new file or etcd prefix, or replace on purpose)")

	// ErrCorrupt is returned when a stored value fails to decode or its
	// record fails to replay. Only the value concerned is affected.
	ErrCorrupt = errors.New("stored value is corrupt")

	// ErrBadTerms is returned for terms a game's Rules refuse (with the
	// *game.TermError) and for a kind Options.Games lacks (with
	// game.ErrUnknownKind). It is an ErrInvalid.
	ErrBadTerms = fmt.Errorf("%w: bad game or terms", ErrInvalid)

	// ErrUnknownKind is returned when a stored game is of a kind that
	// Options.Games lacks: the game decodes as corrupt (ErrCorrupt and
	// ErrUnknownKind), listings skip it, and an action on it fails with
	// both. Its value is kept as it is. It wraps game.ErrUnknownKind.
	ErrUnknownKind = fmt.Errorf("%w (not among the store's Options.Games)", game.ErrUnknownKind)

	// ErrDrawNotAllowed is returned by OfferDraw in a game whose rules
	// have no draw by agreement (not a game.Drawable, or not on its terms).
	ErrDrawNotAllowed = errors.New("this game has no draw by agreement")

	// ErrBadTournament is returned by CreateTournament for a bad option
	// (format, rounds, players, adjudication rule, times); it wraps the
	// tournament package's error when there is one. It is an ErrInvalid.
	ErrBadTournament = fmt.Errorf("%w: bad tournament options", ErrInvalid)

	// ErrTooManyTournaments is returned by CreateTournament when the
	// guild already has Options.MaxTournaments open or running
	// tournaments.
	ErrTooManyTournaments = errors.New("this server has too many tournaments open or running: finish or cancel one first")

	// ErrNotOrganizer is returned when someone who does not run a
	// tournament (its organizer, or one who runs every tournament of the
	// guild: Runner) starts or cancels it.
	ErrNotOrganizer = errors.New("only those who run the tournament can do this")

	// ErrTournamentFull is returned by JoinTournament when the tournament
	// has its MaxPlayers.
	ErrTournamentFull = errors.New("the tournament is full")

	// ErrAlreadyJoined is returned by JoinTournament for a player who has
	// joined already.
	ErrAlreadyJoined = errors.New("you have already joined this tournament")

	// ErrNotJoined is returned by LeaveTournament for a user who is not
	// (or no longer) in the tournament.
	ErrNotJoined = errors.New("you are not in this tournament")

	// ErrTournamentStarted is returned when a tournament that has started
	// is joined or started again.
	ErrTournamentStarted = errors.New("the tournament has already started")

	// ErrTournamentNotRunning is returned when a round is paired, a game
	// started or a round adjudicated in a tournament that has not
	// started, or has finished or been cancelled.
	ErrTournamentNotRunning = errors.New("the tournament is not running")

	// ErrTournamentOver is returned when a finished or cancelled
	// tournament is left or cancelled.
	ErrTournamentOver = errors.New("the tournament is over")

	// ErrTooFewPlayers is returned when a tournament is started with
	// fewer players than it needs.
	ErrTooFewPlayers = errors.New("the tournament has too few players to start")

	// ErrAlreadyPaired is returned by PairNextRound when the round after
	// the one it expected has been paired already (by another replica,
	// or by an earlier try); the pairings are returned with it.
	ErrAlreadyPaired = errors.New("this round has already been paired")

	// ErrAlreadyAnnounced is returned by AnnounceRound when the round's
	// pairings were claimed for posting already (by another replica, or
	// an earlier sweep).
	ErrAlreadyAnnounced = errors.New("this round's pairings have already been announced")

	// ErrRoundNotFinished is returned by PairNextRound while a game of
	// the current round has no result. It wraps the tournament package's
	// ErrRoundNotFinished.
	ErrRoundNotFinished = errors.New("the current round is not finished")

	// ErrNoSuchPairing is returned by StartTournamentGame for players
	// the round does not pair, or whose pairing has a result already (a
	// bye, a forfeit).
	ErrNoSuchPairing = errors.New("no such game to start in this round")

	// ErrNoDeadline is returned by AdjudicateRound when the round has no
	// deadline or it has not passed.
	ErrNoDeadline = errors.New("the round's deadline has not passed")
)
