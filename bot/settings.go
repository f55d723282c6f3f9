package bot

import (
	"context"
	"strings"
	"time"

	"github.com/veletasbot/veletas/store"
)

// A server's settings: its default time per move, the language of the
// bot's own notices, the theme of its boards and its web page
// (webstandings.go) are the whole server's, shown and changed with the
// settings subcommand of every game's command alike (`/GAME settings`);
// a game may have settings of its own beside them (GameSettings: the
// default terms of its challenges). Only a member with Manage Server
// changes them.

// defaultMoveTime is the time per move of a server that has not chosen
// one.
const defaultMoveTime = 3 * 24 * time.Hour

// settingsCommand shows the server's settings, or changes those its
// options give.
func (b *Bot) settingsCommand(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	mod := req.module()
	v := strings.TrimSpace(req.Options["time"])
	l := strings.ToLower(strings.TrimSpace(req.Options["language"]))
	th := strings.ToLower(strings.TrimSpace(req.Options["theme"]))
	wb := strings.ToLower(strings.TrimSpace(req.Options["web"]))
	var own func(*store.Settings)
	var ownSaid func(store.Settings) string
	if mod.settings != nil {
		var err error
		if own, ownSaid, err = mod.settings.ChangeSettings(req); err != nil {
			if req.ManageServer {
				return Reply{}, err
			}
			own = func(*store.Settings) {} // refused below for the permission
		}
	}
	if v == "" && l == "" && th == "" && wb == "" && own == nil {
		s, err := b.Store.Settings(ctx, req.Guild)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Ephemeral: true, Text: strings.Join(b.settingsLines(loc, mod, s), "\n")}, nil
	}
	if !req.ManageServer {
		return Reply{}, BadInput("%s", tr(loc, "settings.denied"))
	}
	var d time.Duration
	if v != "" {
		var err error
		if d, err = ParseMoveTime(v); err != nil {
			return Reply{}, BadInput("%s", tr(loc, "time.bad", Quote(v)))
		}
		if d == 0 {
			d = -1 // stored as "no limit"; 0 means the default
		}
	}
	if l != "" && (len(l) > 8 || lang(l) != l) {
		return Reply{}, BadInput("%s", tr(loc, "settings.badlang", Quote(l)))
	}
	if th != "" && th != "light" && th != "dark" {
		return Reply{}, BadInput("%s", tr(loc, "theme.bad", Quote(th)))
	}
	if wb != "" && wb != "on" && wb != "off" {
		return Reply{}, BadInput("%s", tr(loc, "settings.badweb", Quote(wb)))
	}
	s, err := b.Store.UpdateSettings(ctx, req.Guild, func(s *store.Settings) error {
		if wb != "" || th != "" {
			if s.Values == nil {
				s.Values = map[string]string{}
			}
		}
		switch wb {
		case "on":
			s.Values[store.WebStandingsSetting] = "on"
		case "off":
			delete(s.Values, store.WebStandingsSetting)
		}
		if th != "" {
			s.Values[ThemeSetting] = th
		}
		if d != 0 {
			s.MoveTime = d
		}
		if l != "" {
			s.Locale = l
		}
		if own != nil {
			own(s)
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	who := Mention(req.User.ID)
	var lines []string
	if d != 0 {
		lines = append(lines, tr(loc, "settings.changed", who, moveTimeSetting(loc, s.MoveTime)))
	}
	if l != "" {
		lines = append(lines, tr(loc, "settings.langchanged", who, tr(loc, "lang."+l)))
	}
	if ownSaid != nil {
		if t := ownSaid(s); t != "" {
			lines = append(lines, t)
		}
	}
	if th != "" {
		lines = append(lines, tr(loc, "settings.themechanged", who, tr(loc, "theme."+th)))
	}
	if wb != "" {
		lines = append(lines, tr(loc, "settings.webchanged", who, tr(loc, "settings.web."+wb)))
		if wb == "on" {
			if u := b.WebStandingsURL(s); u != "" {
				lines = append(lines, tr(loc, "settings.weblink", u))
			} else {
				lines = append(lines, tr(loc, "settings.webnourl"))
			}
		}
	}
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

// settingsLines show the server's settings s, with mod's own, each with
// how to change it (a value other than the current one).
func (b *Bot) settingsLines(loc string, mod *module, s store.Settings) []string {
	timeHint := "3d"
	if s.MoveTime == 0 || s.MoveTime == DefaultMoveTime {
		timeHint = "12h"
	}
	otherTheme := "dark"
	if ServerTheme(s) == "dark" {
		otherTheme = "light"
	}
	var otherLangs []any
	for _, l := range Languages {
		if l != lang(s.Locale) {
			otherLangs = append(otherLangs, l)
		}
	}
	lines := []string{tr(loc, "settings.show", moveTimeSetting(loc, s.MoveTime), timeHint)}
	if mod.settings != nil {
		lines = append(lines, mod.settings.SettingsLines(loc, s)...)
	}
	return append(lines,
		tr(loc, "settings.lang", append([]any{tr(loc, "lang."+lang(s.Locale))}, otherLangs...)...),
		tr(loc, "settings.theme", tr(loc, "theme."+ServerTheme(s)), otherTheme),
		b.webSetting(loc, s))
}

// webSetting is the settings' line about the server's web page: whether
// it is on, and its link when it is.
func (b *Bot) webSetting(loc string, s store.Settings) string {
	if u := b.WebStandingsURL(s); u != "" {
		return tr(loc, "settings.webon", u)
	}
	if webStandingsOn(s) {
		return tr(loc, "settings.webonnolink")
	}
	return tr(loc, "settings.weboff")
}

// moveTimeSetting words a server's time per move (0: the default).
func moveTimeSetting(loc string, d time.Duration) string {
	switch {
	case d < 0:
		return tr(loc, "settings.nolimit")
	case d == 0:
		d = DefaultMoveTime
	}
	return DurationText(loc, d)
}
