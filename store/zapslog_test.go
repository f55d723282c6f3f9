package store

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"go.uber.org/zap"
)

// TestZapToSlog: the etcd client's zap lines reach the slog handler at
// warn and above, with their fields; info lines do not.
func TestZapToSlog(t *testing.T) {
	var buf bytes.Buffer
	z := newZapLogger(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	z.Info("balancer changed", zap.String("target", "a"))
	z.With(zap.Int("member", 2)).Warn("lost leader", zap.String("endpoint", "127.0.0.1:2379"))
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatalf("want one JSON line, got %q: %v", buf.String(), err)
	}
	if rec["msg"] != "etcd client: lost leader" || rec["level"] != "WARN" || rec["endpoint"] != "127.0.0.1:2379" || rec["member"] != float64(2) {
		t.Fatalf("record %v", rec)
	}
}
