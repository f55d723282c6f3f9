package store

import (
	"context"
	"log/slog"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// zapToSlog is a zapcore.Core that writes the etcd client's log (a
// *zap.Logger) to a slog.Handler: one log for the whole process, in its
// format (text or JSON). The client logs much at info (reconnections,
// balancer changes): only warnings and errors pass.
type zapToSlog struct {
	h     slog.Handler
	attrs []slog.Attr
}

var _ zapcore.Core = zapToSlog{}

// newZapLogger returns a *zap.Logger writing to h at warn and above.
func newZapLogger(h slog.Handler) *zap.Logger {
	return zap.New(zapToSlog{h: h})
}

// Enabled implements zapcore.LevelEnabler.
func (c zapToSlog) Enabled(l zapcore.Level) bool {
	return l >= zapcore.WarnLevel && c.h.Enabled(context.Background(), slogLevel(l))
}

// With implements zapcore.Core.
func (c zapToSlog) With(fields []zapcore.Field) zapcore.Core {
	return zapToSlog{h: c.h, attrs: append(append([]slog.Attr(nil), c.attrs...), attrsOf(fields)...)}
}

// Check implements zapcore.Core.
func (c zapToSlog) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(e.Level) {
		return ce.AddCore(e, c)
	}
	return ce
}

// Write implements zapcore.Core.
func (c zapToSlog) Write(e zapcore.Entry, fields []zapcore.Field) error {
	t := e.Time
	if t.IsZero() {
		t = time.Now()
	}
	r := slog.NewRecord(t, slogLevel(e.Level), "etcd client: "+e.Message, 0)
	r.AddAttrs(c.attrs...)
	r.AddAttrs(attrsOf(fields)...)
	return c.h.Handle(context.Background(), r)
}

// Sync implements zapcore.Core.
func (c zapToSlog) Sync() error { return nil }

// attrsOf turns zap's fields into slog's attributes, through zap's map
// encoder.
func attrsOf(fields []zapcore.Field) []slog.Attr {
	if len(fields) == 0 {
		return nil
	}
	enc := zapcore.NewMapObjectEncoder()
	for _, f := range fields {
		f.AddTo(enc)
	}
	out := make([]slog.Attr, 0, len(enc.Fields))
	for k, v := range enc.Fields {
		out = append(out, slog.Any(k, v))
	}
	return out
}

func slogLevel(l zapcore.Level) slog.Level {
	switch {
	case l >= zapcore.ErrorLevel:
		return slog.LevelError
	case l >= zapcore.WarnLevel:
		return slog.LevelWarn
	case l >= zapcore.InfoLevel:
		return slog.LevelInfo
	}
	return slog.LevelDebug
}
