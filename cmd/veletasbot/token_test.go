package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/internal/fakediscord"
)

// TestRejectedToken: a token Discord answers 401 to gives a one-line
// error that says DISCORD_TOKEN is wrong and how to get a new one, never
// the token, and the exit status that the systemd unit does not restart.
func TestRejectedToken(t *testing.T) {
	fake := fakediscord.New()
	defer fake.Close()
	fake.AcceptOnly("Bot another-token")
	m, _, logs := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL()})
	if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "x.db")}); err != nil {
		t.Fatal(err)
	}
	err := m.Run(context.Background())
	if cerr := m.Close(); cerr != nil {
		t.Fatal(cerr)
	}
	if !errors.Is(err, errTokenRejected) {
		t.Fatalf("Run: %v, want errTokenRejected", err)
	}
	msg := err.Error()
	for _, want := range []string{"DISCORD_TOKEN is wrong", "401", "https://discord.com/developers/applications", "Reset Token"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") || strings.Contains(msg, "secret-token") || strings.Contains(logs.String(), "secret-token") {
		t.Errorf("the error or the logs show the token, or the error is not one line: %q\n%s", msg, logs)
	}
	if got := ExitStatus(err); got != ExitTokenRejected {
		t.Errorf("exit status %d, want %d", got, ExitTokenRejected)
	}
	if got := ExitStatus(errors.New("opening the database x: timeout")); got != 1 {
		t.Errorf("exit status for another error %d, want 1", got)
	}
	if got := ExitStatus(errNoToken); got != ExitTokenRejected {
		t.Errorf("exit status without a token %d, want %d", got, ExitTokenRejected)
	}

	unit, err := os.ReadFile("../../deploy/veletasbot.service")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^RestartPreventExitStatus=(.*)$`)
	mm := re.FindSubmatch(unit)
	if mm == nil || !strings.Contains(" "+string(mm[1])+" ", " "+strconv.Itoa(ExitTokenRejected)+" ") {
		t.Errorf("deploy/veletasbot.service: RestartPreventExitStatus does not list %d: %q", ExitTokenRejected, mm)
	}
}
