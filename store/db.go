package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/veletasbot/veletas/game"
	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// SchemaVersion is the version of the file layout written by this package.
//
//	1: buckets meta, games, threads, challenges, archive, standings, settings
//	2: adds players, an index of the archive by guild and player
//	3: adds indexes of the archive by guild and by channel, and of the
//	   pending challenges by channel, by challenger and by expiry
//	4: adds indexes of the active games by player and by ID
//	5: games and challenges carry their kind (absent: the first game);
//	   adds the standings of the other games, by kind, guild and user
//	6: games are plug-ins: every game and challenge names its kind and
//	   keeps its terms ("terms", replacing each game's own fields);
//	   settings keep default terms by kind; a game the rules ended has
//	   reason "rules"; every standing is in standings_by_kind
//	   (schema6.go)
//	7: adds the indexes of the active games by the time of their next
//	   notice (games_due), by the computer player to act (games_ai), their
//	   entries there (games_indexed) and their counts by kind (counts),
//	   and of the pending challenges with a message by expiry
//	   (challenges_by_message) (activeindex.go)
//	8: the indexes led by a guild (players, archive_by_guild,
//	   archive_by_channel, challenges_by_channel, challenges_by_user,
//	   games_by_player, games_indexed) and the standings
//	   (standings_by_kind) move into one bucket, guild_index, keyed by
//	   guild, then index (guildindex.go), in bounded transactions after
//	   the one that sets version 8; meta keeps guild_index_moving while
//	   the move is under way, and Open resumes it
const SchemaVersion = 8

// DefaultTimeout is how long Open waits for the file lock.
const DefaultTimeout = time.Second

// DefaultChallengeTTL is how long a challenge stays open.
const DefaultChallengeTTL = 24 * time.Hour

// maxBatch bounds the number of changes grouped in one transaction.
const maxBatch = 256

// Options configure Open. A nil *Options gives the defaults.
type Options struct {
	// Games are the games the store hosts: it replays a stored game, and
	// normalizes a challenge's terms, with the Rules of its kind. A game
	// of a kind Games lacks (every kind when Games is nil) decodes as
	// corrupt, with ErrUnknownKind: listings skip it (logged), actions on
	// it fail, and its value stays as it is, to be played again by a
	// program that hosts its game. Open itself succeeds: it does not read
	// the games (the migration of schema 5 needs no Games either).
	Games *game.Registry

	// Timeout is how long Open waits for the lock on the file before it
	// fails with ErrLocked. Default DefaultTimeout; negative means do not
	// wait at all.
	Timeout time.Duration

	// EtcdTimeout bounds each request to an etcd store (connecting
	// included). Default DefaultEtcdTimeout.
	EtcdTimeout time.Duration

	// NoSync skips fsync on commit. For tests only: a crash may lose
	// committed changes.
	NoSync bool

	// Now is the clock. Default time.Now.
	Now func() time.Time

	// ChallengeTTL is how long a challenge stays open when the guild's
	// settings do not say. Default DefaultChallengeTTL.
	ChallengeTTL time.Duration

	// Rate, when set, is called in the transaction that ends a rated game
	// with the standings of the winner and the loser (results already
	// counted; Last still the end of each player's previous game, zero for
	// a first game, so that idle time can be taken into account) and
	// returns them with new ratings. It may be called more than once for
	// one game and must be a pure function. GlickoRate makes one.
	Rate func(winner, loser Standing) (Standing, Standing)

	// RateDraw, when set, rates a drawn rated game as Rate rates a won
	// one, with the standings of both players (the draw already
	// counted). GlickoRateDraw makes one.
	RateDraw func(a, b Standing) (Standing, Standing)

	// MaxChallengesPerUser bounds the open (unexpired) challenges one
	// user may have made in a guild; CreateChallenge refuses more with
	// ErrTooManyChallenges. Default DefaultMaxChallengesPerUser.
	MaxChallengesPerUser int

	// MaxChallengesPerChannel bounds the open challenges of one channel;
	// CreateChallenge refuses more with ErrChannelChallengesFull. Default
	// DefaultMaxChallengesPerChannel.
	MaxChallengesPerChannel int

	// MaxTournaments bounds the open and running tournaments of one
	// guild; CreateTournament refuses more with ErrTooManyTournaments.
	// Default DefaultMaxTournaments.
	MaxTournaments int

	// MaxTournamentPlayers bounds the players of one tournament (and is
	// its MaxPlayers when the tournament does not say). Default
	// DefaultMaxTournamentPlayers.
	MaxTournamentPlayers int

	// KeepExpired is how long PurgeExpiredChallenges keeps an expired
	// challenge. Default DefaultKeepExpired.
	KeepExpired time.Duration

	// Logger receives warnings (a corrupt value skipped in a listing).
	// Default: discard.
	Logger *slog.Logger

	// Observer, when set, is told of each change committed and each
	// conflict (observer.go); nil: none.
	Observer Observer

	// SnapshotDir, when set, is where the store writes a snapshot of the
	// database every SnapshotEvery, keeping the newest SnapshotKeep (see
	// Snapshot). Empty: no snapshots.
	SnapshotDir string

	// SnapshotEvery is the time between snapshots. Default
	// DefaultSnapshotEvery.
	SnapshotEvery time.Duration

	// SnapshotKeep is how many snapshots are kept. Default
	// DefaultSnapshotKeep.
	SnapshotKeep int

	// snapshotTick, when set (by tests), replaces the snapshot timer, and
	// snapshotHook is called after each periodic snapshot.
	snapshotTick <-chan time.Time
	snapshotHook func(path string, err error)

	// batchHook, when set (by tests), is called after each transaction of
	// the commit loop with the number of changes it ran and its error.
	batchHook func(changes int, err error)

	// txnHook, when set (by tests), is given each transaction of view and
	// update and returns the one the change runs in (a wrapper that makes
	// reads fail, say).
	txnHook func(txn) txn

	// migrateBatch, when set (by tests), replaces guildIndexBatch, the
	// entries moved into the guild index in each transaction, and
	// migrateHook is called after each of those transactions with the
	// move's progress; an error from it stops Open there, as a crash
	// would (guildindex.go).
	migrateBatch int
	migrateHook  func(guildIndexMove) error
}

// DB is an open store. Its methods are safe for concurrent use.
type DB struct {
	be   backend // a *boltBackend or an *etcdStore
	path string  // the bolt file, or the etcd store's URL
	opts Options

	states stateCache // replayed active games

	closing chan struct{} // closed by Close: no new change; bolt's commit loop drains its queue and ends

	snapDone chan struct{} // closed when the snapshot loop has ended
	once     sync.Once

	archiveReads   atomic.Int64 // archived games decoded (for tests)
	activeReads    atomic.Int64 // active games decoded (for tests)
	challengeReads atomic.Int64 // challenges decoded through an index (for tests)

	closeMu sync.RWMutex // held to queue a change; Close sets closed under it
	closed  bool
}

var (
	bucketMeta       = []byte("meta")
	bucketGames      = []byte("games")      // guild \x00 channel -> Game
	bucketThreads    = []byte("threads")    // guild \x00 thread -> channel
	bucketChallenges = []byte("challenges") // id (8 bytes) -> Challenge
	bucketArchive    = []byte("archive")    // id (8 bytes) -> Game
	bucketStandings  = []byte("standings")  // guild \x00 user -> Standing
	bucketSettings   = []byte("settings")   // guild -> Settings
	bucketPlayers    = []byte("players")    // guild \x00 user \x00 id (8 bytes) -> empty (v2)
	bucketQuarantine = []byte("quarantine") // key -> raw value removed by EndDamagedGame

	// Indexes of schema 3; their values are empty. Schema 8 moved those
	// led by a guild into the guild index (guildindex.go), as it did
	// players, games_by_player and games_indexed.
	bucketArchiveByGuild      = []byte("archive_by_guild")      // guild \x00 id -> (v3)
	bucketArchiveByChannel    = []byte("archive_by_channel")    // guild \x00 channel or thread \x00 id -> (v3)
	bucketChallengesByChannel = []byte("challenges_by_channel") // guild \x00 channel \x00 id -> (v3)
	bucketChallengesByUser    = []byte("challenges_by_user")    // guild \x00 challenger \x00 id -> (v3)
	bucketChallengesByExpiry  = []byte("challenges_by_expiry")  // expiry (8 bytes) id (8 bytes) -> (v3)
	bucketGamesByPlayer       = []byte("games_by_player")       // guild \x00 user \x00 channel -> id (8 bytes) (v4)
	bucketGamesByID           = []byte("games_by_id")           // id (8 bytes) -> guild \x00 channel (v4)
	bucketStandingsByKind     = []byte("standings_by_kind")     // kind \x00 guild \x00 user -> Standing (v5; every kind's since v6)

	// Tournaments, created on first use (no migration: an older file
	// simply has none).
	bucketTournaments         = []byte("tournaments")           // id (8 bytes) -> Tournament
	bucketTournamentsByGuild  = []byte("tournaments_by_guild")  // guild \x00 status \x00 id -> empty
	bucketTournamentsByStatus = []byte("tournaments_by_status") // status \x00 id -> guild

	keyVersion = []byte("version")
	// keyLineage names the database a file and its snapshots belong to:
	// set when the file is created (or first opened by a veletasbot
	// that sets it), the same in every snapshot of it (snapshots.go).
	keyLineage = []byte("lineage")

	// bucketsV1 are the buckets of schema version 1.
	bucketsV1 = [][]byte{bucketMeta, bucketGames, bucketThreads, bucketChallenges, bucketArchive, bucketStandings, bucketSettings}
)

// Open opens the database file at path, creating it if needed, and
// migrates it to SchemaVersion. It fails with ErrLocked after
// opts.Timeout when another process has the file open, and with
// ErrDamaged, in one line that says how to restore a snapshot, when a page
// of the file is damaged: every page a transaction can reach is read
// first, in a way that turns bbolt's panics and memory faults into that
// error.
func Open(path string, opts *Options) (*DB, error) {
	o := withDefaults(opts)
	openErr := func(err error) error {
		switch {
		case errors.Is(err, bolterrors.ErrTimeout):
			return fmt.Errorf("store: open %s: %w (waited %v; %w)", path, ErrLocked, o.Timeout, err)
		case errors.Is(err, ErrDamaged):
			return fmt.Errorf("store: open %s: %w; %s", path, err, Restore)
		case damaged(err):
			return fmt.Errorf("store: open %s: %w: %w; %s", path, ErrDamaged, err, Restore)
		}
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			// Not "open PATH" again: the cause, and what was being done
			// when it was another file (the new file's temporary name).
			if pe.Path != path {
				return fmt.Errorf("store: open %s: creating it: %w", path, pe.Err)
			}
			return fmt.Errorf("store: open %s: %w", path, pe.Err)
		}
		return fmt.Errorf("store: open %s: %w", path, err)
	}
	created := false
	switch fi, err := os.Stat(path); {
	case errors.Is(err, fs.ErrNotExist):
		if created, err = createFile(path, o); err != nil {
			return nil, openErr(err)
		}
	case err == nil && fi.IsDir():
		return nil, openErr(fmt.Errorf("%w: it is a directory: give the path of the database file, such as %s", ErrInvalid, filepath.Join(path, "veletas.db")))
	case err == nil && fi.Mode().IsRegular() && fi.Size() == 0:
		// Open never leaves an empty file (createFile): this one was
		// emptied since, by a crash of the disk, a copy or a restore
		// that failed, or by hand.
		return nil, openErr(errEmptyFile)
	}
	if err := checkFile(path); err != nil {
		return nil, openErr(err)
	}
	var bdb *bolt.DB
	err := protect(func() error {
		var err error
		bdb, err = bolt.Open(path, 0o600, boltOptions(o))
		return err
	})
	if err != nil {
		return nil, openErr(err)
	}
	db := &DB{path: path, opts: o, closing: make(chan struct{})}
	if err := protect(func() error { return bdb.Update(db.migrate) }); err != nil {
		bdb.Close()
		return nil, openErr(err)
	}
	// The move into the guild index that migrate began, or that an Open
	// stopped half way left, in bounded transactions of its own.
	if err := protect(func() error { return db.finishGuildIndexMove(bdb) }); err != nil {
		bdb.Close()
		return nil, openErr(err)
	}
	db.be = newBoltBackend(bdb, db.closing, o.batchHook)
	if created {
		db.warnEarlierSnapshots()
	}
	db.snapDone = make(chan struct{})
	if o.SnapshotDir == "" {
		close(db.snapDone)
	} else {
		tick, stop := o.snapshotTick, func() {}
		if tick == nil {
			t := time.NewTicker(o.SnapshotEvery)
			tick, stop = t.C, t.Stop
		}
		go db.snapshotLoop(tick, stop)
	}
	return db, nil
}

// boltOptions are the options of the bbolt file. bbolt writes its free
// list at each commit (NoFreelistSync false): a file opened reads it
// from its page, where without it bbolt would rebuild it by walking every
// page through its memory mapping, which makes the whole file resident
// in the process (3 GB for a million archived games) and takes seconds.
// A file written without a free list gets one at its first open.
func boltOptions(o Options) *bolt.Options {
	return &bolt.Options{Timeout: o.Timeout, NoSync: o.NoSync, FreelistType: bolt.FreelistMapType, NoFreelistSync: false}
}

// errEmptyFile is the cause given with ErrDamaged for a database file of
// 0 bytes.
var errEmptyFile = fmt.Errorf("%w: the file is empty (0 bytes): its games were lost after it was written "+
	"(a failed copy or restore, a full disk, a crash of the disk); veletasbot never starts on it as a new database. "+
	"To start afresh without the games, delete the empty file", ErrDamaged)

// createFile creates a new store file at path: made and set up under a
// temporary name beside it, synced, then linked into place, so that path
// never holds a file partly written (a crash or a full disk leaves only
// the temporary file, never an empty database that a later start would
// take for a new one). It reports whether it created path: another
// process may have created it meanwhile.
func createFile(path string, o Options) (bool, error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".new*")
	if err != nil {
		return false, err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := f.Close(); err != nil {
		return false, err
	}
	b, err := bolt.Open(tmp, 0o600, boltOptions(o))
	if err != nil {
		return false, err
	}
	err = b.Update((&DB{opts: o}).migrate)
	if cerr := b.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return false, err
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return false, nil
		}
		if err := os.Rename(tmp, path); err != nil { // a file system without hard links
			return false, err
		}
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return true, nil
}

// withDefaults returns a copy of opts (nil: the zero Options) with the
// defaults filled in.
func withDefaults(opts *Options) Options {
	o := Options{}
	if opts != nil {
		o = *opts
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	} else if o.Timeout < 0 {
		o.Timeout = time.Nanosecond
	}
	if o.EtcdTimeout <= 0 {
		o.EtcdTimeout = DefaultEtcdTimeout
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.ChallengeTTL <= 0 {
		o.ChallengeTTL = DefaultChallengeTTL
	}
	if o.MaxChallengesPerUser <= 0 {
		o.MaxChallengesPerUser = DefaultMaxChallengesPerUser
	}
	if o.MaxChallengesPerChannel <= 0 {
		o.MaxChallengesPerChannel = DefaultMaxChallengesPerChannel
	}
	if o.MaxTournaments <= 0 {
		o.MaxTournaments = DefaultMaxTournaments
	}
	if o.MaxTournamentPlayers <= 0 {
		o.MaxTournamentPlayers = DefaultMaxTournamentPlayers
	}
	if o.KeepExpired <= 0 {
		o.KeepExpired = DefaultKeepExpired
	}
	if o.SnapshotEvery <= 0 {
		o.SnapshotEvery = DefaultSnapshotEvery
	}
	if o.SnapshotKeep <= 0 {
		o.SnapshotKeep = DefaultSnapshotKeep
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// OpenURL opens the store that url names (see ParseURL): bolt:PATH opens
// a bbolt file as Open does; etcd://HOST:PORT[,HOST:PORT...][/PREFIX]
// connects to an etcd cluster and keeps the store's keys under PREFIX
// (DefaultPrefix when absent), initialising an empty prefix at
// SchemaVersion. Snapshots (Options.SnapshotDir) are for bolt stores only.
func OpenURL(url string, opts *Options) (*DB, error) {
	loc, err := ParseURL(url)
	if err != nil {
		return nil, err
	}
	return OpenLocation(loc, opts)
}

// OpenLocation is OpenURL with a parsed URL.
func OpenLocation(loc Location, opts *Options) (*DB, error) {
	switch loc.Kind {
	case "bolt":
		return Open(loc.Path, opts)
	case "etcd":
	default:
		return nil, fmt.Errorf("store: open: %w: kind %q", ErrBadURL, loc.Kind)
	}
	o := withDefaults(opts)
	if o.SnapshotDir != "" {
		return nil, fmt.Errorf("store: open %s: snapshots: %w", loc, ErrBoltOnly)
	}
	s, err := openEtcd(loc, o)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", loc, err)
	}
	db := &DB{be: s, path: loc.String(), opts: o,
		closing: make(chan struct{}), snapDone: make(chan struct{})}
	close(db.snapDone)
	if s.index7 {
		if err := db.migrate6to7(s); err != nil {
			s.close()
			return nil, fmt.Errorf("store: open %s: %w", loc, err)
		}
	}
	if s.index8 {
		if err := db.migrate7to8(s); err != nil {
			s.close()
			return nil, fmt.Errorf("store: open %s: %w", loc, err)
		}
	}
	return db, nil
}

// migrate creates a new file's buckets or brings an older file to
// SchemaVersion, in the transaction of Open. From schema 7 to 8 it only
// begins the move into the guild index (migrate7to8), which Open then
// finishes in transactions of its own (finishGuildIndexMove): a
// migration to a later schema must run after that move ends, in a
// transaction of its own too, or look for the move's marker.
func (db *DB) migrate(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	adopted := meta != nil // a file written before lineages gets one
	if meta == nil {
		empty := true
		tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
		if !empty {
			return ErrNotStore
		}
		for _, name := range bucketsV1 {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		if err := setVersion(tx, 1); err != nil {
			return err
		}
		meta = tx.Bucket(bucketMeta)
	}
	if meta.Get(keyLineage) == nil {
		if err := meta.Put(keyLineage, newLineage(db.opts.Now(), adopted)); err != nil {
			return err
		}
	}
	v, err := strconv.Atoi(string(meta.Get(keyVersion)))
	if err != nil || v < 1 {
		return fmt.Errorf("%w: bad schema version %q", ErrNotStore, meta.Get(keyVersion))
	}
	if err := checkVersion(v, SchemaVersion); err != nil {
		return err
	}
	for ; v < SchemaVersion; v++ {
		if err := migrations[v](db, tx); err != nil {
			return fmt.Errorf("migrate schema %d to %d: %w", v, v+1, err)
		}
		if err := setVersion(tx, v+1); err != nil {
			return err
		}
	}
	return nil
}

// checkVersion refuses a file of version v newer than known, the
// version the program knows up to: a veletasbot that knows only schema 7
// refuses so a file at 8, among them one whose move into the guild index
// is half done.
func checkVersion(v, known int) error {
	if v > known {
		return fmt.Errorf("%w: the file has version %d, this veletasbot knows up to %d; upgrade veletasbot", ErrSchemaTooNew, v, known)
	}
	return nil
}

func setVersion(tx *bolt.Tx, v int) error {
	return tx.Bucket(bucketMeta).Put(keyVersion, []byte(strconv.Itoa(v)))
}

// migrations[v] brings a file from version v to v+1.
var migrations = map[int]func(*DB, *bolt.Tx) error{
	1: migrate1to2,
	2: migrate2to3,
	3: migrate3to4,
	4: migrate4to5,
	5: migrate5to6,
	6: migrate6to7,
	7: migrate7to8,
}

// migrate6to7 builds the indexes of the active games of schema 7, in the
// transaction of Open.
func migrate6to7(db *DB, tx *bolt.Tx) error {
	update := func(fn func(txn) error) error { return fn(boltTxn{tx}) }
	if err := db.indexActiveGames(update, 1<<30); err != nil {
		return err
	}
	return db.indexChallengeMessages(update, 1<<30)
}

// migrate4to5 adds the standings of the games other than the first.
// Games, challenges and standings written before have no kind: they are
// the first game's, as an absent kind says (schema 6 names it).
func migrate4to5(db *DB, tx *bolt.Tx) error {
	_, err := tx.CreateBucketIfNotExists(bucketStandingsByKind)
	return err
}

// migrate1to2 builds the players index of the archive.
func migrate1to2(db *DB, tx *bolt.Tx) error {
	idx, err := tx.CreateBucketIfNotExists(bucketPlayers)
	if err != nil {
		return err
	}
	return tx.Bucket(bucketArchive).ForEach(func(k, v []byte) error {
		var g Game
		if err := decodeValue(v, &g); err != nil {
			db.opts.Logger.Warn("store: migration skips a corrupt archived game", "id", binary.BigEndian.Uint64(k), "err", err)
			return nil
		}
		for _, p := range g.Players {
			if err := idx.Put(playerKey(g.Guild, p, g.ID), nil); err != nil {
				return err
			}
		}
		return nil
	})
}

// migrate2to3 builds the indexes of the archive by guild and channel and
// of the pending challenges. Damaged values are left out of the indexes
// (and logged); they stay where they are.
func migrate2to3(db *DB, tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketArchiveByGuild, bucketArchiveByChannel,
		bucketChallengesByChannel, bucketChallengesByUser, bucketChallengesByExpiry} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	err := tx.Bucket(bucketArchive).ForEach(func(k, v []byte) error {
		var g Game
		if err := decodeValue(v, &g); err != nil || len(k) != 8 {
			db.opts.Logger.Warn("store: migration skips a corrupt archived game", "key", k, "err", err)
			return nil
		}
		return indexArchived(boltTxn{tx}, &g)
	})
	if err != nil {
		return err
	}
	return tx.Bucket(bucketChallenges).ForEach(func(k, v []byte) error {
		var c Challenge
		if err := decodeValue(v, &c); err != nil || len(k) != 8 {
			db.opts.Logger.Warn("store: migration skips a corrupt challenge", "key", k, "err", err)
			return nil
		}
		return indexChallenge(boltTxn{tx}, &c)
	})
}

// migrate3to4 builds the indexes of the active games by player and by ID.
// A damaged game is left out (and logged); its channel still reports it.
func migrate3to4(db *DB, tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketGamesByPlayer, bucketGamesByID} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var g Game
		if err := decodeValue(v, &g); err != nil || !bytes.Equal(k, pairKey(g.Guild, g.Channel)) {
			db.opts.Logger.Warn("store: migration skips a corrupt game", "key", string(k), "err", err)
			return nil
		}
		return indexActive(boltTxn{tx}, &g)
	})
}

// Close waits for changes in flight to commit and closes the file.
func (db *DB) Close() error {
	var err error
	db.once.Do(func() {
		db.closeMu.Lock()
		db.closed = true
		db.closeMu.Unlock()
		close(db.closing)
		<-db.snapDone
		err = db.be.close()
	})
	return err
}

// Path is the file's path (bolt), or the store's URL (etcd).
func (db *DB) Path() string { return db.path }

// Ping reports whether the database answers: a read-only transaction,
// cheap enough for a health check; ErrClosed after Close.
func (db *DB) Ping() error {
	return db.PingContext(context.Background())
}

// PingContext is Ping bounded by ctx as well: on etcd it returns when
// ctx is done (with an error wrapping ErrUnavailable and ctx's error),
// before Options.EtcdTimeout.
func (db *DB) PingContext(ctx context.Context) error {
	select {
	case <-db.closing:
		return fmt.Errorf("store: %w", ErrClosed)
	default:
	}
	return db.be.ping(ctx)
}

// Check runs bbolt's consistency check of the whole file and returns the
// first problem found, or nil.
func (db *DB) Check() error {
	return db.boltView("consistency check", func(tx *bolt.Tx) error {
		var first error
		for err := range tx.Check() {
			if first == nil {
				first = err
			}
		}
		if first != nil {
			return fmt.Errorf("store: consistency check: %w", first)
		}
		return nil
	})
}

// Backup writes a consistent copy of the whole database to w while the
// bot runs and returns the number of bytes written.
func (db *DB) Backup(w io.Writer) (int64, error) {
	var n int64
	err := db.boltView("backup", func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("store: backup: %w", err)
	}
	return n, nil
}

// BackupFile writes a consistent copy of the database to path: to a
// temporary file in the same directory, synced, then renamed over path,
// so that path always holds a complete copy.
func (db *DB) BackupFile(path string) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	tmp := f.Name()
	_, err = db.Backup(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// boltView runs fn in a read-only bbolt transaction; what (a bolt-only
// feature) fails with ErrBoltOnly on etcd.
func (db *DB) boltView(what string, fn func(tx *bolt.Tx) error) error {
	b, ok := db.be.(*boltBackend)
	if !ok {
		return fmt.Errorf("store: %s: %w", what, ErrBoltOnly)
	}
	select {
	case <-db.closing:
		return fmt.Errorf("store: %w", ErrClosed)
	default:
	}
	return b.boltView(fn)
}

// view runs fn in a read-only transaction, bounded by ctx (see the
// package doc, Contexts).
func (db *DB) view(ctx context.Context, fn func(tx txn) error) error {
	select {
	case <-db.closing:
		return fmt.Errorf("store: %w", ErrClosed)
	default:
	}
	return db.be.view(ctx, db.hooked(fn))
}

// hooked is fn run in the transaction that Options.txnHook makes, if set.
func (db *DB) hooked(fn func(tx txn) error) func(tx txn) error {
	h := db.opts.txnHook
	if h == nil {
		return fn
	}
	return func(tx txn) error { return fn(h(tx)) }
}

// refusal marks an error that a change returned before it wrote
// anything: the change is refused, and the other changes of its group
// commit without being run again.
type refusal struct{ err error }

func (e *refusal) Error() string { return e.err.Error() }
func (e *refusal) Unwrap() error { return e.err }

// refuse marks err (if not nil) as a refusal: fn returns it before its
// first write. An error not marked so is a failure, which rolls back.
func refuse(err error) error {
	if err == nil {
		return nil
	}
	return &refusal{err}
}

// isRefusal reports whether err is marked by refuse.
func isRefusal(err error) bool {
	var r *refusal
	return errors.As(err, &r)
}

// unrefuse removes the mark of refuse, so callers see the error itself.
func unrefuse(err error) error {
	if r, ok := err.(*refusal); ok {
		return r.err
	}
	return err
}

// update runs fn in a read-write transaction, possibly together with the
// changes of other callers (group commit), and returns after the commit
// is on disk.
//
// Any error returned by fn (or a panic in it) rolls back everything fn
// wrote, as in bbolt's Update: the group's transaction is rolled back, fn's
// error goes to this caller alone, and the other changes of the group are
// run again without it. An error marked with refuse is a refusal, returned
// before fn wrote anything; it is delivered without a rollback, so that a
// refusal does not make the others run again. fn may run more than once,
// and must set its results afresh on each run. ctx bounds the wait (see
// the package doc, Contexts).
func (db *DB) update(ctx context.Context, fn func(tx txn) error) error {
	db.closeMu.RLock()
	if db.closed {
		db.closeMu.RUnlock()
		return fmt.Errorf("store: %w", ErrClosed)
	}
	defer db.closeMu.RUnlock() // Close waits for the changes in flight
	if db.opts.Observer == nil {
		return db.be.update(ctx, db.hooked(fn))
	}
	start := time.Now()
	err := db.be.update(ctx, db.hooked(fn))
	if err == nil {
		db.opts.Observer.Committed(db.backendName(), time.Since(start))
	}
	return err
}

// run calls fn, turning a panic into an error, which rolls back.
func run(fn func(txn) error, tx txn) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("store: internal error: %v", p)
		}
	}()
	return fn(tx)
}

// Values are stored as a format byte, the JSON encoding and a CRC-32C of
// both, so that damage is detected rather than misread.
const formatJSON = 1

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func encode(v any) ([]byte, error) {
	b, err := marshal(v)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(b)+5)
	out = append(out, formatJSON)
	out = append(out, b...)
	return binary.LittleEndian.AppendUint32(out, crc32.Checksum(out, castagnoli)), nil
}

// decodeValue decodes a stored value into v without replaying a Game.
// Errors wrap ErrCorrupt.
func decodeValue(b []byte, v any) error {
	if len(b) < 6 {
		return fmt.Errorf("%w: value of %d bytes is too short", ErrCorrupt, len(b))
	}
	body, sum := b[:len(b)-4], binary.LittleEndian.Uint32(b[len(b)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	if body[0] != formatJSON {
		return fmt.Errorf("%w: unknown value format %d", ErrCorrupt, body[0])
	}
	if err := unmarshal(body[1:], v); err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return nil
}

// decode decodes a stored value into v. Errors wrap ErrCorrupt. A Game
// is decoded with DB.decodeGame, which replays it.
func decode(b []byte, v any) error {
	if _, ok := v.(*Game); ok {
		panic("store: decode of a Game: use DB.decodeGame")
	}
	return decodeValue(b, v)
}

func idKey(id uint64) []byte { return binary.BigEndian.AppendUint64(nil, id) }

func pairKey(a, b string) []byte {
	k := make([]byte, 0, len(a)+1+len(b))
	k = append(k, a...)
	k = append(k, 0)
	return append(k, b...)
}

func playerKey(guild, user string, id uint64) []byte {
	return idSuffix(pairKey(guild, user), id)
}

// idSuffix is an index key: prefix, a NUL byte and the ID (8 bytes).
func idSuffix(prefix []byte, id uint64) []byte {
	k := append(prefix[:len(prefix):len(prefix)], 0)
	return binary.BigEndian.AppendUint64(k, id)
}

// checkID validates a Discord ID or console name used in a key.
func checkID(what, id string) error {
	if id == "" || len(id) > 100 {
		return fmt.Errorf("store: %w: %s must be 1 to 100 bytes", ErrInvalid, what)
	}
	for i := 0; i < len(id); i++ {
		if id[i] == 0 {
			return fmt.Errorf("store: %w: %s contains a NUL byte", ErrInvalid, what)
		}
	}
	return nil
}

func put(b bucket, key []byte, v any) error {
	val, err := encode(v)
	if err != nil {
		return err
	}
	return b.Put(key, val)
}
