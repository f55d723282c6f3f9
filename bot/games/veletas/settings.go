package veletasmod

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

func settings(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	loc := req.Locale
	v := strings.TrimSpace(req.Options["time"])
	l := strings.ToLower(strings.TrimSpace(req.Options["language"]))
	rs := strings.TrimSpace(req.Options["rules"])
	th := strings.ToLower(strings.TrimSpace(req.Options["theme"]))
	wb := strings.ToLower(strings.TrimSpace(req.Options["web"]))
	if v == "" && l == "" && rs == "" && th == "" && wb == "" {
		s, err := b.Store.Settings(ctx, req.Guild)
		if err != nil {
			return bot.Reply{}, err
		}
		// Each hint suggests a value other than the current one.
		timeHint := "3d"
		if s.MoveTime == 0 || s.MoveTime == bot.DefaultMoveTime {
			timeHint = "12h"
		}
		otherRules, otherTheme := veletas.Revised, "dark"
		if defaultRules(s) == veletas.Revised {
			otherRules = veletas.Classic
		}
		if bot.ServerTheme(s) == "dark" {
			otherTheme = "light"
		}
		var otherLangs []any
		for _, l := range bot.Languages {
			if l != bot.Lang(s.Locale) {
				otherLangs = append(otherLangs, l)
			}
		}
		return bot.Reply{Ephemeral: true, Text: bot.Text(loc, "settings.show", moveTimeSetting(loc, s.MoveTime), timeHint) + "\n" +
			bot.Text(loc, "settings.rules", bot.Text(loc, "rules."+defaultRules(s).String()), otherRules.String()) + "\n" +
			bot.Text(loc, "settings.lang", append([]any{bot.Text(loc, "lang."+bot.Lang(s.Locale))}, otherLangs...)...) + "\n" +
			bot.Text(loc, "settings.theme", bot.Text(loc, "theme."+bot.ServerTheme(s)), otherTheme) + "\n" +
			webSetting(b, loc, s)}, nil
	}
	if !req.ManageServer {
		return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "settings.denied"))
	}
	var d time.Duration
	if v != "" {
		var err error
		if d, err = bot.ParseMoveTime(v); err != nil {
			return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "time.bad", bot.Quote(v)))
		}
		if d == 0 {
			d = -1 // stored as "no limit"; 0 means the default
		}
	}
	if l != "" && (len(l) > 8 || bot.Lang(l) != l) {
		return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "settings.badlang", bot.Quote(l)))
	}
	var rules veletas.Rules
	if rs != "" {
		var err error
		if rules, err = veletas.ParseRules(rs); err != nil || len(rs) > 8 {
			return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "challenge.badrules", bot.Quote(rs)))
		}
	}
	if th != "" && th != "light" && th != "dark" {
		return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "theme.bad", bot.Quote(th)))
	}
	if wb != "" && wb != "on" && wb != "off" {
		return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "settings.badweb", bot.Quote(wb)))
	}
	s, err := b.Store.UpdateSettings(ctx, req.Guild, func(s *store.Settings) error {
		if wb != "" {
			if s.Values == nil {
				s.Values = map[string]string{}
			}
			if wb == "on" {
				s.Values[store.WebStandingsSetting] = "on"
			} else {
				delete(s.Values, store.WebStandingsSetting)
			}
		}
		if th != "" {
			if s.Values == nil {
				s.Values = map[string]string{}
			}
			s.Values[bot.ThemeSetting] = th
		}
		if d != 0 {
			s.MoveTime = d
		}
		if l != "" {
			s.Locale = l
		}
		if rs != "" {
			setDefaultRules(s, rules)
		}
		return nil
	})
	if err != nil {
		return bot.Reply{}, err
	}
	var lines []string
	if d != 0 {
		lines = append(lines, bot.Text(loc, "settings.changed", bot.Mention(req.User.ID), moveTimeSetting(loc, s.MoveTime)))
	}
	if l != "" {
		lines = append(lines, bot.Text(loc, "settings.langchanged", bot.Mention(req.User.ID), bot.Text(loc, "lang."+l)))
	}
	if rs != "" {
		lines = append(lines, bot.Text(loc, "settings.ruleschanged", bot.Mention(req.User.ID), bot.Text(loc, "rules."+defaultRules(s).String())))
	}
	if th != "" {
		lines = append(lines, bot.Text(loc, "settings.themechanged", bot.Mention(req.User.ID), bot.Text(loc, "theme."+th)))
	}
	if wb != "" {
		lines = append(lines, bot.Text(loc, "settings.webchanged", bot.Mention(req.User.ID), bot.Text(loc, "settings.web."+wb)))
		if wb == "on" {
			if u := b.WebStandingsURL(s); u != "" {
				lines = append(lines, bot.Text(loc, "settings.weblink", u))
			} else {
				lines = append(lines, bot.Text(loc, "settings.webnourl"))
			}
		}
	}
	return bot.Reply{Text: strings.Join(lines, "\n")}, nil
}

// webSetting is the settings' line about the server's web page: whether
// it is on, and its link when it is.
func webSetting(b *bot.Bot, loc string, s store.Settings) string {
	if u := b.WebStandingsURL(s); u != "" {
		return bot.Text(loc, "settings.webon", u)
	}
	if s.Values[store.WebStandingsSetting] == "on" {
		return bot.Text(loc, "settings.webonnolink")
	}
	return bot.Text(loc, "settings.weboff")
}

// endDamaged is /veletas end: a member with Manage Server ends this
// channel's game when its stored data is damaged (it cannot be loaded,
// played, resigned or claimed, and would block the channel forever). The
// store keeps the damaged data aside and counts nothing; a game that
// loads is refused (it is played, resigned or claimed instead).
func endDamaged(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	loc := req.Locale
	if !req.ManageServer {
		return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "end.denied"))
	}
	if err := b.Store.EndDamagedGame(ctx, req.Guild, req.Channel); err != nil {
		if errors.Is(err, store.ErrNotDamaged) {
			return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "end.notdamaged"))
		}
		return bot.Reply{}, err
	}
	b.Logger.Warn("bot: a damaged game was ended", "guild", req.Guild, "channel", req.Channel, "by", req.User.ID)
	return bot.Reply{Text: bot.Text(loc, "end.done", bot.Mention(req.User.ID))}, nil
}

func moveTimeSetting(loc string, d time.Duration) string {
	switch {
	case d < 0:
		return bot.Text(loc, "settings.nolimit")
	case d == 0:
		d = bot.DefaultMoveTime
	}
	return bot.DurationText(loc, d)
}
