package console

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
)

// TestConsoleLongLine: a line over MaxLine is reported and skipped, and
// the lines after it are played.
func TestConsoleLongLine(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	e.Guild, e.Channel = Guild, Channel
	var out strings.Builder
	c := &Console{Handler: e.Bot, Out: &out, Dir: t.TempDir()}
	script := "alice: /veletas challenge opponent:@bob size:7\n" +
		"bob: /veletas move shooter:" + strings.Repeat("c", MaxLine+10) + "\n" +
		"bob: [Accept]\n"
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"error: line 2: the line is longer than 64 KiB and was skipped\n",
		"@bob accepted @alice's challenge.",
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("output lacks %q:\n%.2000s", want, text)
		}
	}
	if g, err := e.DB.ActiveGame(t.Context(), Guild, Channel); err != nil || g.Players[0] != "alice" {
		t.Fatalf("the game after the long line: %+v, %v", g, err)
	}
}

// notifyWriter passes writes on and signals each one.
type notifyWriter struct {
	mu    sync.Mutex
	b     strings.Builder
	wrote chan struct{}
}

func (w *notifyWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.b.Write(p)
	select {
	case w.wrote <- struct{}{}:
	default:
	}
	return n, err
}

func (w *notifyWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestConsoleStopsOnSignal: when its context ends (the signal of Ctrl-C
// or SIGTERM), Run returns after the line under way although the input
// stays open, and says so.
func TestConsoleStopsOnSignal(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	e.Guild, e.Channel = Guild, Channel
	out := &notifyWriter{wrote: make(chan struct{}, 1)}
	c := &Console{Handler: e.Bot, Out: out, Dir: t.TempDir()}
	in, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx, in) }()
	if _, err := io.WriteString(w, "alice: /veletas challenge opponent:@bob size:7\n"); err != nil {
		t.Fatal(err)
	}
	for !strings.Contains(out.String(), "buttons: [Accept] [Decline]") {
		select {
		case <-out.wrote:
		case <-time.After(20 * time.Second):
			t.Fatalf("no reply to the first line:\n%s", out.String())
		}
	}
	cancel() // the input is still open: Run must not wait for it
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
	if !strings.HasSuffix(out.String(), "-- stopped after line 1\n") {
		t.Fatalf("output does not end with the stop:\n%s", out.String())
	}
	if _, err := e.DB.PendingChallenge(t.Context(), Guild, Channel, "bob"); err != nil {
		t.Fatalf("the line before the signal was not kept: %v", err)
	}
}
