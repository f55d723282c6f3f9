package bot

import (
	"testing"
	"time"
)

// TestReplayRest checks Config.ReplayShare: after a replay drawn in d,
// the next one of the Bot may start only d*(1/share-1) later (the slot
// stays taken), and without a share it may start at once.
func TestReplayRest(t *testing.T) {
	for _, tc := range []struct {
		share float64
		held  bool
	}{{0, false}, {1, false}, {2, false}, {0.25, true}, {0.5, true}} {
		b := newEnv(t, Config{ReplayShare: tc.share}).bot
		b.replays <- struct{}{}
		// An hour's replay: with a share below 1 the rest is hours, far
		// beyond the test; the slot is still taken when it ends.
		b.releaseReplay(time.Hour)
		select {
		case b.replays <- struct{}{}:
			if tc.held {
				t.Errorf("share %v: the next replay could start at once", tc.share)
			}
		default:
			if !tc.held {
				t.Errorf("share %v: the next replay must wait", tc.share)
			}
		}
	}
	// A rest ends: with share 1/2 a replay of 1 ms keeps the slot 1 ms.
	b := newEnv(t, Config{ReplayShare: 0.5}).bot
	b.replays <- struct{}{}
	b.releaseReplay(time.Millisecond)
	select {
	case b.replays <- struct{}{}:
	case <-time.After(10 * time.Second):
		t.Fatal("the slot was still taken 10 s after a rest of 1 ms")
	}
}
