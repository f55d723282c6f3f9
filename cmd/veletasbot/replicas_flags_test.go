package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
)

// TestSweepEveryFlag: -sweep-every defaults to a minute and refuses
// intervals under 100ms with a clear error.
func TestSweepEveryFlag(t *testing.T) {
	m, _, _ := newMain(nil)
	if err := m.ParseFlags(context.Background(), nil); err != nil || m.SweepEvery != bot.SweepEvery {
		t.Fatalf("default: %v %v", m.SweepEvery, err)
	}
	m, _, _ = newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"-sweep-every", "250ms"}); err != nil || m.SweepEvery != 250*time.Millisecond {
		t.Fatalf("250ms: %v %v", m.SweepEvery, err)
	}
	for _, v := range []string{"0", "10ms", "-1m"} {
		m, _, _ = newMain(nil)
		if err := m.ParseFlags(context.Background(), []string{"-sweep-every", v}); err == nil || !strings.Contains(err.Error(), "-sweep-every") {
			t.Errorf("%s: %v", v, err)
		}
	}
	m, _, _ = newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console", "-sweep-every", "1s"}); err == nil {
		t.Error("-sweep-every accepted by the console")
	}
}

// TestClockOffsetFile: VELETAS_CLOCK_OFFSET_FILE moves the bot's clock by
// the duration in the file, read again when the file changes; a bad file
// stops the bot at the flags.
func TestClockOffsetFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "offset")
	if err := os.WriteFile(path, []byte("0s\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	m, _, _ := newMain(map[string]string{ClockOffsetEnv: path})
	if err := m.ParseFlags(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if d := time.Until(m.Now()); d < -time.Minute || d > time.Minute {
		t.Fatalf("offset 0s: the clock is %v off", d)
	}
	if err := os.WriteFile(path, []byte("49h\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if d := time.Until(m.Now()); d < 48*time.Hour || d > 50*time.Hour {
		t.Fatalf("offset 49h: the clock is %v ahead", d)
	}
	// A file that goes bad keeps the last offset.
	if err := os.WriteFile(path, []byte("soon"), 0o600); err != nil {
		t.Fatal(err)
	}
	if d := time.Until(m.Now()); d < 48*time.Hour {
		t.Fatalf("after a bad write: %v", d)
	}
	m, _, _ = newMain(map[string]string{ClockOffsetEnv: path})
	if err := m.ParseFlags(context.Background(), nil); err == nil || !strings.Contains(err.Error(), ClockOffsetEnv) || !strings.Contains(err.Error(), `"soon" is not a duration`) {
		t.Fatalf("bad file: %v", err)
	}
	m, _, _ = newMain(map[string]string{ClockOffsetEnv: filepath.Join(t.TempDir(), "none")})
	if err := m.ParseFlags(context.Background(), nil); err == nil || !strings.Contains(err.Error(), ClockOffsetEnv) {
		t.Fatalf("missing file: %v", err)
	}
}
