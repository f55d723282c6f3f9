package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/store"
)

// resolveStore sets Store (and DBPath) from -store and -db after the flags
// are parsed (set names the flags given; nil when Run is called without
// ParseFlags). -db FILE is short for -store bolt:FILE; flags win over the
// environment (VELETAS_STORE, VELETAS_DB); two at the same level must name
// the same store.
func (m *Main) resolveStore(set map[string]bool) error {
	level := func(flagName, env string) int {
		switch {
		case set[flagName]:
			return 2
		case !m.Console && m.Getenv != nil && m.Getenv(env) != "":
			return 1
		}
		return 0
	}
	dbLevel, storeLevel := level("db", "VELETAS_DB"), level("store", "VELETAS_STORE")
	if set == nil && m.StoreURL != "" {
		storeLevel = 2 // set by the caller
	}
	name := func(flagName, env string, l int) string {
		if l == 2 {
			return "-" + flagName
		}
		return env
	}
	useDB := storeLevel == 0 || dbLevel > storeLevel
	if dbLevel == storeLevel && storeLevel > 0 {
		loc, err := store.ParseURL(m.StoreURL)
		if err != nil {
			return fmt.Errorf("%s: %w", name("store", "VELETAS_STORE", storeLevel), err)
		}
		if loc.Kind != "bolt" || loc.Path != m.DBPath {
			return fmt.Errorf("%s %s and %s %s name different stores: give one of them (-db FILE is short for -store bolt:FILE)",
				name("db", "VELETAS_DB", dbLevel), m.DBPath, name("store", "VELETAS_STORE", storeLevel), m.StoreURL)
		}
	}
	if useDB {
		if m.DBPath == "" {
			return errors.New("-db: the database path is empty")
		}
		m.Store = store.Location{Kind: "bolt", Path: m.DBPath}
		m.StoreURL = m.Store.String()
		return nil
	}
	loc, err := store.ParseURL(m.StoreURL)
	if err != nil {
		return fmt.Errorf("%s: %w", name("store", "VELETAS_STORE", storeLevel), err)
	}
	m.Store = loc
	m.DBPath = ""
	if loc.Kind == "bolt" {
		m.DBPath = loc.Path
	}
	return nil
}

// openStore opens m.Store (bolt:DBPath when unset) into m.DB, and
// returns the bolt file it created ("" when the file was there or the
// store is etcd). Its error is one line, "store: open STORE: what is
// wrong", that names the store (and for a damaged file says how to
// restore a snapshot).
func (m *Main) openStore() (newFile string, err error) {
	opts := m.storeOptions()
	if m.Store.Kind == "" {
		if err := m.resolveStore(nil); err != nil {
			return "", err
		}
	}
	if m.Store.Kind == "bolt" {
		if _, serr := os.Stat(m.Store.Path); errors.Is(serr, fs.ErrNotExist) {
			newFile = m.Store.Path
		}
	}
	db, err := store.OpenLocation(m.Store, &opts)
	if err != nil {
		return "", err
	}
	m.DB = db
	return newFile, nil
}

// storeOptions is StoreOptions with the defaults filled in: m's clock,
// logger and StoreTimeout, Glicko-2 ratings, and the bot's snapshots.
func (m *Main) storeOptions() store.Options {
	opts := store.Options{}
	if m.StoreOptions != nil {
		opts = *m.StoreOptions
	}
	if opts.Games == nil {
		opts.Games = games.Registry()
	}
	if opts.Now == nil {
		opts.Now = m.Now
	}
	if opts.EtcdTimeout == 0 {
		opts.EtcdTimeout = m.StoreTimeout // 0: the store's default
	}
	if opts.Logger == nil {
		opts.Logger = m.Logger
	}
	if opts.Observer == nil && m.Metrics != nil {
		opts.Observer = m.Metrics
	}
	if opts.Rate == nil {
		opts.Rate = store.GlickoRate(opts.Now)
	}
	if opts.RateDraw == nil {
		opts.RateDraw = store.GlickoRateDraw(opts.Now)
	}
	if !m.Console && m.SnapshotEvery > 0 && opts.SnapshotDir == "" {
		opts.SnapshotDir, opts.SnapshotEvery, opts.SnapshotKeep = m.SnapshotDir, m.SnapshotEvery, m.SnapshotKeep
	}
	return opts
}

// removeOnFailure makes Close remove newFile, the database file a start
// created, when the start failed (*err not nil): the next start creates
// it again.
func (m *Main) removeOnFailure(newFile string, err *error) {
	if *err != nil && newFile != "" {
		m.removeOnClose = newFile
	}
}

// ErrBotDatabase is the error of a console given the bot's database file.
var ErrBotDatabase = errors.New("the console never uses the bot's database")

// notTheBotsDB refuses, for the console, a bolt store that is the bot's:
// the bot's default file (./veletas.db) or the file VELETAS_DB names. The console's games would mix with the server's, and a running
// bot holds the file's lock.
func (m *Main) notTheBotsDB() error {
	if m.Store.Kind != "bolt" {
		return nil
	}
	path := m.Store.Path
	botsFile := sameFile(path, BotDB)
	if env := m.Getenv("VELETAS_DB"); env != "" && !botsFile {
		botsFile = sameFile(path, env)
	}
	if botsFile {
		return fmt.Errorf("%s is the bot's database: %w (its games would mix with the server's, and a running bot locks it); drop -db to use %s, or give another file", path, ErrBotDatabase, ConsoleDB)
	}
	return nil
}

// sameFile reports whether two paths name the same file: the same file on
// disk when both exist, else the same absolute path.
func sameFile(a, b string) bool {
	if fa, err := os.Stat(a); err == nil {
		if fb, err := os.Stat(b); err == nil {
			return os.SameFile(fa, fb)
		}
	}
	aa, err1 := filepath.Abs(a)
	ab, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == ab
}
