package store

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/tournament"
)

// Tournaments are kept by ID in bucketTournaments, as JSON like every
// value, and indexed by guild and status (guild \x00 status \x00 id) and
// by status (status \x00 id -> guild), through the same transactions as
// everything else, so both backends have them with one code. Their
// pairings and results are package tournament's value (Tournament.State);
// this file adds who runs them, their games and their life.

// DefaultMaxTournaments bounds the open and running tournaments of a
// guild; DefaultMaxTournamentPlayers the players of a tournament.
const (
	DefaultMaxTournaments       = 3
	DefaultMaxTournamentPlayers = 64
)

// TournamentStatus is where a tournament is in its life.
type TournamentStatus string

// The statuses.
const (
	TournamentOpen      TournamentStatus = "open"      // taking entries
	TournamentRunning   TournamentStatus = "running"   // started: rounds are paired and played
	TournamentFinished  TournamentStatus = "finished"  // every round played (or no further round could be paired)
	TournamentCancelled TournamentStatus = "cancelled" // cancelled by its organizer; finished games kept
)

// Tournament is a tournament of a guild: its options, its State (package
// tournament's players, rounds and results) and the games started for
// its pairings.
type Tournament struct {
	ID        uint64        `json:"id"`
	Guild     string        `json:"guild"`
	Channel   string        `json:"channel"`   // where it was announced
	Organizer string        `json:"organizer"` // who created it: it runs it (start, cancel), with the guild's managers (Runner)
	Kind      game.Kind     `json:"kind"`
	Terms     game.Terms    `json:"terms,omitempty"` // normalized by CreateTournament
	MoveTime  time.Duration `json:"move_time,omitempty"`
	Rated     bool          `json:"rated,omitempty"`

	MaxPlayers int `json:"max_players"`
	MinPlayers int `json:"min_players"`
	// StartAt is when the tournament starts by itself; zero: as soon as
	// MinPlayers have joined.
	StartAt time.Time `json:"start_at,omitzero"`
	// Adjudication is the rule for the games unfinished at a round's
	// deadline (default tournament.LossToMover).
	Adjudication tournament.Adjudication `json:"adjudication"`
	// RoundTime is the time each round has, from its pairing (0: no
	// deadline).
	RoundTime time.Duration `json:"round_time,omitempty"`

	Status  TournamentStatus `json:"status"`
	Message string           `json:"message,omitempty"` // the announcement's message ID

	// State is the pairings and results; its Format and SwissRounds are
	// given to CreateTournament.
	State tournament.Tournament `json:"state"`
	// Games are the games started for the pairings, in order.
	Games []TournamentGame `json:"games,omitempty"`
	// RoundStarted is when the current round was paired.
	RoundStarted time.Time `json:"round_started,omitzero"`
	// Names are the players' display names as they were when they
	// joined, by ID, for standings and crosstables drawn after a restart
	// (the front end knows names only of the users it has seen since).
	Names map[string]string `json:"names,omitempty"`
	// FinalGame is the ID of the game whose end finished the tournament
	// (0 when something else finished it: a pairing, an adjudication, a
	// withdrawal), set in the transaction that finished it, so that
	// exactly one game's end posts the final standings even when the last
	// two games end at once.
	FinalGame uint64 `json:"final_game,omitempty"`
	// Announced is the last round whose pairings card was claimed for
	// posting (AnnounceRound): a round paired by a replica that died
	// before posting its card has Announced below Round, and the next
	// sweep posts it.
	Announced int `json:"announced,omitempty"`

	Created  time.Time `json:"created"`
	Updated  time.Time `json:"updated"`
	Revision int       `json:"rev"` // grows by one with every change
}

// TournamentGame is a game started for a pairing: Game is its ID (an
// active game, or an archived one once it ended), Thread where it is
// played. White is the game's Players[0].
type TournamentGame struct {
	Round  int    `json:"round"`
	White  string `json:"white"`
	Black  string `json:"black"`
	Game   uint64 `json:"game"`
	Thread string `json:"thread"`
}

// Round is the number of the current round (0 before the first).
func (t Tournament) Round() int { return len(t.State.Rounds) }

// Pairings returns the pairings of round r (from 1), byes included.
func (t Tournament) Pairings(r int) []tournament.Pairing {
	if r < 1 || r > len(t.State.Rounds) {
		return nil
	}
	var out []tournament.Pairing
	for _, g := range t.State.Rounds[r-1].Games {
		out = append(out, g.Pairing)
	}
	return out
}

// Game returns the game started for the pairing of white and black in
// round r.
func (t Tournament) Game(r int, white, black string) (TournamentGame, bool) {
	i := t.gameIndex(r, white, black)
	if i < 0 {
		return TournamentGame{}, false
	}
	return t.Games[i], true
}

func (t Tournament) gameIndex(r int, white, black string) int {
	return slices.IndexFunc(t.Games, func(g TournamentGame) bool {
		return g.Round == r && g.White == white && g.Black == black
	})
}

// RoundDeadline returns when the current round's time runs out, and
// false when it has none (no RoundTime, not running, no round).
func (t Tournament) RoundDeadline() (time.Time, bool) {
	if t.RoundTime <= 0 || t.Status != TournamentRunning || len(t.State.Rounds) == 0 {
		return time.Time{}, false
	}
	return t.RoundStarted.Add(t.RoundTime), true
}

// Unstarted returns the pairings of the current round that need a game
// and have none yet: no result, and none started.
func (t Tournament) Unstarted() []tournament.Pairing {
	n := len(t.State.Rounds)
	if n == 0 || t.Status != TournamentRunning {
		return nil
	}
	var out []tournament.Pairing
	for _, g := range t.State.Rounds[n-1].Games {
		if g.Result == tournament.Unplayed && t.gameIndex(n, g.White, g.Black) < 0 {
			out = append(out, g.Pairing)
		}
	}
	return out
}

// playersNeeded is the fewest players a tournament of format f with
// swissRounds rounds can be paired with.
func playersNeeded(st tournament.Tournament) int {
	if st.Format != tournament.Swiss {
		return 2
	}
	r := st.SwissRounds
	if r%2 == 0 {
		r++ // an even number n of players allows n-1 rounds, an odd one n
	}
	return max(2, r)
}

// tournamentKeyByGuild and tournamentKeyByStatus are the index keys.
func tournamentKeyByGuild(guild string, s TournamentStatus, id uint64) []byte {
	return idSuffix(pairKey(guild, string(s)), id)
}

func tournamentKeyByStatus(s TournamentStatus, id uint64) []byte {
	return idSuffix([]byte(s), id)
}

// putTournament writes t and its index entries; old is the stored
// tournament it replaces (nil for a new one), whose entries of another
// status are removed.
func putTournament(tx txn, t *Tournament, old *Tournament) error {
	if old != nil && old.Status != t.Status {
		if err := tx.Bucket(bucketTournamentsByGuild).Delete(tournamentKeyByGuild(old.Guild, old.Status, old.ID)); err != nil {
			return err
		}
		if err := tx.Bucket(bucketTournamentsByStatus).Delete(tournamentKeyByStatus(old.Status, old.ID)); err != nil {
			return err
		}
	}
	if old == nil || old.Status != t.Status {
		if err := tx.Bucket(bucketTournamentsByGuild).Put(tournamentKeyByGuild(t.Guild, t.Status, t.ID), nil); err != nil {
			return err
		}
		if err := tx.Bucket(bucketTournamentsByStatus).Put(tournamentKeyByStatus(t.Status, t.ID), []byte(t.Guild)); err != nil {
			return err
		}
	}
	return put(tx.Bucket(bucketTournaments), idKey(t.ID), t)
}

// tournamentIn reads a tournament: ErrNotFound when absent, ErrCorrupt
// when its value does not decode or its State is inconsistent.
func tournamentIn(tx txn, id uint64) (Tournament, error) {
	var t Tournament
	v, err := tx.Bucket(bucketTournaments).Get(idKey(id))
	if err != nil {
		return t, err
	}
	if v == nil {
		return t, fmt.Errorf("store: tournament %d: %w", id, ErrNotFound)
	}
	if err := decode(v, &t); err != nil {
		return Tournament{}, fmt.Errorf("store: tournament %d: %w", id, err)
	}
	if err := tournament.Validate(t.State); err != nil {
		return Tournament{}, fmt.Errorf("store: tournament %d: %w: %w", id, ErrCorrupt, err)
	}
	return t, nil
}

// changeTournament runs fn on tournament id in one transaction and
// writes what fn leaves (with Updated and Revision advanced) unless fn
// returns an error; fn's errors are refusals (fn does not write). out is
// the tournament after the change (or as fn left it with its error).
func (db *DB) changeTournament(ctx context.Context, id uint64, fn func(tx txn, t *Tournament, now time.Time) error) (Tournament, error) {
	var out Tournament
	err := db.update(ctx, func(tx txn) error {
		old, err := tournamentIn(tx, id)
		if err != nil {
			return refuse(err)
		}
		t := old
		t.State = cloneState(old.State)
		t.Games = slices.Clone(old.Games)
		now := db.opts.Now()
		if err := fn(tx, &t, now); err != nil {
			out = t
			return refuse(err)
		}
		t.Updated = now
		t.Revision++
		out = t
		return putTournament(tx, &t, &old)
	})
	return out, err
}

// cloneState is a deep copy of a tournament's state (package tournament's
// functions return new values, but the store edits none in place either).
func cloneState(s tournament.Tournament) tournament.Tournament {
	c := s
	c.Players = slices.Clone(s.Players)
	c.Rounds = slices.Clone(s.Rounds)
	for i := range c.Rounds {
		c.Rounds[i].Games = slices.Clone(c.Rounds[i].Games)
	}
	return c
}

// CreateTournament stores a new tournament, open for entries, and
// returns it with its ID, Status, Created and normalized Terms. The
// caller sets Guild, Channel, Organizer, Kind, Terms, MoveTime, Rated,
// the limits and times, and State's Format and SwissRounds (as
// tournament.New takes them; no players, no rounds). Zero values take
// defaults: MaxPlayers Options.MaxTournamentPlayers, MinPlayers the
// fewest the format can be paired with (2; for a Swiss of r rounds, r
// players, r+1 when r is even), Adjudication tournament.LossToMover.
//
// Refusals: ErrInvalid for a bad ID; ErrBadTerms for a kind
// Options.Games lacks or terms its Rules refuse (a term left out is the
// guild's default for the kind, else the game's own); ErrBadTournament
// for a bad format or number of rounds (wrapping the tournament
// package's error), MaxPlayers below 2 or above Options.MaxTournamentPlayers,
// MinPlayers below 2, above MaxPlayers or below what the Swiss rounds
// need, an unknown adjudication rule, a negative MoveTime or RoundTime,
// a StartAt in the past; ErrTooManyTournaments when the guild has
// Options.MaxTournaments open or running.
func (db *DB) CreateTournament(ctx context.Context, t Tournament) (Tournament, error) {
	for _, p := range [][2]string{{"guild", t.Guild}, {"channel", t.Channel}, {"organizer", t.Organizer}} {
		if err := checkID(p[0], p[1]); err != nil {
			return Tournament{}, err
		}
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("store: create tournament: %w: "+format, append([]any{ErrBadTournament}, a...)...)
	}
	st, err := tournament.New(t.State.Format, t.State.SwissRounds)
	if err != nil {
		return Tournament{}, fmt.Errorf("store: create tournament: %w: %w", ErrBadTournament, err)
	}
	if len(t.State.Players) > 0 || len(t.State.Rounds) > 0 || len(t.Games) > 0 {
		return Tournament{}, bad("a new tournament has no players, rounds or games")
	}
	t.State = st
	if t.MaxPlayers == 0 {
		t.MaxPlayers = db.opts.MaxTournamentPlayers
	}
	if t.MaxPlayers < 2 || t.MaxPlayers > db.opts.MaxTournamentPlayers {
		return Tournament{}, bad("at most %d players: must be 2 to %d", t.MaxPlayers, db.opts.MaxTournamentPlayers)
	}
	need := playersNeeded(st)
	if need > t.MaxPlayers {
		return Tournament{}, fmt.Errorf("store: create tournament: %w: %w: %d Swiss rounds need %d players, at most %d may join",
			ErrBadTournament, tournament.ErrTooManyRounds, st.SwissRounds, need, t.MaxPlayers)
	}
	if t.MinPlayers == 0 {
		t.MinPlayers = need
	}
	switch {
	case t.MinPlayers < 2 || t.MinPlayers > t.MaxPlayers:
		return Tournament{}, bad("at least %d players: must be 2 to %d", t.MinPlayers, t.MaxPlayers)
	case t.MinPlayers < need:
		return Tournament{}, fmt.Errorf("store: create tournament: %w: %w: %d Swiss rounds need at least %d players, not %d",
			ErrBadTournament, tournament.ErrTooManyRounds, st.SwissRounds, need, t.MinPlayers)
	}
	switch t.Adjudication {
	case "":
		t.Adjudication = tournament.LossToMover
	case tournament.LossToMover, tournament.DrawIfPossible:
	default:
		return Tournament{}, fmt.Errorf("store: create tournament: %w: %w: %q", ErrBadTournament, tournament.ErrUnknownAdjudicate, t.Adjudication)
	}
	if t.MoveTime < 0 || t.RoundTime < 0 {
		return Tournament{}, bad("negative time per move (%v) or per round (%v)", t.MoveTime, t.RoundTime)
	}
	now := db.opts.Now()
	if !t.StartAt.IsZero() && !t.StartAt.After(now) {
		return Tournament{}, bad("start time %v is not in the future", t.StartAt)
	}
	var out Tournament
	err = db.update(ctx, func(tx txn) error {
		out = t
		set, err := settingsIn(tx, t.Guild)
		if errors.Is(err, ErrCorrupt) {
			set = Settings{Guild: t.Guild}
		} else if err != nil {
			return err
		}
		if out.Terms, err = db.normalize(t.Kind, withDefaultTerms(set, t.Kind, t.Terms)); err != nil {
			return refuse(fmt.Errorf("store: create tournament: %w", err))
		}
		n := 0
		for _, s := range []TournamentStatus{TournamentOpen, TournamentRunning} {
			prefix := append(pairKey(t.Guild, string(s)), 0)
			c := tx.Cursor(bucketTournamentsByGuild)
			for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
				n++
			}
			if err := c.Err(); err != nil {
				return err
			}
		}
		if n >= db.opts.MaxTournaments {
			return refuse(fmt.Errorf("store: create tournament: %w (%d)", ErrTooManyTournaments, n))
		}
		id, err := db.newID(tx, bucketTournaments, [][]byte{bucketTournaments})
		if err != nil {
			return err
		}
		out.ID, out.Status, out.Message = id, TournamentOpen, ""
		out.Games, out.RoundStarted, out.Revision = nil, time.Time{}, 0
		out.Created, out.Updated = now, now
		return putTournament(tx, &out, nil)
	})
	if err != nil {
		return Tournament{}, err
	}
	return out, nil
}

// Tournament returns a tournament by ID (ErrNotFound when there is none).
func (db *DB) Tournament(ctx context.Context, id uint64) (Tournament, error) {
	var t Tournament
	err := db.view(ctx, func(tx txn) error {
		var err error
		t, err = tournamentIn(tx, id)
		return err
	})
	return t, err
}

// Tournaments returns a guild's tournaments: the open and the running
// ones first, oldest first, then the finished and cancelled ones, newest
// first. Damaged ones are skipped (and logged). It reads only the
// guild's tournaments (an index by guild).
func (db *DB) Tournaments(ctx context.Context, guild string) ([]Tournament, error) {
	var out []Tournament
	err := db.view(ctx, func(tx txn) error {
		out = nil
		var over []Tournament
		for _, s := range []TournamentStatus{TournamentOpen, TournamentRunning, TournamentFinished, TournamentCancelled} {
			prefix := append(pairKey(guild, string(s)), 0)
			c := tx.Cursor(bucketTournamentsByGuild)
			var ids []uint64
			for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
				if len(k) == len(prefix)+8 {
					ids = append(ids, binary.BigEndian.Uint64(k[len(prefix):]))
				}
			}
			if err := c.Err(); err != nil {
				return err
			}
			for _, id := range ids {
				t, err := tournamentIn(tx, id)
				if errors.Is(err, ErrCorrupt) || errors.Is(err, ErrNotFound) {
					db.opts.Logger.Warn("store: skipping a tournament", "id", id, "err", err)
					continue
				}
				if err != nil {
					return err
				}
				if t.Guild != guild || t.Status != s {
					continue
				}
				if s == TournamentOpen || s == TournamentRunning {
					out = append(out, t)
				} else {
					over = append(over, t)
				}
			}
		}
		slices.SortFunc(over, func(a, b Tournament) int { return cmp.Compare(b.ID, a.ID) })
		out = append(out, over...)
		return nil
	})
	return out, err
}

// DueAction is what a sweep has to do for a tournament.
type DueAction string

// The actions.
const (
	DueStart      DueAction = "start"      // open, and its StartAt has passed or MinPlayers have joined: StartTournament(ctx, id, "")
	DuePair       DueAction = "pair"       // running, and its round is finished (or none is begun): PairNextRound
	DueGames      DueAction = "games"      // running, with pairings of the round that have no game yet (Tournament.Unstarted): StartTournamentGame
	DueAdjudicate DueAction = "adjudicate" // running, and the round's deadline has passed: AdjudicateRound
	DueAnnounce   DueAction = "announce"   // running, and its round's pairings card was not claimed (Announced): AnnounceRound
)

// TournamentDue is a tournament and one thing due for it.
type TournamentDue struct {
	Tournament Tournament
	Action     DueAction
}

// DueTournaments returns what is due at now for the open and running
// tournaments of every guild, for the bot's regular sweep (the replica
// that leads): the tournaments to start, the rounds to pair, the games to
// start and the rounds to adjudicate. It reads only the open and running
// tournaments (an index by status).
func (db *DB) DueTournaments(ctx context.Context, now time.Time) ([]TournamentDue, error) {
	var out []TournamentDue
	err := db.view(ctx, func(tx txn) error {
		out = nil
		for _, s := range []TournamentStatus{TournamentOpen, TournamentRunning} {
			prefix := append([]byte(s), 0)
			c := tx.Cursor(bucketTournamentsByStatus)
			var ids []uint64
			for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
				if len(k) == len(prefix)+8 {
					ids = append(ids, binary.BigEndian.Uint64(k[len(prefix):]))
				}
			}
			if err := c.Err(); err != nil {
				return err
			}
			for _, id := range ids {
				t, err := tournamentIn(tx, id)
				if errors.Is(err, ErrCorrupt) || errors.Is(err, ErrNotFound) {
					db.opts.Logger.Warn("store: skipping a tournament", "id", id, "err", err)
					continue
				}
				if err != nil {
					return err
				}
				if t.Status != s {
					continue
				}
				for _, a := range t.due(now) {
					out = append(out, TournamentDue{Tournament: t, Action: a})
				}
			}
		}
		return nil
	})
	return out, err
}

// due lists what is due for t at now.
func (t Tournament) due(now time.Time) []DueAction {
	var out []DueAction
	switch t.Status {
	case TournamentOpen:
		if t.StartAt.IsZero() && len(t.State.Players) >= t.MinPlayers || !t.StartAt.IsZero() && !now.Before(t.StartAt) {
			out = append(out, DueStart)
		}
	case TournamentRunning:
		n := len(t.State.Rounds)
		if n == 0 || t.State.Rounds[n-1].Finished() {
			return append(out, DuePair)
		}
		if len(t.Unstarted()) > 0 {
			out = append(out, DueGames)
		}
		if t.Announced < n {
			out = append(out, DueAnnounce)
		}
		if d, ok := t.RoundDeadline(); ok && !now.Before(d) {
			out = append(out, DueAdjudicate)
		}
	}
	return out
}

// JoinTournament adds user to an open tournament, seeded by their rating
// in the tournament's game in the guild (refreshed at the start). It
// fails with ErrTournamentStarted once the tournament has started (or
// ErrTournamentOver), ErrTournamentFull at MaxPlayers and
// ErrAlreadyJoined for a player already in. name is the player's display
// name, kept in Names (clipped to MaxNameLen runes, control characters
// dropped; "" keeps none).
func (db *DB) JoinTournament(ctx context.Context, id uint64, user, name string) (Tournament, error) {
	if err := checkID("user", user); err != nil {
		return Tournament{}, err
	}
	name = cleanName(name)
	return db.changeTournament(ctx, id, func(tx txn, t *Tournament, now time.Time) error {
		if err := t.open("join"); err != nil {
			return err
		}
		if slices.ContainsFunc(t.State.Players, func(p tournament.Player) bool { return p.ID == user }) {
			return fmt.Errorf("store: tournament %d: %w", id, ErrAlreadyJoined)
		}
		if len(t.State.Players) >= t.MaxPlayers {
			return fmt.Errorf("store: tournament %d: %w (%d players)", id, ErrTournamentFull, len(t.State.Players))
		}
		s, err := standingIn(tx, t.Kind, t.Guild, user)
		if err != nil && !errors.Is(err, ErrCorrupt) {
			return err
		}
		st, err := tournament.Join(t.State, tournament.Player{ID: user, Rating: s.Rating})
		if err != nil {
			return fmt.Errorf("store: tournament %d: %w", id, err)
		}
		t.State = st
		if name != "" {
			t.Names = maps.Clone(t.Names)
			if t.Names == nil {
				t.Names = map[string]string{}
			}
			t.Names[user] = name
		}
		return nil
	})
}

// MaxNameLen bounds the display names a tournament keeps, in runes.
const MaxNameLen = 64

// cleanName is a display name as a tournament keeps it: control
// characters dropped, spaces trimmed, at most MaxNameLen runes.
func cleanName(name string) string {
	var b strings.Builder
	n := 0
	for _, r := range name {
		if n == MaxNameLen {
			break
		}
		if unicode.IsControl(r) || r == utf8.RuneError {
			continue
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}

// Runner is who asks to start or cancel a tournament. The zero Runner
// is the sweep (StartTournament only). A tournament is run by its
// organizer and by anyone the front end found to run every tournament
// of the guild (AnyTournament: Manage Server, or the role the guild's
// settings name, TournamentRoleSetting); nobody else may change it.
type Runner struct {
	User          string
	AnyTournament bool
}

// TournamentRoleSetting is the name, in Settings.Values, of the guild's
// role whose members may create and run every tournament of the guild
// as its managers may (the role's ID; absent: managers only).
const TournamentRoleSetting = "tournament-role"

// runs tells whether r runs t.
func (r Runner) runs(t *Tournament) bool {
	return r.User != "" && (r.AnyTournament || r.User == t.Organizer)
}

// open checks that t takes entries (or may be started).
func (t *Tournament) open(what string) error {
	switch t.Status {
	case TournamentOpen:
		return nil
	case TournamentRunning:
		return fmt.Errorf("store: tournament %d: %s: %w", t.ID, what, ErrTournamentStarted)
	}
	return fmt.Errorf("store: tournament %d: %s: %w (%s)", t.ID, what, ErrTournamentOver, t.Status)
}

// running checks that t is running.
func (t *Tournament) running(what string) error {
	if t.Status != TournamentRunning {
		return fmt.Errorf("store: tournament %d: %s: %w (%s)", t.ID, what, ErrTournamentNotRunning, t.Status)
	}
	return nil
}

// LeaveTournament takes user out of a tournament. Before the start the
// player is simply removed. After it the player withdraws: past results
// stay, the game of the current round is forfeited (tournament.Withdraw),
// and the player's active game of that round, if any, ends in the same
// transaction as a loss by forfeit (ReasonForfeit, archived, not counted
// in the standings). It fails with ErrNotJoined for a user not in it (or
// withdrawn already) and ErrTournamentOver once it is over.
func (db *DB) LeaveTournament(ctx context.Context, id uint64, user string) (Tournament, error) {
	if err := checkID("user", user); err != nil {
		return Tournament{}, err
	}
	var ended []uint64
	var out Tournament
	err := db.update(ctx, func(tx txn) error {
		ended = nil
		old, err := tournamentIn(tx, id)
		if err != nil {
			return refuse(err)
		}
		t := old
		t.Games = slices.Clone(old.Games)
		if t.Status == TournamentFinished || t.Status == TournamentCancelled {
			return refuse(fmt.Errorf("store: tournament %d: leave: %w (%s)", id, ErrTournamentOver, t.Status))
		}
		i := slices.IndexFunc(t.State.Players, func(p tournament.Player) bool { return p.ID == user })
		if i < 0 || t.State.Players[i].Withdrawn {
			return refuse(fmt.Errorf("store: tournament %d: %w", id, ErrNotJoined))
		}
		if t.State, err = tournament.Leave(t.State, user); err != nil {
			return refuse(fmt.Errorf("store: tournament %d: %w: %w", id, ErrNotJoined, err))
		}
		now := db.opts.Now()
		t.Updated = now
		t.Revision++
		if t.Status == TournamentRunning && t.State.Finished() {
			t.Status = TournamentFinished
		}
		if err := putTournament(tx, &t, &old); err != nil {
			return err
		}
		// The player's active game of the round: ended by forfeit, its
		// result already recorded by Withdraw (the end records nothing
		// more but the game's ID).
		r := len(t.State.Rounds)
		for _, tg := range t.Games {
			if tg.Round != r || r == 0 || (tg.White != user && tg.Black != user) {
				continue
			}
			key, g, err := db.activeByID(tx, tg.Game)
			if err != nil {
				return err
			}
			if key == nil || g.Tournament != id {
				continue // ended already
			}
			g.Winner, g.Reason, g.Ended, g.Updated = g.Opponent(user), ReasonForfeit, now, now
			g.Revision++
			g.TakebackBy, g.TakebackRev, g.DrawBy, g.DrawRev = "", 0, "", 0
			val, err := encode(&g)
			if err != nil {
				return err
			}
			if err := db.finish(tx, key, &g, val); err != nil {
				return err
			}
			ended = append(ended, tg.Game)
		}
		out, err = tournamentIn(tx, id)
		return err
	})
	if err != nil {
		return Tournament{}, err
	}
	for _, g := range ended {
		db.states.drop(g)
	}
	return out, nil
}

// activeByID finds an active game by ID: its key and the game, or a nil
// key when no active game has that ID. A damaged game is an error.
func (db *DB) activeByID(tx txn, id uint64) ([]byte, Game, error) {
	key, err := tx.Bucket(bucketGamesByID).Get(idKey(id))
	if err != nil || key == nil {
		return nil, Game{}, err
	}
	key = bytes.Clone(key)
	v, err := tx.Bucket(bucketGames).Get(key)
	if err != nil || v == nil {
		return nil, Game{}, err
	}
	var g Game
	if err := db.decodeActive(v, &g); err != nil {
		return nil, Game{}, fmt.Errorf("store: game %d: %w", id, err)
	}
	if g.ID != id {
		return nil, Game{}, nil // an entry left by a removed damaged game
	}
	return key, g, nil
}

// StartTournament starts an open tournament: the players' ratings are
// read afresh for the seeds and its Status becomes running; round 1 is
// then paired by PairNextRound(ctx, id, 0). by is one who runs it
// (Runner), who may start it with fewer than MinPlayers (but at least
// the format needs), or the zero Runner for the sweep (DueStart), which
// starts it when
// MinPlayers have joined (StartAt zero) or at StartAt; a tournament that
// reaches its StartAt with fewer than MinPlayers is cancelled instead (it
// is returned with Status cancelled, and no error).
//
// Refusals: ErrNotOrganizer, ErrTournamentStarted, ErrTournamentOver,
// ErrTooFewPlayers (for the sweep: also before StartAt).
func (db *DB) StartTournament(ctx context.Context, id uint64, by Runner) (Tournament, error) {
	sweep := by == Runner{}
	return db.changeTournament(ctx, id, func(tx txn, t *Tournament, now time.Time) error {
		if !sweep && !by.runs(t) {
			return fmt.Errorf("store: tournament %d: start: %w", id, ErrNotOrganizer)
		}
		if err := t.open("start"); err != nil {
			return err
		}
		n := len(t.State.Players)
		if sweep {
			switch {
			case !t.StartAt.IsZero() && now.Before(t.StartAt):
				return fmt.Errorf("store: tournament %d: start: %w: it starts at %v", id, ErrTooFewPlayers, t.StartAt)
			case !t.StartAt.IsZero() && n < t.MinPlayers:
				t.Status = TournamentCancelled
				return nil
			case n < t.MinPlayers:
				return fmt.Errorf("store: tournament %d: start: %w: %d of %d", id, ErrTooFewPlayers, n, t.MinPlayers)
			}
		}
		if need := playersNeeded(t.State); n < need {
			return fmt.Errorf("store: tournament %d: start: %w: %d, at least %d needed", id, ErrTooFewPlayers, n, need)
		}
		for i, p := range t.State.Players {
			s, err := standingIn(tx, t.Kind, t.Guild, p.ID)
			if err != nil && !errors.Is(err, ErrCorrupt) {
				return err
			}
			t.State.Players[i].Rating = s.Rating
		}
		t.Status = TournamentRunning
		return nil
	})
}

// CancelTournament cancels a tournament that is not over; only one who
// runs it (Runner) may. Its finished games stay in the archive and its results
// in its State; games still being played go on as ordinary games (their
// ends are no longer recorded in the tournament). Refusals:
// ErrNotOrganizer, ErrTournamentOver.
func (db *DB) CancelTournament(ctx context.Context, id uint64, by Runner) (Tournament, error) {
	return db.changeTournament(ctx, id, func(tx txn, t *Tournament, now time.Time) error {
		if !by.runs(t) {
			return fmt.Errorf("store: tournament %d: cancel: %w", id, ErrNotOrganizer)
		}
		if t.Status == TournamentFinished || t.Status == TournamentCancelled {
			return fmt.Errorf("store: tournament %d: cancel: %w (%s)", id, ErrTournamentOver, t.Status)
		}
		t.Status = TournamentCancelled
		return nil
	})
}

// SetTournamentMessage records the message that announces the
// tournament ("" to forget it).
func (db *DB) SetTournamentMessage(ctx context.Context, id uint64, message string) (Tournament, error) {
	return db.changeTournament(ctx, id, func(tx txn, t *Tournament, now time.Time) error {
		t.Message = message
		return nil
	})
}

// PairNextRound pairs the round after round expectRound (0 for the
// first) of a running tournament, exactly once: in one transaction it
// checks that expectRound rounds have begun and the last of them is
// finished, pairs with tournament.Next, and stores the new round (byes
// and forfeits of withdrawn players scored), with RoundStarted now. It
// returns the tournament and the round's pairings (byes included: Black
// ""). When no further round can be paired (too few players left, or no
// pairing exists), the tournament finishes instead, and is returned with
// no pairings and no error; it finishes too when the new round has only
// byes and forfeits and is the last.
//
// A second call with the same expectRound (another replica, or a retry
// after a crash) changes nothing and returns ErrAlreadyPaired with the
// tournament and the stored pairings of that round. Other refusals:
// ErrTournamentNotRunning, ErrRoundNotFinished (wrapping
// tournament.ErrRoundNotFinished), ErrInvalid for an expectRound beyond
// the current round.
func (db *DB) PairNextRound(ctx context.Context, id uint64, expectRound int) (Tournament, []tournament.Pairing, error) {
	var pairings []tournament.Pairing
	t, err := db.changeTournament(ctx, id, func(tx txn, t *Tournament, now time.Time) error {
		pairings = nil
		n := len(t.State.Rounds)
		switch {
		case expectRound < 0 || expectRound > n:
			return fmt.Errorf("store: tournament %d: pair round %d: %w: %d rounds have begun", id, expectRound+1, ErrInvalid, n)
		case expectRound < n:
			pairings = t.Pairings(expectRound + 1)
			return fmt.Errorf("store: tournament %d: round %d: %w", id, expectRound+1, ErrAlreadyPaired)
		}
		if err := t.running("pair"); err != nil {
			return err
		}
		if n > 0 && !t.State.Rounds[n-1].Finished() {
			return fmt.Errorf("store: tournament %d: %w: %w", id, ErrRoundNotFinished, tournament.ErrRoundNotFinished)
		}
		st, ps, err := tournament.Next(t.State)
		switch {
		case errors.Is(err, tournament.ErrTournamentOver), errors.Is(err, tournament.ErrTooFewPlayers),
			errors.Is(err, tournament.ErrNoPairing), errors.Is(err, tournament.ErrNoPlayers):
			db.opts.Logger.Info("store: tournament ends: no further round", "tournament", id, "err", err)
			t.Status = TournamentFinished
			return nil
		case err != nil:
			return fmt.Errorf("store: tournament %d: pair round %d: %w: %w", id, n+1, ErrCorrupt, err)
		}
		t.State, pairings, t.RoundStarted = st, ps, now
		if st.Finished() {
			t.Status = TournamentFinished
		}
		return nil
	})
	return t, pairings, err
}

// AnnounceRound claims the posting of round's pairings card, once: it
// records round as Announced and returns the tournament, or refuses with
// ErrAlreadyAnnounced when that round (or a later one) was claimed
// already. Refusals also: ErrInvalid for a round not begun.
func (db *DB) AnnounceRound(ctx context.Context, id uint64, round int) (Tournament, error) {
	return db.changeTournament(ctx, id, func(tx txn, t *Tournament, now time.Time) error {
		switch {
		case round < 1 || round > len(t.State.Rounds):
			return fmt.Errorf("store: tournament %d: announce round %d: %w: %d rounds have begun", id, round, ErrInvalid, len(t.State.Rounds))
		case t.Announced >= round:
			return fmt.Errorf("store: tournament %d: round %d: %w", id, round, ErrAlreadyAnnounced)
		}
		t.Announced = round
		return nil
	})
}

// StartTournamentGame starts the game of the pairing of white and black
// in round of a running tournament, in the channel (a thread) thread: a
// store.Game with Tournament and Round set, Players [white, black]
// (Players[0], seat 0, is the pairing's White), the tournament's kind,
// terms and time per move, rated when the tournament is and the game's
// Rules allow it on its terms (game.Rated). It is idempotent: when the
// pairing has a game already, that game is returned (active, or archived
// once over) and nothing changes.
//
// Refusals: ErrTournamentNotRunning, ErrNoSuchPairing (not a pairing of
// the current round, a bye, a pairing with a result already),
// ErrChannelBusy (the thread has an active game).
func (db *DB) StartTournamentGame(ctx context.Context, tid uint64, round int, white, black, thread string) (Game, error) {
	for _, p := range [][2]string{{"white", white}, {"black", black}, {"thread", thread}} {
		if err := checkID(p[0], p[1]); err != nil {
			return Game{}, err
		}
	}
	var out Game
	var existing uint64
	err := db.update(ctx, func(tx txn) error {
		existing = 0
		old, err := tournamentIn(tx, tid)
		if err != nil {
			return refuse(err)
		}
		if tg, ok := old.Game(round, white, black); ok {
			existing = tg.Game
			return nil
		}
		if err := old.running("start game"); err != nil {
			return refuse(err)
		}
		n := len(old.State.Rounds)
		if round != n || n == 0 {
			return refuse(fmt.Errorf("store: tournament %d: round %d: %w: the current round is %d", tid, round, ErrNoSuchPairing, n))
		}
		i := slices.IndexFunc(old.State.Rounds[n-1].Games, func(g tournament.Game) bool { return g.White == white && g.Black == black })
		if i < 0 || old.State.Rounds[n-1].Games[i].Result != tournament.Unplayed {
			return refuse(fmt.Errorf("store: tournament %d: round %d %s-%s: %w", tid, round, white, black, ErrNoSuchPairing))
		}
		if busy, err := channelBusy(tx, old.Guild, thread); err != nil {
			return err
		} else if busy {
			return refuse(fmt.Errorf("store: tournament %d: start game in %s: %w", tid, thread, ErrChannelBusy))
		}
		r, err := db.rules(old.Kind)
		if err != nil {
			return refuse(fmt.Errorf("store: tournament %d: %w: %w", tid, ErrBadTerms, err))
		}
		st, err := r.New(old.Terms)
		if err != nil {
			return refuse(fmt.Errorf("store: tournament %d: %w: %w", tid, ErrBadTerms, err))
		}
		rated := old.Rated
		if rr, ok := r.(game.Rated); ok && !rr.Rated(old.Terms) {
			rated = false
		}
		gid, err := db.newID(tx, bucketGames, gameIDBuckets)
		if err != nil {
			return err
		}
		now := db.opts.Now()
		g := Game{ID: gid, Guild: old.Guild, Channel: thread, Thread: thread, Players: [2]string{white, black},
			Kind: old.Kind, Terms: old.Terms.Clone(), Rated: rated, MoveTime: old.MoveTime,
			Tournament: tid, Round: round, Started: now, Updated: now}
		g.setState(st)
		if err := put(tx.Bucket(bucketGames), pairKey(g.Guild, g.Channel), &g); err != nil {
			return err
		}
		if err := indexActive(tx, &g); err != nil {
			return err
		}
		if err := reindexActive(tx, pairKey(g.Guild, g.Channel), &g); err != nil {
			return err
		}
		t := old
		t.Games = append(slices.Clone(old.Games), TournamentGame{Round: round, White: white, Black: black, Game: gid, Thread: thread})
		t.Updated = now
		t.Revision++
		out = g
		return putTournament(tx, &t, &old)
	})
	if err != nil {
		return Game{}, err
	}
	if existing == 0 {
		db.states.put(&out)
		return out, nil
	}
	return db.gameByID(ctx, existing)
}

// gameByID returns a game by ID, active or archived.
func (db *DB) gameByID(ctx context.Context, id uint64) (Game, error) {
	var g Game
	found := false
	err := db.view(ctx, func(tx txn) error {
		key, a, err := db.activeByID(tx, id)
		if err != nil {
			return err
		}
		g, found = a, key != nil
		return nil
	})
	if err != nil || found {
		return g, err
	}
	return db.FinishedGame(ctx, id)
}

// AdjudicateRound ends the games of round expectRound still unfinished
// at its deadline (RoundStarted plus RoundTime), by the organizer's rule
// (tournament.Adjudicate): the side to move loses (ReasonAdjudicated,
// as a loss on time, played), or, with tournament.DrawIfPossible in a
// game whose Rules are a game.Drawable that draws on its terms, a draw.
// Each game ends in its own transaction, which records its result in the
// tournament as any end does; a pairing whose game was never started is
// a double forfeit. It returns the tournament afterwards. A round over
// already is left as it is (no error): a second call is harmless.
//
// Refusals: ErrTournamentNotRunning, ErrNoDeadline (no RoundTime, or
// before the deadline), ErrInvalid for a round not begun.
func (db *DB) AdjudicateRound(ctx context.Context, id uint64, expectRound int) (Tournament, error) {
	t, err := db.Tournament(ctx, id)
	if err != nil {
		return Tournament{}, err
	}
	n := len(t.State.Rounds)
	switch {
	case expectRound < 1 || expectRound > n:
		return t, fmt.Errorf("store: tournament %d: adjudicate round %d: %w: %d rounds have begun", id, expectRound, ErrInvalid, n)
	case expectRound < n || t.State.Rounds[n-1].Finished():
		return t, nil
	}
	if err := t.running("adjudicate"); err != nil {
		return t, err
	}
	d, ok := t.RoundDeadline()
	if now := db.opts.Now(); !ok || now.Before(d) {
		return t, fmt.Errorf("store: tournament %d: adjudicate round %d: %w", id, expectRound, ErrNoDeadline)
	}
	for _, p := range t.State.Rounds[n-1].Games {
		if p.Result != tournament.Unplayed {
			continue
		}
		tg, ok := t.Game(expectRound, p.White, p.Black)
		if !ok {
			if err := db.forfeitUnstarted(ctx, id, expectRound, p.Pairing); err != nil {
				return t, err
			}
			continue
		}
		if err := db.adjudicateGame(ctx, t, tg.Game); err != nil {
			return t, err
		}
	}
	return db.Tournament(ctx, id)
}

// forfeitUnstarted scores a pairing that never got a game as a double
// forfeit, unless it has a game or a result by now.
func (db *DB) forfeitUnstarted(ctx context.Context, id uint64, round int, p tournament.Pairing) error {
	_, err := db.changeTournament(ctx, id, func(tx txn, t *Tournament, now time.Time) error {
		if t.Status != TournamentRunning || len(t.State.Rounds) != round || t.gameIndex(round, p.White, p.Black) >= 0 {
			return errSkip
		}
		for _, g := range t.State.Rounds[round-1].Games {
			if g.White == p.White && g.Black == p.Black && g.Result != tournament.Unplayed {
				return errSkip
			}
		}
		st, err := tournament.Record(t.State, round, p.White, p.Black, tournament.DoubleForfeit)
		if err != nil {
			return err
		}
		t.State = st
		if st.Finished() {
			t.Status = TournamentFinished
		}
		return nil
	})
	if errors.Is(err, errSkip) {
		return nil
	}
	return err
}

// errSkip is a refusal that means "nothing to do".
var errSkip = errors.New("nothing to do")

// adjudicateGame ends one active tournament game by the tournament's
// rule, in one transaction; a game over already is left alone.
func (db *DB) adjudicateGame(ctx context.Context, t Tournament, id uint64) error {
	drawsAllowed := false
	if r, err := db.rules(t.Kind); err == nil {
		if d, ok := r.(game.Drawable); ok {
			drawsAllowed = d.Draws(t.Terms)
		}
	}
	err := db.update(ctx, func(tx txn) error {
		key, g, err := db.activeByID(tx, id)
		if err != nil {
			return err
		}
		if key == nil || g.Tournament != t.ID {
			return nil // ended meanwhile: its end recorded its result
		}
		toMove := tournament.White
		if g.state.ToAct() == 1 {
			toMove = tournament.Black
		}
		res, err := tournament.Adjudicate([]tournament.Unfinished{{
			Pairing: tournament.Pairing{Round: g.Round, White: g.Players[0], Black: g.Players[1]}, ToMove: toMove}},
			t.Adjudication, drawsAllowed)
		if err != nil {
			return refuse(fmt.Errorf("store: tournament %d: game %d: %w", t.ID, id, err))
		}
		now := db.opts.Now()
		g.Winner = ""
		switch res[0].Result {
		case tournament.WhiteWins:
			g.Winner = g.Players[0]
		case tournament.BlackWins:
			g.Winner = g.Players[1]
		}
		g.Reason, g.Ended, g.Updated = ReasonAdjudicated, now, now
		g.Revision++
		g.TakebackBy, g.TakebackRev, g.DrawBy, g.DrawRev = "", 0, "", 0
		val, err := encode(&g)
		if err != nil {
			return err
		}
		return db.finish(tx, key, &g, val)
	})
	db.states.drop(id)
	return err
}

// tournamentResult is the result in its tournament of an ended game.
func tournamentResult(g *Game) tournament.Result {
	switch {
	case g.Reason == ReasonForfeit && g.Winner == g.Players[0]:
		return tournament.WhiteForfeitWin
	case g.Reason == ReasonForfeit && g.Winner == g.Players[1]:
		return tournament.BlackForfeitWin
	case g.Reason == ReasonForfeit:
		return tournament.DoubleForfeit
	case g.Winner == g.Players[0]:
		return tournament.WhiteWins
	case g.Winner == g.Players[1]:
		return tournament.BlackWins
	}
	return tournament.Draw
}

// tournamentGameOver records the result of an ended tournament game in
// its tournament, in the transaction that ends the game (finish), so that
// no result is ever lost, whatever ended the game (the rules, a
// resignation, a timeout, a draw, a withdrawal, an adjudication). The
// tournament finishes with the last game of its last round. startedID is
// the ID the game had (finish may give it a new one). A game whose
// tournament is gone, damaged, not running or lacks the game ends
// anyway (logged): the result is not recorded.
func (db *DB) tournamentGameOver(tx txn, g *Game, startedID uint64) error {
	if g.Tournament == 0 {
		return nil
	}
	old, err := tournamentIn(tx, g.Tournament)
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrCorrupt) {
		db.opts.Logger.Warn("store: a tournament game ended, its tournament cannot record it", "game", g.ID, "tournament", g.Tournament, "err", err)
		return nil
	}
	if err != nil {
		return err
	}
	if old.Status != TournamentRunning {
		return nil
	}
	i := old.gameIndex(g.Round, g.Players[0], g.Players[1])
	if i < 0 || old.Games[i].Game != startedID || g.Round < 1 || g.Round > len(old.State.Rounds) {
		db.opts.Logger.Warn("store: a tournament game ended that its tournament does not list", "game", g.ID, "tournament", g.Tournament)
		return nil
	}
	t := old
	t.Games = slices.Clone(old.Games)
	t.Games[i].Game = g.ID
	gi := slices.IndexFunc(t.State.Rounds[g.Round-1].Games, func(p tournament.Game) bool {
		return p.White == g.Players[0] && p.Black == g.Players[1]
	})
	if gi >= 0 && t.State.Rounds[g.Round-1].Games[gi].Result == tournament.Unplayed {
		if t.State, err = tournament.Record(t.State, g.Round, g.Players[0], g.Players[1], tournamentResult(g)); err != nil {
			return fmt.Errorf("store: tournament %d: recording game %d: %w", t.ID, g.ID, err)
		}
	} // else: scored already (a withdrawal forfeited it)
	if t.State.Finished() {
		t.Status = TournamentFinished
		t.FinalGame = g.ID // this end, and no other, posts the final standings
	}
	t.Updated = db.opts.Now()
	t.Revision++
	return putTournament(tx, &t, &old)
}
