package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/store"
)

// MigrateConfig is the migrate command:
//
//	veletasbot migrate -from bolt:FILE -to etcd://HOST:PORT[,...][/PREFIX] [-overwrite]
//
// It copies every record of one store into another (store.Copy): a bbolt
// file into etcd when the bot grows to several replicas, or back.
type MigrateConfig struct {
	On       bool
	From, To store.Location
	// Overwrite (-overwrite) copies again into a destination that holds
	// an earlier copy of the same source; OverwriteOther
	// (-overwrite-other-store) into one that holds another store's
	// records, which is not a merge.
	Overwrite, OverwriteOther bool
}

const migrateUsage = `usage: veletasbot migrate -from bolt:FILE -to etcd://HOST:PORT[,HOST:PORT...][/PREFIX] [-overwrite]

Copies every record (games, challenges, archive, standings, settings, indexes) and the
counters that number games and challenges from one store into another, and says how many
of each it copied. Stop the bot first (a bolt file is locked while it runs). The destination
must hold no records, unless -overwrite and it holds an earlier copy of the same source (a
copy that failed half-way: run it again). It never merges two stores: copying into one that
holds another store's records would replace its games and challenges of the same IDs and
the same players' standings and keep the rest beside them; -overwrite-other-store does that
on purpose. Either side may be bolt:FILE or etcd://...; an older bolt file is brought to the
current schema when opened.

flags:
`

// parseMigrate reads the arguments of the migrate command.
func (m *Main) parseMigrate(args []string) error {
	m.Migrate.On = true
	fs := flag.NewFlagSet("veletasbot migrate", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), migrateUsage)
		fs.PrintDefaults()
	}
	from := fs.String("from", "", "the store to copy, such as bolt:./veletas.db")
	to := fs.String("to", "", "the store to fill, such as etcd://10.0.0.1:2379,10.0.0.2:2379,10.0.0.3:2379/veletas")
	fs.BoolVar(&m.Migrate.Overwrite, "overwrite", false, "copy again into a store that holds an earlier copy of the same source (records of the same keys are replaced)")
	fs.BoolVar(&m.Migrate.OverwriteOther, "overwrite-other-store", false, "copy into a store that holds another store's records: not a merge (its games and challenges of the same IDs and the same players' standings are replaced, the rest kept)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("migrate: unexpected argument %q: run 'veletasbot migrate -h' for the usage", fs.Arg(0))
	}
	if *from == "" || *to == "" {
		return errors.New("migrate: give both -from and -to, such as: veletasbot migrate -from bolt:./veletas.db -to etcd://127.0.0.1:2379/veletas")
	}
	var err error
	if m.Migrate.From, err = store.ParseURL(*from); err != nil {
		return fmt.Errorf("migrate -from: %w", err)
	}
	if m.Migrate.To, err = store.ParseURL(*to); err != nil {
		return fmt.Errorf("migrate -to: %w", err)
	}
	if m.Migrate.From.String() == m.Migrate.To.String() {
		return fmt.Errorf("migrate: -from and -to are the same store (%s)", m.Migrate.From)
	}
	if f := m.Migrate.From; f.Kind == "bolt" {
		// Opening would create an empty file: say what is wrong instead.
		if _, err := os.Stat(f.Path); err != nil {
			return fmt.Errorf("migrate -from %s: %w: give the bot's database file", f, errors.Unwrap(err))
		}
	}
	return nil
}

// runMigrate copies the store and reports the counts on Stdout.
func (m *Main) runMigrate(ctx context.Context) error {
	timeout := m.MigrateTimeout
	if timeout == 0 {
		timeout = DefaultMigrateTimeout
	}
	opts := &store.Options{Games: games.Registry(), Timeout: timeout, Logger: m.Logger}
	src, err := store.OpenLocation(m.Migrate.From, opts)
	if err != nil {
		return fmt.Errorf("migrate: opening the source: %w", err)
	}
	defer src.Close()
	dst, err := store.OpenLocation(m.Migrate.To, opts)
	if err != nil {
		return fmt.Errorf("migrate: opening the destination: %w", err)
	}
	defer dst.Close()
	start := time.Now()
	mode := store.CopyIntoEmpty
	switch {
	case m.Migrate.OverwriteOther:
		mode = store.CopyOverOther
	case m.Migrate.Overwrite:
		mode = store.CopyResume
	}
	st, err := store.Copy(ctx, dst, src, mode)
	if err != nil {
		switch {
		case errors.Is(err, store.ErrNotEmpty):
			return fmt.Errorf("migrate: %w; if it holds an earlier copy of the same source, add -overwrite to copy again", err)
		case errors.Is(err, store.ErrOtherStore):
			return fmt.Errorf("migrate: %w; to replace its records of the same keys anyway, add -overwrite-other-store", err)
		}
		return fmt.Errorf("migrate: %w (after %d records; run it again with -overwrite to finish)", err, st.Total())
	}
	fmt.Fprintf(m.Stdout, "veletasbot migrate: copied %d records from %s to %s in %v\n  by bucket: %s\n  counters: games %d, challenges %d\n",
		st.Total(), m.Migrate.From, m.Migrate.To, time.Since(start).Round(time.Millisecond), st, st.Sequences["games"], st.Sequences["challenges"])
	return nil
}
