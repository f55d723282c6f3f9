package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/games"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/web"
)

// The web board (package web): with -web ADDR (gateway mode) or -http
// (on its listener), each game has a page at an unguessable link made
// from a secret key. The key comes from -web-key-file; without it, on a
// bolt store, from web.key beside the database file, made (32 random
// bytes, hex, mode 0600) when absent, so that the links outlive a
// restart. Replicas on etcd must share one key: there -web-key-file is
// required. A key is never logged.
//
// On an etcd store the replicas' web boards share their news through the
// store (store.Peers): a page's event stream, whichever replica serves
// it, hears of a move made through any replica, and its viewer count is
// the sum of every replica's pages of the game.

// WebKeyName is the key file made beside a bolt database.
const WebKeyName = "web.key"

// ErrWebKey: the web key is missing or too short.
var ErrWebKey = errors.New("the web board's key")

// newWeb makes m.Web when the web board is on.
func (m *Main) newWeb() error {
	if !m.webOn() {
		return nil // -http alone serves no web board without -public-url
	}
	key, err := m.loadWebKey()
	if err != nil {
		return err
	}
	o := web.Options{Key: key, Games: games.Registry(), Store: m.DB, Now: m.Now, Logger: m.Logger,
		OAuth: m.webOAuth(), PublicURL: m.PublicURL, TrustedProxies: m.SignIn.TrustedProxies}
	if m.WebIdentity != nil {
		o.Identity = m.WebIdentity
	}
	o.Mover = webMover{m}
	var peers *store.Peers
	if m.Store.Kind == "etcd" {
		if peers, err = m.DB.NewPeers(store.PeerOptions{Name: strings.ReplaceAll(replicaID(), "/", "-")}); err != nil {
			return fmt.Errorf("web board: %w", err)
		}
		o.ViewerCounts = peers
	}
	o.Wording = webWording{m}
	s, err := web.New(o)
	if err != nil {
		if peers != nil {
			peers.Close()
		}
		return fmt.Errorf("web board: %w", err)
	}
	m.Web = s
	if peers != nil {
		peers.Run(s) // the other replicas' changes and counts
		m.peers = peers
	}
	return nil
}

// webMover applies the web board's moves with the bot's BoardMover,
// posting the cards through the Discord adapter: both are made after the
// web server, and before it serves.
type webMover struct{ m *Main }

var _ web.Mover = webMover{}

// errNotReady: a move before the bot is connected.
var errNotReady = errors.New("the bot is not connected to Discord yet")

// Act implements web.Mover.
func (w webMover) Act(ctx context.Context, mv web.Move) (int, error) {
	if w.m.Bot == nil || w.m.Discord == nil {
		return 0, errNotReady
	}
	return w.m.Bot.BoardMover(w.m.Discord).Act(ctx, bot.BoardMove{Game: mv.Game, Guild: mv.Guild, Channel: mv.Channel,
		User: mv.User, Rev: mv.Rev, Action: mv.Action})
}

// Refusal implements web.Mover.
func (w webMover) Refusal(ctx context.Context, err error, kind game.Kind, user, locale string) (string, bool) {
	if w.m.Bot == nil {
		return "", false
	}
	return w.m.Bot.BoardMover(nil).Refusal(ctx, err, kind, user, locale)
}

// webWording words the games' texts on the web board's pages with the
// bot's catalogues (Bot.GameText, GameTitle, GameEnding): the bot is made
// after the web server; before it is, the pages show the games' raw
// words.
type webWording struct{ m *Main }

var (
	_ web.Wording = webWording{}
	_ web.Wording = (*bot.Bot)(nil)
)

// GameText implements web.Wording.
func (w webWording) GameText(kind game.Kind, lang, key string, args ...any) (string, bool) {
	if w.m.Bot == nil {
		return "", false
	}
	return w.m.Bot.GameText(kind, lang, key, args...)
}

// GameTitle implements web.Wording.
func (w webWording) GameTitle(g store.Game, lang string) (string, string) {
	if w.m.Bot == nil {
		return "", ""
	}
	return w.m.Bot.GameTitle(g, lang)
}

// GameEnding implements web.Wording.
func (w webWording) GameEnding(g store.Game, lang string) string {
	if w.m.Bot == nil {
		return ""
	}
	return w.m.Bot.GameEnding(g, lang)
}

// boardURL is the address of a game's page ("" without -public-url).
func (m *Main) boardURL(id uint64) string {
	if m.PublicURL == "" || m.Web == nil {
		return ""
	}
	return m.PublicURL + m.Web.Path(id)
}

// standingsURL is the address of a server's page ("" without
// -public-url, or for a guild ID that is not a Discord ID).
func (m *Main) standingsURL(guild string) string {
	if m.PublicURL == "" || m.Web == nil {
		return ""
	}
	if p, ok := m.Web.GuildPath(guild); ok {
		return m.PublicURL + p
	}
	return ""
}

// loadWebKey reads the web key: -web-key-file, else web.key beside the
// bolt database (made when absent).
func (m *Main) loadWebKey() ([]byte, error) {
	path := m.WebKeyFile
	if path == "" {
		if m.Store.Kind != "bolt" {
			return nil, fmt.Errorf("%w: give -web-key-file on an etcd store (the same file for every replica)", ErrWebKey)
		}
		path = filepath.Join(filepath.Dir(m.Store.Path), WebKeyName)
		if err := makeWebKey(path); err != nil {
			return nil, err
		}
	}
	key, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrWebKey, err)
	}
	if len(key) < web.MinKeyBytes {
		return nil, fmt.Errorf("%w: %s holds %d bytes, want at least %d (such as: head -c 32 /dev/urandom | xxd -p -c 64 > %s)",
			ErrWebKey, path, len(key), web.MinKeyBytes, path)
	}
	return key, nil
}

// makeWebKey writes a new random key to path unless it exists.
func makeWebKey(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrWebKey, err)
	}
	var b [32]byte
	rand.Read(b[:])
	_, err = f.WriteString(hex.EncodeToString(b[:]) + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrWebKey, err)
	}
	return nil
}

// closeWeb closes the web board's server (its event streams end), after
// the link to the other replicas, whose lease it revokes: they stop
// counting this one's pages at once.
func (m *Main) closeWeb() {
	if m.peers != nil {
		m.peers.Close()
		m.peers = nil
	}
	if m.Web != nil {
		m.Web.Close()
		m.Web = nil
	}
}
