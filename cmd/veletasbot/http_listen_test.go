package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/internal/fakediscord"
)

// TestHTTPModeListensFirst: with the -http address in use, the bot stops
// at start with the one-line error naming it, before anything else: no
// request reached Discord (the commands were not registered, the token
// not even checked) and no database file was created.
func TestHTTPModeListensFirst(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	fake := fakediscord.New()
	defer fake.Close()
	p := fake.NewPoster("")
	db := filepath.Join(t.TempDir(), "bot.db")
	m, _, _ := newMain(map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_URL": fake.URL(), "DISCORD_PUBLIC_KEY": p.PublicKey()})
	if err := m.ParseFlags(context.Background(), []string{"-db", db, "-http", taken.Addr().String()}); err != nil {
		t.Fatal(err)
	}
	err = m.Run(context.Background())
	if cerr := m.Close(); cerr != nil {
		t.Fatal(cerr)
	}
	if err == nil || !strings.Contains(err.Error(), "listening for HTTP interactions on "+taken.Addr().String()) ||
		!strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("address in use: %v", err)
	}
	select {
	case body := <-fake.Commands:
		t.Fatalf("the commands were registered before the address was found taken: %.80s", body)
	default:
	}
	if a := fake.Authorization(); a != "" {
		t.Fatalf("Discord's REST API was called (Authorization %.10q...)", a)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("the database file exists after the failed start: %v", err)
	}
}
