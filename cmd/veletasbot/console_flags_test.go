package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/veletasbot/veletas/store"
)

// TestConsoleFlagsRefused: a language the console does not speak, a
// negative or absurd -ai-iterations and an empty -out are refused with a
// message saying what to give, before anything runs.
func TestConsoleFlagsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-locale", "de"}, `-locale "de": the console speaks en (English), ja (Japanese) or fr (French)`},
		{[]string{"-ai-iterations", "-5"}, "-ai-iterations -5: give a number of playouts a decision from 1 to 1000000"},
		{[]string{"-ai-iterations", "2000000000"}, "-ai-iterations 2000000000: give a number"},
		{[]string{"-out", ""}, "-out: the image directory is empty"},
	} {
		m, _, _ := newMain(nil)
		err := m.ParseFlags(context.Background(), append([]string{"console", "-db", filepath.Join(t.TempDir(), "c.db")}, c.args...))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	m, _, _ := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console", "-locale", "FR", "-ai-iterations", "300"}); err != nil || m.Locale != "fr" || m.AIIterations != 300 {
		t.Errorf("-locale FR -ai-iterations 300: %v, %q %d", err, m.Locale, m.AIIterations)
	}
}

// TestConsoleDefaultDatabase: the console's default database is never the
// bot's veletas.db, even with VELETAS_DB set for the bot.
func TestConsoleDefaultDatabase(t *testing.T) {
	m, _, _ := newMain(map[string]string{"VELETAS_DB": "veletas.db"})
	if err := m.ParseFlags(context.Background(), []string{"console"}); err != nil {
		t.Fatal(err)
	}
	if m.DBPath != ConsoleDB || filepath.Base(m.DBPath) == BotDB {
		t.Errorf("console database %q, want %q", m.DBPath, ConsoleDB)
	}
	b, _, _ := newMain(nil)
	if err := b.ParseFlags(context.Background(), nil); err != nil || b.DBPath != BotDB {
		t.Errorf("bot database %q (%v), want %q", b.DBPath, err, BotDB)
	}
	ignore, err := os.ReadFile("../../.gitignore")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"*.db", "veletas-images/"} {
		if !strings.Contains(string(ignore), want) {
			t.Errorf(".gitignore lacks %s", want)
		}
	}
}

// TestConsoleUnwritableOut: an -out directory that cannot be written is
// reported at start, before the database is opened or any line played.
func TestConsoleUnwritableOut(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "not-a-dir")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	m, out, _ := newMain(nil)
	dbPath := filepath.Join(dir, "c.db")
	if err := m.ParseFlags(context.Background(), []string{"console", "-db", dbPath, "-out", filepath.Join(file, "img")}); err != nil {
		t.Fatal(err)
	}
	m.Stdin = strings.NewReader("alice: /veletas challenge opponent:@bob size:7\n")
	err := m.Run(context.Background())
	m.Close()
	if err == nil || !strings.Contains(err.Error(), "the board images cannot be written there") || !strings.Contains(err.Error(), "give a writable directory with -out") {
		t.Fatalf("Run: %v", err)
	}
	if out.String() != "" {
		t.Errorf("lines were played: %q", out.String())
	}
	if _, err := os.Stat(dbPath); !os.IsNotExist(err) {
		t.Errorf("the database was created: %v", err)
	}
}

// TestConsoleSIGTERM runs the built veletasbot console, sends SIGTERM
// while its input is still open, and checks that it finishes the line,
// says it stopped, exits 0 and leaves the database closed (openable) with
// the line's challenge in it.
func TestConsoleSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "veletasbot")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dbPath := filepath.Join(dir, "c.db")
	cmd := exec.Command(bin, "console", "-db", dbPath, "-out", filepath.Join(dir, "img"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(stdin, "alice: /veletas challenge opponent:@bob size:7\n"); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "buttons: [Accept] [Decline]") {
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var rest []string
	for sc.Scan() {
		rest = append(rest, sc.Text())
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		if err != nil {
			t.Fatalf("exit: %v", err)
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the console did not exit after SIGTERM with its input open")
	}
	if len(rest) != 1 || rest[0] != "-- stopped after line 1" {
		t.Errorf("output after the signal: %q", rest)
	}
	db, err := store.Open(dbPath, &store.Options{Games: testGames, Timeout: time.Second})
	if err != nil {
		t.Fatalf("the database is still locked or damaged: %v", err)
	}
	defer db.Close()
	if _, err := db.PendingChallenge(t.Context(), "console", "console", "bob"); err != nil {
		t.Errorf("the line before the signal was lost: %v", err)
	}
}

// TestConsoleRefusesTheBotsDatabase: the console never opens the bot's
// database, whether its default file (./veletas.db) or the file the bot's
// VELETAS_DB names, through -db or -store; another directory's
// veletas.db is not the bot's.
func TestConsoleRefusesTheBotsDatabase(t *testing.T) {
	dir := t.TempDir()
	botFile := filepath.Join(dir, "server.db")
	if err := os.WriteFile(botFile, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"VELETAS_DB": botFile}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-db", "veletas.db"},
		{"-db", "./veletas.db"},
		{"-db", filepath.Join(cwd, "veletas.db")},
		{"-store", "bolt:veletas.db"},
		{"-db", botFile},
		{"-db", filepath.Join(dir, ".", "server.db")},
		{"-store", "bolt:" + botFile},
	} {
		m, _, _ := newMain(env)
		err := m.ParseFlags(context.Background(), append([]string{"console"}, args...))
		if !errors.Is(err, ErrBotDatabase) || !strings.Contains(err.Error(), "drop -db to use "+ConsoleDB) {
			t.Errorf("%v: %v, want the bot's database refused", args, err)
		}
	}
	for _, args := range [][]string{nil, {"-db", filepath.Join(dir, "try.db")}, {"-db", filepath.Join(dir, "veletas.db")}} {
		m, _, _ := newMain(env)
		if err := m.ParseFlags(context.Background(), append([]string{"console"}, args...)); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// TestConsoleHelp: console -h describes the console: its lines, and not
// the bot's environment, which it ignores.
func TestConsoleHelp(t *testing.T) {
	m, _, errs := newMain(nil)
	if err := m.ParseFlags(context.Background(), []string{"console", "-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("console -h: %v", err)
	}
	text := errs.String()
	for _, bad := range []string{"VELETAS_STORE", "DISCORD_TOKEN", "(env VELETAS_DB"} {
		if strings.Contains(text, bad) {
			t.Errorf("console -h mentions %s, which the console ignores:\n%s", bad, text)
		}
	}
	for _, want := range []string{"veletasbot console [-db FILE]", "channel second", "environment: VELETAS_LOG_LEVEL only", "-locale"} {
		if !strings.Contains(text, want) {
			t.Errorf("console -h lacks %q:\n%s", want, text)
		}
	}
}
