package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestStartupErrorsHideSecrets: a token pasted where a file name or a
// URL belongs (DISCORD_TOKEN_FILE, DISCORD_API_URL) stops the bot with a
// one-line error that says what is wrong, without echoing the value, in
// the error or the logs. A file name that is a path (a token has no
// slash) is named, so the operator sees which file is missing.
func TestStartupErrorsHideSecrets(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no-such-token-file")
	for _, c := range []struct {
		name   string
		env    map[string]string
		want   []string
		hidden string
	}{
		{"token in DISCORD_TOKEN_FILE", map[string]string{"DISCORD_TOKEN_FILE": token},
			[]string{"DISCORD_TOKEN_FILE", "path", "DISCORD_TOKEN"}, token},
		{"a missing file in DISCORD_TOKEN_FILE", map[string]string{"DISCORD_TOKEN_FILE": missing},
			[]string{"DISCORD_TOKEN_FILE", missing}, ""},
		{"token in DISCORD_API_URL", map[string]string{"DISCORD_TOKEN": "other-" + token, "DISCORD_API_URL": token},
			[]string{"DISCORD_API_URL", "http://127.0.0.1:8080"}, token},
		{"token in DISCORD_API_URL with a scheme", map[string]string{"DISCORD_TOKEN": "other-" + token, "DISCORD_API_URL": "https://" + token + "@"},
			[]string{"DISCORD_API_URL"}, token},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _, logs := newMain(c.env)
			if err := m.ParseFlags(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "x.db")}); err != nil {
				t.Fatal(err)
			}
			err := m.Run(context.Background())
			m.Close()
			if err == nil {
				t.Fatal("the bot started")
			}
			msg := err.Error()
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q lacks %q", msg, w)
				}
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("error of several lines: %q", msg)
			}
			if c.hidden != "" {
				for _, part := range []string{c.hidden, c.hidden[:16], c.hidden[len(c.hidden)-16:]} {
					if strings.Contains(msg, part) || strings.Contains(logs.String(), part) {
						t.Errorf("the secret (%q) is in the error or the logs: %q\n%s", part, msg, logs)
					}
				}
			}
		})
	}
}
