package bot

import (
	"context"
	"strings"

	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/store"
)

// A user's own settings (store.UserSettings), the same on every server:
// /GAME theme board:light|dark|server, the theme of the boards drawn
// for them (the server's by default, itself light unless a manager chose
// dark with /GAME settings theme:dark), and /GAME notify dm:on|off,
// the direct messages of notify.go.

// themeSetting is the name of the server's board theme in
// store.Settings.Values: "light" or "dark" ("" is light).
const themeSetting = "theme"

func serverTheme(s store.Settings) string {
	if s.Values[themeSetting] == "dark" {
		return "dark"
	}
	return "light"
}

// themeFor is the board theme of a user on a server: theirs, else the
// server's. A failed read gives light (a board is still drawn).
func (b *Bot) themeFor(ctx context.Context, guild, user string) render.Theme {
	if user != "" {
		if u, err := b.Store.UserSettings(ctx, user); err == nil && u.Theme != "" {
			if u.Theme == "dark" {
				return render.Dark
			}
			return render.Light
		}
	}
	if s, err := b.Store.Settings(ctx, guild); err == nil && serverTheme(s) == "dark" {
		return render.Dark
	}
	return render.Light
}

// themeCommand is /GAME theme: without an option it says which theme
// the user's boards have; board:light or board:dark chooses one,
// board:server goes back to the server's.
func (b *Bot) themeCommand(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	us := b.Store
	v := strings.ToLower(strings.TrimSpace(req.Options["board"]))
	switch v {
	case "":
		u, err := us.UserSettings(ctx, req.User.ID)
		if err != nil {
			return Reply{}, err
		}
		// Suggest the two choices other than the current one.
		var opts []any
		for _, o := range []string{"light", "dark", "server"} {
			if o == u.Theme || o == "server" && u.Theme == "" {
				continue
			}
			key, text := "theme.opt", "board:"+o
			if o == "server" {
				key = "theme.opt.server"
			}
			if len(opts) == 0 {
				text = "/" + reg().first().command + " theme " + text
			}
			opts = append(opts, tr(loc, key, text))
		}
		return Reply{Ephemeral: true, Text: tr(loc, "theme.show", append([]any{b.themeText(ctx, loc, req.Guild, u.Theme)}, opts...)...)}, nil
	case "light", "dark", "server":
	default:
		return Reply{}, badInput("%s", tr(loc, "theme.bad", Quote(v)))
	}
	u, err := us.UpdateUserSettings(ctx, req.User.ID, func(u *store.UserSettings) error {
		u.Theme = v
		if v == "server" {
			u.Theme = ""
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Ephemeral: true, Text: tr(loc, "theme.changed", b.themeText(ctx, loc, req.Guild, u.Theme))}, nil
}

// themeText names the theme a user's boards have, saying when it is the
// server's.
func (b *Bot) themeText(ctx context.Context, loc, guild, own string) string {
	if own != "" {
		return tr(loc, "theme."+own)
	}
	s, _ := b.Store.Settings(ctx, guild)
	return tr(loc, "theme.ofserver", tr(loc, "theme."+serverTheme(s)))
}

// notifyCommand is /GAME notify: dm:on asks for direct messages (and
// tries them again after Discord refused one), dm:off stops them; without
// an option it says which is set.
func (b *Bot) notifyCommand(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	us := b.Store
	v := strings.ToLower(strings.TrimSpace(req.Options["dm"]))
	switch v {
	case "":
		u, err := us.UserSettings(ctx, req.User.ID)
		if err != nil {
			return Reply{}, err
		}
		key := "notify.isoff"
		switch {
		case u.Notify && u.DMClosed:
			key = "notify.isclosed"
		case u.Notify:
			key = "notify.ison"
		}
		return Reply{Ephemeral: true, Text: tr(loc, key)}, nil
	case "on", "off":
	default:
		return Reply{}, badInput("%s", tr(loc, "notify.bad", Quote(v)))
	}
	_, err := us.UpdateUserSettings(ctx, req.User.ID, func(u *store.UserSettings) error {
		u.Notify = v == "on"
		u.DMClosed = false // opting in again tries DMs again
		u.Locale = req.Locale
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Ephemeral: true, Text: tr(loc, "notify."+v)}, nil
}
