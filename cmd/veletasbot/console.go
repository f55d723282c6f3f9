package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/console"
	"github.com/veletasbot/veletas/store"
)

// runConsole plays the commands of Stdin to its end, on the console's
// store, with the clock that "wait 2d" lines move forward.
func (m *Main) runConsole(ctx context.Context) error {
	// Checked before anything is played: an image that cannot be
	// written would otherwise end the session after its action was
	// committed.
	if err := checkWritableDir(m.OutDir); err != nil {
		return err
	}
	clock := &console.OffsetClock{Base: m.Now} // moved forward by "wait 2d" lines
	m.Now = clock.Now
	c, err := m.startConsole(ctx, clock)
	if err != nil {
		return err
	}
	return c.Run(ctx, m.Stdin)
}

// startConsole opens the store, makes the bot and its computer opponent,
// and sets the console's server to speak -locale. A start that fails
// leaves no database file that it created.
func (m *Main) startConsole(ctx context.Context, clock *console.OffsetClock) (c *console.Console, err error) {
	newFile, err := m.openStore()
	if err != nil {
		return nil, err
	}
	defer m.removeOnFailure(newFile, &err)
	if err := m.newBot(); err != nil {
		return nil, err
	}
	c = &console.Console{Handler: m.Bot, Out: m.Stdout, Dir: m.OutDir, Self: ConsoleAI}
	if err := m.Bot.StartAI(bot.User{ID: ConsoleAI, Name: ConsoleAI}, c, m.aiConfig()); err != nil {
		return nil, err
	}
	c.Clock, c.Locale = clock, m.Locale
	// The console's server speaks -locale too: the reminders and
	// time-outs the sweep posts are in it.
	if _, err := m.DB.UpdateSettings(ctx, console.Guild, func(s *store.Settings) error {
		s.Locale = m.Locale
		return nil
	}); err != nil {
		return nil, fmt.Errorf("setting the console's language: %w", err)
	}
	return c, nil
}

// checkWritableDir makes dir if needed and checks that a file can be
// written in it.
func checkWritableDir(dir string) error {
	fail := func(err error) error {
		if cause := errors.Unwrap(err); cause != nil {
			err = cause // the path is said already
		}
		return fmt.Errorf("-out %s: the board images cannot be written there (%v): give a writable directory with -out", dir, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fail(err)
	}
	f, err := os.CreateTemp(dir, ".veletas-write-check-*")
	if err != nil {
		return fail(err)
	}
	name := f.Name()
	err = f.Close()
	if rerr := os.Remove(name); err == nil {
		err = rerr
	}
	if err != nil {
		return fail(err)
	}
	return nil
}

// ConsoleAI is the console name of the computer opponent:
// "alice: /GAME challenge opponent:@veletas level:easy".
const ConsoleAI = "veletas"

// aiConfig is m.AI; -ai-iterations is the games' option (games.With in
// main.go).
func (m *Main) aiConfig() bot.AIConfig { return m.AI }
