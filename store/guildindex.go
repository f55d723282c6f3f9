package store

import (
	"bytes"
	"fmt"

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

// migrate7to8 moves the indexes led by a guild, and the standings, into
// the guild index, in the transaction of Open, and drops their buckets.
//
// The entries are put in the order of their new keys, merged from one
// walk of each bucket (of each kind's standings), each walk in that order
// already: bbolt splits the nodes a transaction writes only when it
// commits, so entries put out of order, into the middle of a node of
// millions, would each move the rest of it (hours for a million games);
// in order each is added at the end.
func migrate7to8(db *DB, tx *bolt.Tx) error {
	idx, err := tx.CreateBucketIfNotExists(bucketGuildIndex)
	if err != nil {
		return err
	}
	var streams []*moveStream
	for _, l := range legacyGuildIndexes {
		b := tx.Bucket(l.bucket)
		if b == nil {
			continue
		}
		if l.tag != standingsByKind {
			streams = append(streams, newMoveStream(db, l.bucket, b.Cursor(), l.tag, nil))
			continue
		}
		// A walk for each kind: the guild comes second in their keys.
		c := b.Cursor()
		for k, _ := c.First(); k != nil; {
			kind, _, ok := bytes.Cut(k, []byte{0})
			if !ok {
				db.opts.Logger.Warn("store: migration to schema 8 drops a standing without a guild", "key", k)
				k, _ = c.Next()
				continue
			}
			prefix := append(bytes.Clone(kind), 0)
			streams = append(streams, newMoveStream(db, l.bucket, b.Cursor(), l.tag, prefix))
			k, _ = c.Seek(append(bytes.Clone(kind), 1))
		}
	}
	for {
		var next *moveStream
		for _, s := range streams {
			if s.k != nil && (next == nil || bytes.Compare(s.nk, next.nk) < 0) {
				next = s
			}
		}
		if next == nil {
			break
		}
		if err := idx.Put(next.nk, bytes.Clone(next.v)); err != nil {
			return fmt.Errorf("moving %s into %s: %w", next.bucket, bucketGuildIndex, err)
		}
		next.advance(next.c.Next())
	}
	for _, l := range legacyGuildIndexes {
		if tx.Bucket(l.bucket) == nil {
			continue
		}
		if err := tx.DeleteBucket(l.bucket); err != nil {
			return err
		}
	}
	return nil
}

// moveStream walks the entries of a legacy bucket (under prefix, when
// set) for migrate7to8, with the key each takes in the guild index.
type moveStream struct {
	db     *DB
	bucket []byte
	c      *bolt.Cursor
	tag    guildIndex
	prefix []byte
	k, v   []byte // the entry it is on; nil past the end
	nk     []byte // its key in the guild index
}

func newMoveStream(db *DB, bucket []byte, c *bolt.Cursor, tag guildIndex, prefix []byte) *moveStream {
	s := &moveStream{db: db, bucket: bucket, c: c, tag: tag, prefix: prefix}
	s.advance(c.Seek(prefix))
	return s
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
