package store

import (
	"bytes"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// The guild index (schema 8) holds, in one bucket, the entries of every
// index whose keys begin with a guild's ID, and the standings, each under
// the guild and the index's tag:
//
//	guild \x00 tag \x00 rest -> the index's value
//
// where guild \x00 rest was the entry's key in the index's own bucket
// before schema 8 (kind \x00 guild \x00 user a standing's, whose rest is
// kind \x00 user). A guild's entries of all these indexes thus lie
// together: a change that writes several of them (a game's start or end,
// a challenge's creation) rewrites the leaves it touches and one path of
// branch pages above them, where separate buckets each had a path of
// their own from their root, which grows with the number of guilds
// stored. The entries of one index in one guild are still a range of
// keys that a cursor walks in order.
var bucketGuildIndex = []byte("guild_index")

// guildIndex is the tag of one index in the guild index.
type guildIndex byte

// The indexes kept in the guild index, in the order of their tags: those
// written together side by side (the end of a game writes the archive's
// and the standings; a challenge's creation and acceptance the
// challenges' and the active games'), so that they share leaves and
// branch pages.
const (
	archiveByChannel   guildIndex = 'C' // guild \x00 C \x00 channel or thread \x00 id -> empty
	archiveByGuild     guildIndex = 'G' // guild \x00 G \x00 id -> empty
	archiveByPlayer    guildIndex = 'P' // guild \x00 P \x00 user \x00 id -> empty
	standingsByKind    guildIndex = 'S' // guild \x00 S \x00 kind \x00 user -> Standing
	challengesByChan   guildIndex = 'c' // guild \x00 c \x00 channel \x00 id -> empty
	challengesByUser   guildIndex = 'd' // guild \x00 d \x00 challenger \x00 id -> empty
	activeByPlayer     guildIndex = 'p' // guild \x00 p \x00 user \x00 channel -> id (8 bytes)
	activeIndexEntries guildIndex = 'x' // guild \x00 x \x00 channel -> activeEntry
)

// scope is the prefix of the index's entries of a guild: guild \x00 tag.
// A walk of them all seeks scope \x00.
func (i guildIndex) scope(guild string) []byte {
	return append(pairKey(guild, ""), byte(i))
}

// key is the key of the entry of a guild under rest: guild \x00 tag \x00
// rest.
func (i guildIndex) key(guild, rest string) []byte {
	return append(append(i.scope(guild), 0), rest...)
}

// legacyGuildIndexes are the buckets that schema 8 moved into the guild
// index, with their tags.
var legacyGuildIndexes = []struct {
	bucket []byte
	tag    guildIndex
}{
	{bucketArchiveByChannel, archiveByChannel},
	{bucketArchiveByGuild, archiveByGuild},
	{bucketPlayers, archiveByPlayer},
	{bucketStandingsByKind, standingsByKind},
	{bucketChallengesByChannel, challengesByChan},
	{bucketChallengesByUser, challengesByUser},
	{bucketGamesByPlayer, activeByPlayer},
	{bucketGamesIndexed, activeIndexEntries},
}

// movedKey is the key in the guild index of the entry at key of a legacy
// bucket (guild \x00 rest; for the standings kind \x00 guild \x00 user),
// false for a key without a guild.
func (i guildIndex) movedKey(key []byte) ([]byte, bool) {
	if i == standingsByKind {
		kind, rest, ok := bytes.Cut(key, []byte{0})
		g, user, ok2 := bytes.Cut(rest, []byte{0})
		if !ok || !ok2 {
			return nil, false
		}
		return i.key(string(g), string(kind)+"\x00"+string(user)), true
	}
	g, rest, ok := bytes.Cut(key, []byte{0})
	if !ok {
		return nil, false
	}
	return i.key(string(g), string(rest)), true
}

// hasGuild reports whether key, of a legacy bucket, has a guild (and
// movedKey a key for it), as movedKey would without making the key.
func (i guildIndex) hasGuild(key []byte) bool {
	n := 1
	if i == standingsByKind {
		n = 2
	}
	return bytes.Count(key, []byte{0}) >= n
}

// moveGuildIndexes moves up to perTxn entries of the legacy index
// buckets into the guild index in each transaction run by update, until
// none is left (schema 7 to 8). Each entry is written under its new key
// and deleted from its bucket in the same transaction, so that a run
// that stopped half way, or two run at once (etcd replicas), end in the
// same place. A key without a guild (damaged) is dropped, logged.
func (db *DB) moveGuildIndexes(update func(func(txn) error) error, perTxn int) error {
	for _, l := range legacyGuildIndexes {
		for {
			n := 0
			err := update(func(tx txn) error {
				n = 0
				old, idx := tx.Bucket(l.bucket), tx.Bucket(bucketGuildIndex)
				c := tx.Cursor(l.bucket)
				type entry struct{ k, v []byte }
				var page []entry
				for k, v := c.First(); k != nil && len(page) < perTxn; k, v = c.Next() {
					page = append(page, entry{bytes.Clone(k), bytes.Clone(v)})
				}
				if err := c.Err(); err != nil {
					return err
				}
				for _, e := range page {
					if nk, ok := l.tag.movedKey(e.k); ok {
						if err := idx.Put(nk, e.v); err != nil {
							return err
						}
					} else {
						db.opts.Logger.Warn("store: migration to schema 8 drops an index entry without a guild", "bucket", string(l.bucket), "key", e.k)
					}
					if err := old.Delete(e.k); err != nil {
						return err
					}
				}
				n = len(page)
				return nil
			})
			if err != nil {
				return fmt.Errorf("moving %s into %s: %w", l.bucket, bucketGuildIndex, err)
			}
			if n < perTxn {
				break
			}
		}
	}
	return nil
}

// The move of a bbolt file into the guild index (schema 7 to 8) runs in
// transactions of its own, each bounded, so that Open's memory stays
// bounded too: bbolt keeps every node a transaction writes in memory
// until it commits (2.5 GB for the entries of a million archived games
// moved in one).
//
//   - Open's transaction (migrate7to8, after the migrations before 7,
//     which run there as ever) creates the guild index, counts the
//     entries to move and, when there are any, puts the marker
//     keyGuildIndexMoving in meta; migrate sets version 8 in the same
//     transaction. A veletasbot that knows only schema 7 refuses the file
//     from then on (ErrSchemaTooNew), so none runs on indexes half
//     moved.
//   - While the marker is there, Open (finishGuildIndexMove) runs
//     moveGuildIndexBatch in transaction after transaction, each moving
//     the next guildIndexBatch entries and recording, in the marker, the
//     key of the last one in the guild index.
//   - The transaction that moves the last entry deletes the legacy
//     buckets and the marker.
//
// An entry is copied, not deleted from its bucket, until that last
// transaction: the marker alone says how far the move went. A run stopped
// after any transaction (a crash, a kill, a full disk) leaves the marker
// of its last commit; the next Open resumes after it and ends in the same
// store as a run never stopped. The store's other readers of a file
// (Check, Backup, snapshots) work on a DB that Open returned, after the
// move; the store has no read-only open of a file.
var keyGuildIndexMoving = []byte("guild_index_moving")

// guildIndexMove is the value of keyGuildIndexMoving: how far the move
// into the guild index went.
type guildIndexMove struct {
	// After is the key in the guild index of the last entry moved,
	// empty before the first.
	After []byte `json:"after,omitempty"`
	// Moved counts the entries moved so far, of Total, the entries of
	// the legacy buckets with a guild when the move began (for the
	// progress logged).
	Moved int64 `json:"moved"`
	Total int64 `json:"total"`
}

// guildIndexBatch is the number of entries moved into the guild index
// in each transaction (Options.migrateBatch in tests). A transaction
// holds about 450 bytes of memory for each entry it moves (its node, the
// pages it is written to, the garbage collector's slack): the 4.9
// million entries of 100,000 active and 1,000,000 archived games took
// 2.2 GB moved in one transaction, and take 77 MB at most (the whole
// process) in 50 transactions of 100,000, in about the same time
// (TestScaleChild on a copy of such a file). A smaller batch saves little
// more memory against the process's own, and each commit syncs the file
// twice: 100,000 keeps those syncs to a few dozen.
const guildIndexBatch = 100_000

// migrate7to8 begins the move of the indexes led by a guild, and of the
// standings, into the guild index, in the transaction of Open: it
// creates the guild index and, when the legacy buckets hold entries,
// puts the marker of the move, which finishGuildIndexMove then carries
// out in transactions of its own (see keyGuildIndexMoving); when they
// hold none (a new file) it deletes them at once.
func migrate7to8(db *DB, tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketGuildIndex); err != nil {
		return err
	}
	var total int64
	for _, l := range legacyGuildIndexes {
		if b := tx.Bucket(l.bucket); b != nil {
			c := b.Cursor()
			for k, _ := c.First(); k != nil; k, _ = c.Next() {
				if l.tag.hasGuild(k) {
					total++
				}
			}
		}
	}
	if total == 0 {
		return dropLegacyGuildIndexes(tx)
	}
	db.opts.Logger.Info("store: moving the indexes into the guild index (schema 8)", "entries", total)
	return put(boltTxn{tx}.Bucket(bucketMeta), keyGuildIndexMoving, guildIndexMove{Total: total})
}

// dropLegacyGuildIndexes deletes the buckets moved into the guild index,
// and the marker of the move.
func dropLegacyGuildIndexes(tx *bolt.Tx) error {
	for _, l := range legacyGuildIndexes {
		if tx.Bucket(l.bucket) == nil {
			continue
		}
		if err := tx.DeleteBucket(l.bucket); err != nil {
			return err
		}
	}
	return tx.Bucket(bucketMeta).Delete(keyGuildIndexMoving)
}

// finishGuildIndexMove carries out the move into the guild index that
// migrate7to8 began, if the marker says one is under way (begun by this
// Open or by one that stopped half way): one transaction of
// moveGuildIndexBatch after another until the last, logging the progress
// after each. Options.migrateHook, when set, is called after each commit;
// an error from it stops the move there (tests).
func (db *DB) finishGuildIndexMove(bdb *bolt.DB) error {
	for {
		var mv guildIndexMove
		var done bool
		err := bdb.Update(func(tx *bolt.Tx) error {
			var err error
			mv, done, err = db.moveGuildIndexBatch(tx)
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate schema 7 to 8: %w", err)
		}
		if mv.Total == 0 { // no move under way
			return nil
		}
		db.opts.Logger.Info("store: moved entries into the guild index (schema 8)", "moved", mv.Moved, "of", mv.Total, "done", done)
		if h := db.opts.migrateHook; h != nil {
			if err := h(mv); err != nil {
				return fmt.Errorf("migrate schema 7 to 8: %w", err)
			}
		}
		if done {
			return nil
		}
	}
}

// errBadMoveMarker is the cause of the error of Open on a file whose
// marker of the move into the guild index cannot be read: how far the
// move went is not known, and Open changes nothing.
var errBadMoveMarker = fmt.Errorf("%w: the marker of the migration to schema 8 (meta %q, how far the move into the guild index went) is damaged", ErrCorrupt, keyGuildIndexMoving)

// badMoveMarker is the error of a damaged marker, with what is wrong with
// it and what to do.
func badMoveMarker(what string) error {
	return fmt.Errorf("%w (%s); stop veletasbot and restore a snapshot (README, \"Restoring a snapshot\")", errBadMoveMarker, what)
}

// moveGuildIndexBatch moves the next entries of the legacy buckets, up
// to guildIndexBatch, into the guild index, after the last one moved, and
// records the last it moved in the marker; the transaction that moves the
// last entry deletes the legacy buckets and the marker (done). It returns
// the zero guildIndexMove when no move is under way.
//
// The entries are put in the order of their new keys, merged from one
// walk of each bucket (of each kind's standings), each walk in that order
// already, and each batch goes on where the one before ended, so that
// the whole move puts them in that order: bbolt splits the nodes a
// transaction writes only when it commits, so entries put out of order,
// into the middle of a node of millions, would each move the rest of it
// (hours for a million games); in order each is added at the end of the
// last node.
func (db *DB) moveGuildIndexBatch(tx *bolt.Tx) (guildIndexMove, bool, error) {
	meta := tx.Bucket(bucketMeta)
	raw := meta.Get(keyGuildIndexMoving)
	if raw == nil {
		return guildIndexMove{}, false, nil
	}
	var mv guildIndexMove
	if err := decodeValue(raw, &mv); err != nil {
		return guildIndexMove{}, false, badMoveMarker(strings.TrimPrefix(err.Error(), ErrCorrupt.Error()+": "))
	}
	if mv.Total <= 0 || mv.Moved < 0 || mv.Moved > mv.Total {
		return guildIndexMove{}, false, badMoveMarker(fmt.Sprintf("moved %d of %d", mv.Moved, mv.Total))
	}
	idx := tx.Bucket(bucketGuildIndex)
	if idx == nil {
		return guildIndexMove{}, false, badMoveMarker("no bucket " + string(bucketGuildIndex))
	}
	streams := db.moveStreams(tx, mv.After)
	limit := db.opts.migrateBatch
	if limit <= 0 {
		limit = guildIndexBatch
	}
	for n := 0; ; n++ {
		var next *moveStream
		for _, s := range streams {
			if s.k != nil && (next == nil || bytes.Compare(s.nk, next.nk) < 0) {
				next = s
			}
		}
		if next == nil {
			mv.After = nil
			return mv, true, dropLegacyGuildIndexes(tx)
		}
		if n == limit {
			return mv, false, put(boltTxn{tx}.Bucket(bucketMeta), keyGuildIndexMoving, mv)
		}
		if err := idx.Put(next.nk, bytes.Clone(next.v)); err != nil {
			return mv, false, fmt.Errorf("moving %s into %s: %w", next.bucket, bucketGuildIndex, err)
		}
		mv.After = next.nk
		mv.Moved++
		next.advance(next.c.Next())
	}
}

// moveStreams returns a walk of each legacy bucket (of each kind's
// standings, whose keys lead with the kind), each on its first entry
// whose key in the guild index comes after after (on the first entry
// when after is empty).
func (db *DB) moveStreams(tx *bolt.Tx, after []byte) []*moveStream {
	var streams []*moveStream
	add := func(l []byte, b *bolt.Bucket, tag guildIndex, prefix []byte) {
		s := &moveStream{db: db, bucket: l, c: b.Cursor(), tag: tag, prefix: prefix}
		s.resume(after)
		streams = append(streams, s)
	}
	for _, l := range legacyGuildIndexes {
		b := tx.Bucket(l.bucket)
		if b == nil {
			continue
		}
		if l.tag != standingsByKind {
			add(l.bucket, b, l.tag, nil)
			continue
		}
		// A walk for each kind: the guild comes second in their keys.
		c := b.Cursor()
		for k, _ := c.First(); k != nil; {
			kind, _, ok := bytes.Cut(k, []byte{0})
			if !ok {
				if after == nil {
					db.opts.Logger.Warn("store: migration to schema 8 drops a standing without a guild", "key", k)
				}
				k, _ = c.Next()
				continue
			}
			add(l.bucket, b, l.tag, append(bytes.Clone(kind), 0))
			k, _ = c.Seek(append(bytes.Clone(kind), 1))
		}
	}
	return streams
}

// moveStream walks the entries of a legacy bucket (under prefix, when
// set) for moveGuildIndexBatch, with the key each takes in the guild
// index.
type moveStream struct {
	db     *DB
	bucket []byte
	c      *bolt.Cursor
	tag    guildIndex
	prefix []byte
	k, v   []byte // the entry it is on; nil past the end
	nk     []byte // its key in the guild index
}

// resume puts the stream on its first entry whose key in the guild index
// comes after after (empty: its first entry). Where the entry's key is
// prefix guild \x00 rest, that key is guild \x00 tag \x00 rest (for a
// standing, whose prefix is its kind, guild \x00 S \x00 kind \x00 rest):
// the entries of the guilds before after's come before it, those of the
// guilds after it after it, whatever the index, and within after's guild
// the index's tag (and the standing's kind) orders them before rest does.
// It seeks there, in one step however many entries a guild has, and
// passes over the entry that is after itself.
func (s *moveStream) resume(after []byte) {
	if len(after) == 0 {
		s.advance(s.c.Seek(s.prefix))
		return
	}
	guild, rest, _ := bytes.Cut(after, []byte{0})
	seek := append(append(bytes.Clone(s.prefix), guild...), 0) // the guild's first entry
	if len(rest) >= 2 && rest[1] == 0 {
		mine, theirs, r := []byte{byte(s.tag)}, rest[:1], rest[2:]
		if s.tag == standingsByKind && guildIndex(rest[0]) == standingsByKind {
			kind, user, _ := bytes.Cut(r, []byte{0})
			mine, theirs, r = s.prefix[:len(s.prefix)-1], kind, user
		}
		switch bytes.Compare(mine, theirs) {
		case 0: // after's index: its entry there
			seek = append(seek, r...)
		case -1: // an index before after's: past the guild
			seek[len(seek)-1] = 1
		}
	}
	s.advance(s.c.Seek(seek))
	for s.k != nil && bytes.Compare(s.nk, after) <= 0 {
		s.advance(s.c.Next())
	}
}

// advance puts the stream on the entry at k (from its cursor), passing
// over the keys without a guild (logged).
func (s *moveStream) advance(k, v []byte) {
	for ; k != nil && bytes.HasPrefix(k, s.prefix); k, v = s.c.Next() {
		if nk, ok := s.tag.movedKey(k); ok {
			s.k, s.v, s.nk = k, v, nk
			return
		}
		s.db.opts.Logger.Warn("store: migration to schema 8 drops an index entry without a guild", "bucket", string(s.bucket), "key", k)
	}
	s.k, s.v, s.nk = nil, nil, nil
}
