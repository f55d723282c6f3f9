package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// GenerateConfig is the generate command:
//
//	veletasbot generate -to bolt:FILE|etcd://HOST:PORT[,...][/PREFIX] [-guilds N] [-seed N]
//
// It fills a new store with generated games (store.DB.Generate), to try
// the bot at scale: load tests, the console, the replicas.
type GenerateConfig struct {
	On bool
	// To is the new store (-to): a bolt file that does not exist yet, or
	// an etcd prefix that holds no records.
	To store.Location
	// Guilds (-guilds, default 1) is the number of guilds, each of
	// store.GeneratedGuildGames active and store.GeneratedGuildArchive
	// archived games; Seed (-seed, default 1) seeds the random games.
	Guilds int
	Seed   uint64
}

// MaxGenerateGuilds is the most guilds generate writes (store.Generate's
// bound).
const MaxGenerateGuilds = store.MaxGeneratedGuilds

// ErrGuilds is the error of a -guilds outside 1 to MaxGenerateGuilds.
var ErrGuilds = errors.New("give 1 to 1,000,000 guilds: each holds 100 active and 1,000 archived games, about 2 MB of a bolt file")

// ErrGenerateBotStore is the error of generate given the bot's own store:
// the bot's default file (./veletas.db), the file VELETAS_DB names or
// the store VELETAS_STORE names.
var ErrGenerateBotStore = errors.New("generate never fills the bot's own store")

const generateUsage = `usage: veletasbot generate -to bolt:FILE|etcd://HOST:PORT[,HOST:PORT...][/PREFIX] [-guilds N] [-seed N]

Fills a NEW store with generated games, to try the bot at scale (load tests, the console,
the replicas); never the bot's own store. Each guild (server) gets 100 active games and
1,000 archived games of every kind the bot hosts, 10 open challenges, time limits with
reminders due and games against the computer, among 200 players whose IDs look like
Discord's. 1,000 guilds make 100,000 active and 1,000,000 archived games: a bolt file of
about 2 GB, written in a minute or two. A bolt FILE must not exist yet (its directory must);
an etcd PREFIX must hold no records. The same -seed gives the same games. Ctrl-C stops
between two transactions: the guilds written so far stay.

flags:
`

// parseGenerate reads the arguments of the generate command. It refuses,
// before anything is created, a bolt file that exists or whose directory
// does not, and the bot's own store.
func (m *Main) parseGenerate(args []string) error {
	m.Generate.On = true
	fs := flag.NewFlagSet("veletasbot generate", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), generateUsage)
		fs.PrintDefaults()
	}
	to := fs.String("to", "", "the new store to fill, such as bolt:./generated.db or etcd://127.0.0.1:2379/generated")
	fs.IntVar(&m.Generate.Guilds, "guilds", 1, "guilds to generate, 1 to 1,000,000, each of 100 active and 1,000 archived games")
	fs.Uint64Var(&m.Generate.Seed, "seed", 1, "seed of the random games: the same seed gives the same store")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("generate: unexpected argument %q: run 'veletasbot generate -h' for the usage", fs.Arg(0))
	}
	if *to == "" {
		return errors.New("generate: give -to, the new store to fill, such as: veletasbot generate -to bolt:./generated.db -guilds 10")
	}
	if g := m.Generate.Guilds; g < 1 || g > MaxGenerateGuilds {
		return fmt.Errorf("generate -guilds %d: %w", g, ErrGuilds)
	}
	loc, err := store.ParseURL(*to)
	if err != nil {
		return fmt.Errorf("generate -to: %w", err)
	}
	m.Generate.To = loc
	if err := m.notTheBotsStore(loc); err != nil {
		return err
	}
	if loc.Kind == "bolt" {
		return newFilePath(loc)
	}
	return nil
}

// notTheBotsStore refuses loc when it is the bot's store: the bot's
// default file, or the store VELETAS_DB or VELETAS_STORE names (even when
// it does not exist yet, since the bot would then start on it).
func (m *Main) notTheBotsStore(loc store.Location) error {
	if loc.Kind == "bolt" {
		for _, bots := range []struct{ name, path string }{{"the bot's default database", BotDB}, {"VELETAS_DB", m.Getenv("VELETAS_DB")}} {
			if bots.path != "" && sameFile(loc.Path, bots.path) {
				return fmt.Errorf("generate -to %s: it is %s: %w; give a new file, such as bolt:./generated.db", loc, bots.name, ErrGenerateBotStore)
			}
		}
	}
	if env := m.Getenv("VELETAS_STORE"); env != "" {
		if bots, err := store.ParseURL(env); err == nil && bots.String() == loc.String() {
			return fmt.Errorf("generate -to %s: it is the store VELETAS_STORE names: %w; give a new file or another etcd prefix", loc, ErrGenerateBotStore)
		}
	}
	return nil
}

// newFilePath checks that the bolt file loc can be created: it does not
// exist and its directory does.
func newFilePath(loc store.Location) error {
	path := loc.Path
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("generate -to %s: it is a directory: give a new file's path, such as bolt:%s", loc, filepath.Join(path, "generated.db"))
	case err == nil && fi.Size() == 0:
		return fmt.Errorf("generate -to %s: the file exists (empty): generate writes only a new file; delete it or give another path", loc)
	case err == nil:
		return fmt.Errorf("generate -to %s: %w (the file exists, %s): delete it or give a path that does not exist", loc, store.ErrGenerateUsed, sizeText(fi.Size()))
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("generate -to %s: %w", loc, err)
	}
	dir := filepath.Dir(path)
	if di, err := os.Stat(dir); err != nil || !di.IsDir() {
		return fmt.Errorf("generate -to %s: the directory %s does not exist: create it first (mkdir -p %s) or give a file in an existing directory", loc, dir, dir)
	}
	return nil
}

// runGenerate fills the new store, logs the progress every tenth of the
// guilds and prints the counts on Stdout.
func (m *Main) runGenerate(ctx context.Context) (err error) {
	cfg := m.Generate
	if cfg.Guilds == 0 {
		cfg.Guilds = 1
	}
	opts := m.storeOptions() // the bot's games and Glicko-2 ratings
	opts.SnapshotDir = ""    // a store being generated takes no snapshots
	newFile := ""
	if cfg.To.Kind == "bolt" {
		if err := newFilePath(cfg.To); err != nil {
			return err
		}
		// Its commits fsync, as the bot's do. Skipping that (NoSync) on
		// the new file was measured slower, not faster: 1,000 guilds took
		// 97 and 100 s of wall time without fsync, 63 and 64 s with it
		// (the same 70 s of CPU; 2 shared cores, load 4), and bbolt's
		// Close does not sync, so the file would need an fsync of its
		// own at the end. Each commit leaves a whole file to stop at.
		newFile = cfg.To.Path
	}
	db, err := store.OpenLocation(cfg.To, &opts)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	// closeStore closes the store once.
	closed := false
	closeStore := func() error {
		if closed {
			return nil
		}
		closed = true
		if err := db.Close(); err != nil {
			return fmt.Errorf("generate: closing %s: %w", cfg.To, err)
		}
		return nil
	}
	written := 0
	defer func() {
		if cerr := closeStore(); err == nil {
			err = cerr
		}
		if err != nil && written == 0 && newFile != "" && !errors.Is(err, store.ErrGenerateUsed) {
			// Nothing generated into the file this run created: remove
			// it, so that the same command can run again.
			os.Remove(newFile)
		}
	}()

	start := time.Now()
	m.Logger.Info("veletasbot generate: starting", "store", cfg.To.String(), "guilds", cfg.Guilds, "seed", cfg.Seed,
		"active", cfg.Guilds*store.GeneratedGuildGames, "archived", cfg.Guilds*store.GeneratedGuildArchive)
	nextTenth := 1
	err = db.Generate(ctx, store.GenerateOptions{Guilds: cfg.Guilds, Seed: cfg.Seed, Now: m.Now(), Progress: func(n int) {
		written = n
		if n*10 >= nextTenth*cfg.Guilds {
			m.Logger.Info("veletasbot generate: progress", "guilds", n, "of", cfg.Guilds, "percent", n*100/cfg.Guilds,
				"elapsed", time.Since(start).Round(time.Millisecond).String())
			nextTenth = n*10/cfg.Guilds + 1
		}
	}})
	if err != nil {
		return m.generateError(ctx, cfg, written, err)
	}
	counts, err := db.ActiveCounts(ctx)
	if err != nil {
		return fmt.Errorf("generate: counting the active games: %w", err)
	}
	if err := closeStore(); err != nil {
		return err
	}
	size := ""
	if fi, err := os.Stat(newFile); newFile != "" && err == nil {
		size = ", file " + sizeText(fi.Size())
	}
	active, byKind := 0, []string{}
	kinds := make([]game.Kind, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		active += counts[k]
		byKind = append(byKind, fmt.Sprintf("%s %d", k, counts[k]))
	}
	elapsed := time.Since(start).Round(time.Millisecond)
	m.Logger.Info("veletasbot generate: done", "guilds", cfg.Guilds, "active", active, "elapsed", elapsed.String())
	fmt.Fprintf(m.Stdout, "veletasbot generate: %d %s into %s in %v: %d active games (%s), %d archived, %d challenges%s\n",
		cfg.Guilds, plural(cfg.Guilds, "guild", "guilds"), cfg.To, elapsed, active, strings.Join(byKind, ", "),
		cfg.Guilds*store.GeneratedGuildArchive, cfg.Guilds*store.GeneratedGuildChallenges, size)
	return nil
}

// generateError words an error of store.Generate for the user: what is
// wrong and what to do, with the guilds written so far. An error of a
// store that stopped because ctx ended is said as an interruption.
func (m *Main) generateError(ctx context.Context, cfg GenerateConfig, written int, err error) error {
	if errors.Is(err, store.ErrGenerateUsed) {
		if cfg.To.Kind == "etcd" {
			return fmt.Errorf("generate: %w; give an etcd prefix of its own, such as %s, never the bot's", err, otherPrefix(cfg.To))
		}
		return fmt.Errorf("generate: %w", err)
	}
	what := "failed"
	if ctx.Err() != nil {
		what, err = "interrupted", ctx.Err()
	}
	if written == 0 {
		return fmt.Errorf("generate %s: %w (nothing written)", what, err)
	}
	where := fmt.Sprintf("the file holds them (a store to use as it is; delete %s to generate again)", cfg.To.Path)
	if cfg.To.Kind == "etcd" {
		where = fmt.Sprintf("the prefix holds them (a store to use as it is; etcdctl del --prefix %s/ deletes them, to generate again)", cfg.To.Prefix)
	}
	return fmt.Errorf("generate %s after %d of %d guilds: %w; %s", what, written, cfg.Guilds, err, where)
}

// otherPrefix is loc with another prefix, for an example.
func otherPrefix(loc store.Location) string {
	if strings.Contains(loc.Prefix, "generated") {
		loc.Prefix += "-2"
	} else {
		loc.Prefix += "-generated"
	}
	return loc.String()
}

// sizeText writes n bytes for people: 2.1 GB, 2.3 MB, 812 bytes.
func sizeText(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d bytes", n)
}

// plural is one or many by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
