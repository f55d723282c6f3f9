package bot

import (
	"context"

	"github.com/veletasbot/veletas/store"
)

// A server's web page: when the web board runs with a public address and
// a server's managers turn its page on (store.WebStandingsSetting, off by
// default: a server's activity is its own), the web board shows the
// server's standings and games under way at an unguessable link, which
// the settings and /GAME standings show.

// webStandingsOn reports whether a server's settings publish its page.
func webStandingsOn(s store.Settings) bool { return s.Values[store.WebStandingsSetting] == "on" }

// WebStandingsURL is the address of the page of the server of settings s,
// "" while it is off or the web board has no public address
// (Config.StandingsURL).
func (b *Bot) WebStandingsURL(s store.Settings) string {
	if !webStandingsOn(s) || b.cfg.StandingsURL == nil {
		return ""
	}
	return b.cfg.StandingsURL(s.Guild)
}

// webStandingsLine is the line under /GAME standings that links to the
// server's page, "" when there is none (or its settings do not load).
func (b *Bot) webStandingsLine(ctx context.Context, loc, guild string) string {
	if b.cfg.StandingsURL == nil {
		return ""
	}
	s, err := b.Store.Settings(ctx, guild)
	if err != nil {
		return ""
	}
	if u := b.WebStandingsURL(s); u != "" {
		return tr(loc, "standings.web", u)
	}
	return ""
}
