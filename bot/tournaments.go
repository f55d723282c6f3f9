package bot

// Tournaments: the /tournament command (a core command, not a game's:
// its game option chooses among the games hosted), the Join and Leave
// buttons of a tournament's announcement, and the sweep's step that runs
// the rounds (sweepTournaments): it starts the tournaments due, pairs the
// rounds (store.PairNextRound: exactly once even when replicas race),
// starts each game in a thread of its own with the usual card, posts one
// pairings card per round (claimed in the store first, AnnounceRound: a
// replica that dies between the pairing and its posts leaves the card
// to the next sweep, of whichever replica leads then), adjudicates the
// rounds whose deadline passed,
// and posts the final standings (an embed with mentions and a crosstable
// image). Players out of time forfeit by the usual claim, or at the
// round's deadline by adjudication.
//
// Who runs a tournament: its creator, members who may manage the server,
// and members with the role the server names (/tournament role, kept in
// the settings as store.TournamentRoleSetting); only they create, start
// and cancel tournaments (store.Runner), and nobody else changes one.
//
// A tournament's terms are the game's challenge options written in one
// text option, terms ("size:9 rules:revised"), read by the game's module
// as a challenge's (Module.ChallengeTerms): the same words, the same
// checks, the same refusals.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/render/crosstable"
	"github.com/veletasbot/veletas/store"
	"github.com/veletasbot/veletas/tournament"
)

// TournamentCommand is the top-level slash command of tournaments.
const TournamentCommand = "tournament"

// TournamentStore is what tournaments need from the store; *store.DB
// implements it. A Store without it answers /tournament with a refusal
// and its sweep runs no tournament.
type TournamentStore interface {
	CreateTournament(ctx context.Context, t store.Tournament) (store.Tournament, error)
	Tournament(ctx context.Context, id uint64) (store.Tournament, error)
	Tournaments(ctx context.Context, guild string) ([]store.Tournament, error)
	JoinTournament(ctx context.Context, id uint64, user, name string) (store.Tournament, error)
	LeaveTournament(ctx context.Context, id uint64, user string) (store.Tournament, error)
	StartTournament(ctx context.Context, id uint64, by store.Runner) (store.Tournament, error)
	CancelTournament(ctx context.Context, id uint64, by store.Runner) (store.Tournament, error)
	SetTournamentMessage(ctx context.Context, id uint64, message string) (store.Tournament, error)
	DueTournaments(ctx context.Context, now time.Time) ([]store.TournamentDue, error)
	PairNextRound(ctx context.Context, id uint64, expectRound int) (store.Tournament, []tournament.Pairing, error)
	StartTournamentGame(ctx context.Context, tid uint64, round int, white, black, thread string) (store.Game, error)
	AdjudicateRound(ctx context.Context, id uint64, expectRound int) (store.Tournament, error)
	AnnounceRound(ctx context.Context, id uint64, round int) (store.Tournament, error)
}

var _ TournamentStore = (*store.DB)(nil)

// Button actions of a tournament's announcement (KEY: the tournament's ID).
const (
	btnTourJoin  = "tjoin"
	btnTourLeave = "tleave"
)

// tournamentCommands maps /tournament's subcommands to their handlers.
var tournamentCommands = map[string]handlerFunc{
	"create":    (*Bot).tourCreate,
	"join":      (*Bot).tourJoin,
	"leave":     (*Bot).tourLeave,
	"start":     (*Bot).tourStart,
	"cancel":    (*Bot).tourCancel,
	"standings": (*Bot).tourStandings,
	"list":      (*Bot).tourList,
	"role":      (*Bot).tourRole,
}

// tournamentOptions are the options each subcommand takes.
var tournamentOptions = map[string][]string{
	"create":    {"game", "format", "terms", "rounds", "time", "rated", "start", "players", "max", "round-time", "adjudication"},
	"join":      {"id"},
	"leave":     {"id"},
	"start":     {"id"},
	"cancel":    {"id"},
	"standings": {"id"},
	"list":      nil,
	"role":      {"role", "clear"},
}

// maxTournamentOptions bounds the options of a /tournament request (create
// has more than a game's subcommands: checkOptions' bound is theirs).
const maxTournamentOptions = 12

// CommandNames lists every top-level slash command: the games' (Games)
// and the core's (TournamentCommand).
func CommandNames() []string { return append(Games(), TournamentCommand) }

// tournamentSpec is /tournament as data (commandspec.go).
func tournamentSpec() CommandSpec {
	var kinds []string
	for _, m := range reg().list {
		kinds = append(kinds, m.command)
	}
	id := StringOption("id", "The tournament's number (the only one running or open here by default)", false, false, 12)
	c := CommandSpec{
		Name: TournamentCommand, Description: "Tournaments on this server: round robin or Swiss, run by the bot",
		Descriptions: Localized{"ja": "このサーバーの大会：総当たりまたはスイス式、ボットが進行", "fr": "Tournois du serveur : toutes rondes ou suisse, menés par le bot"},
		Scope:        ScopeServersCtx,
		Subcommands: []SubcommandSpec{
			Subcommand("create", "Announce a tournament (Manage Server)",
				OptionSpec{Name: "game", Description: "The game played", Required: true, MaxLength: 16, Choices: choices(kinds)},
				ChoiceOption("format", "round-robin, double-round-robin or swiss", 20, string(tournament.RoundRobin), string(tournament.DoubleRoundRobin), string(tournament.Swiss)),
				StringOption("terms", "The game's challenge options, such as size:9 rules:revised", false, false, 64),
				StringOption("rounds", "Swiss only: the number of rounds", false, false, 3),
				StringOption("time", "Time per move: 1h to 14d (e.g. 1d) or none; the server's default otherwise", false, false, 16),
				ChoiceOption("rated", "Whether the games change ratings (true by default)", 5, "true", "false"),
				StringOption("start", "When it starts: in a time (2d, 12h) or when the players option have joined (default)", false, false, 16),
				StringOption("players", "Start when this many have joined (the fewest the format needs by default)", false, false, 3),
				StringOption("max", "At most this many players (64 by default)", false, false, 3),
				StringOption("round-time", "Time for each round, after which unfinished games are adjudicated (none by default)", false, false, 16),
				ChoiceOption("adjudication", "At a round's deadline: the side to move loses (loss), or a draw where the game has draws", 8, "loss", "draw")),
			Subcommand("join", "Join a tournament that is open", id),
			Subcommand("leave", "Leave a tournament (after its start: withdraw, your games left forfeited)", id),
			Subcommand("start", "Start your tournament now (its organizer)", id),
			Subcommand("cancel", "Cancel your tournament (its organizer); its finished games are kept", id),
			Subcommand("standings", "Show a tournament's standings and crosstable", id),
			Subcommand("list", "List this server's tournaments"),
			Subcommand("role", "Name the role whose members create and run tournaments (Manage Server)",
				roleOption("role", "The role whose members may create and run every tournament here"),
				ChoiceOption("clear", "true: managers only create and run tournaments again", 5, "true")),
		},
	}
	texts := map[string]SlashText{
		"create":              {"作成", "大会を告知する（サーバー管理）", "créer", "Annoncer un tournoi (gérer le serveur)"},
		"create.game":         {"ゲーム", "対局するゲーム", "jeu", "Le jeu joué"},
		"create.format":       {"形式", "round-robin、double-round-robin、swiss", "format", "round-robin, double-round-robin ou swiss"},
		"create.terms":        {"条件", "ゲームの挑戦オプション（例 size:9 rules:revised）", "conditions", "Les options de défi du jeu, comme size:9 rules:revised"},
		"create.rounds":       {"ラウンド数", "スイス式のみ：ラウンド数", "rondes", "Suisse seulement : le nombre de rondes"},
		"create.time":         {"持ち時間", "一手の持ち時間：1h〜14d または none", "temps", "Temps par coup : de 1h à 14d ou none"},
		"create.rated":        {"レーティング", "レーティングに反映するか（既定は true）", "classée", "Les parties comptent-elles pour le classement (true par défaut)"},
		"create.start":        {"開始", "開始までの時間（2d、12h）、既定は人数がそろったとき", "début", "Dans combien de temps il commence (2d, 12h) ; sinon quand assez de joueurs l'ont rejoint"},
		"create.players":      {"人数", "この人数が集まったら始める", "joueurs", "Commencer quand ce nombre de joueurs l'a rejoint"},
		"create.max":          {"最大人数", "最大の参加者数（既定 64）", "max", "Au plus ce nombre de joueurs (64 par défaut)"},
		"create.round-time":   {"ラウンド時間", "各ラウンドの時間、過ぎたら裁定（既定なし）", "durée-ronde", "Durée de chaque ronde, après quoi les parties sont arbitrées"},
		"create.adjudication": {"裁定", "期限で手番側の負け（loss）か引き分け（draw）", "arbitrage", "À l'échéance : perte du joueur au trait (loss) ou nulle (draw)"},
		"join":                {"参加", "受付中の大会に参加する", "rejoindre", "Rejoindre un tournoi ouvert"},
		"leave":               {"退出", "大会から抜ける（開始後は棄権）", "quitter", "Quitter un tournoi (après son début : abandon)"},
		"start":               {"開始", "自分の大会を今すぐ始める（主催者）", "commencer", "Commencer votre tournoi maintenant (organisateur)"},
		"cancel":              {"中止", "自分の大会を中止する（主催者）", "annuler", "Annuler votre tournoi (organisateur)"},
		"standings":           {"順位", "大会の順位とクロス表", "classement", "Classement et grille d'un tournoi"},
		"list":                {"一覧", "このサーバーの大会一覧", "liste", "Les tournois du serveur"},
		"role":                {"ロール", "大会を作成・運営できるロールを指定（サーバー管理）", "rôle", "Le rôle dont les membres créent et mènent les tournois (gérer le serveur)"},
		"role.role":           {"ロール", "このサーバーの大会をすべて作成・運営できるロール", "rôle", "Le rôle dont les membres peuvent créer et mener tous les tournois ici"},
		"role.clear":          {"解除", "true：大会の作成・運営をサーバー管理者だけに戻す", "retirer", "true : seuls les gestionnaires créent et mènent les tournois"},
	}
	for _, sub := range []string{"join", "leave", "start", "cancel", "standings"} {
		texts[sub+".id"] = SlashText{"番号", "大会の番号", "numéro", "Le numéro du tournoi"}
	}
	localize(&c, texts, nil)
	return c
}

func choices(values []string) []ChoiceSpec {
	var cs []ChoiceSpec
	for _, v := range values {
		cs = append(cs, ChoiceSpec{Name: v, Value: v})
	}
	return cs
}

// handleTournament answers /tournament's subcommands.
func (b *Bot) handleTournament(ctx context.Context, req Request) (Reply, error) {
	h, ok := tournamentCommands[req.Command]
	if !ok {
		return Reply{}, refuse("tour.unknown", clipName(req.Command))
	}
	if len(req.Options) > maxTournamentOptions {
		return Reply{}, refuse("opt.toomany")
	}
	for k, v := range req.Options {
		if !slices.Contains(tournamentOptions[req.Command], k) {
			return Reply{}, refuse("tour.badopt", Quote(k), req.Command)
		}
		if err := checkOptions(map[string]string{k: v}); err != nil {
			return Reply{}, err
		}
	}
	if _, ok := b.Store.(TournamentStore); !ok {
		return Reply{}, refuse("tour.nostore")
	}
	return h(b, ctx, req)
}

func (b *Bot) tstore() TournamentStore { ts, _ := b.Store.(TournamentStore); return ts }

// runsTournaments tells whether req's user runs every tournament of the
// server: Manage Server, or the role the server's settings name
// (store.TournamentRoleSetting, set by /tournament role).
func (b *Bot) runsTournaments(ctx context.Context, req Request) (bool, error) {
	if req.ManageServer {
		return true, nil
	}
	if len(req.Roles) == 0 || req.Guild == "" {
		return false, nil
	}
	s, err := b.Store.Settings(ctx, req.Guild)
	if err != nil {
		return false, err
	}
	role := s.Values[store.TournamentRoleSetting]
	return role != "" && slices.Contains(req.Roles, role), nil
}

// runner is req's user as the store sees one who asks to change a
// tournament.
func (b *Bot) runner(ctx context.Context, req Request) (store.Runner, error) {
	all, err := b.runsTournaments(ctx, req)
	return store.Runner{User: req.User.ID, AnyTournament: all}, err
}

// tourRole shows, sets or clears the role whose members create and run
// the server's tournaments: Manage Server only.
func (b *Bot) tourRole(ctx context.Context, req Request) (Reply, error) {
	role := strings.TrimSpace(req.Options["role"])
	clear := strings.ToLower(strings.TrimSpace(req.Options["clear"]))
	switch {
	case clear != "" && clear != "true":
		return Reply{}, refuse("tour.badclear", Quote(clear))
	case role != "" && clear != "":
		return Reply{}, refuse("tour.roleorclear")
	case role != "" && !ValidID(role):
		return Reply{}, refuse("tour.badrole", Quote(role))
	}
	if role == "" && clear == "" {
		s, err := b.Store.Settings(ctx, req.Guild)
		if err != nil {
			return Reply{}, err
		}
		if r := s.Values[store.TournamentRoleSetting]; r != "" {
			return Reply{Ephemeral: true, Text: tr(req.Locale, "tour.roleis", RoleMention(r))}, nil
		}
		return Reply{Ephemeral: true, Text: tr(req.Locale, "tour.rolenone")}, nil
	}
	if !req.ManageServer {
		return Reply{}, refuse("tour.rolemanage")
	}
	if _, err := b.Store.UpdateSettings(ctx, req.Guild, func(s *store.Settings) error {
		if role == "" {
			delete(s.Values, store.TournamentRoleSetting)
			return nil
		}
		if s.Values == nil {
			s.Values = map[string]string{}
		}
		s.Values[store.TournamentRoleSetting] = role
		return nil
	}); err != nil {
		return Reply{}, err
	}
	b.Logger.Info("bot: tournament role set", "guild", req.Guild, "role", role, "by", req.User.ID)
	if role == "" {
		return Reply{Text: tr(req.Locale, "tour.rolecleared", Mention(req.User.ID))}, nil
	}
	return Reply{Text: tr(req.Locale, "tour.roleset", Mention(req.User.ID), RoleMention(role))}, nil
}

// tourCreate announces a tournament: Manage Server, or the server's
// tournament role.
func (b *Bot) tourCreate(ctx context.Context, req Request) (Reply, error) {
	switch ok, err := b.runsTournaments(ctx, req); {
	case err != nil:
		return Reply{}, err
	case !ok:
		return Reply{}, refuse("tour.manage")
	}
	loc := req.Locale
	kind := strings.TrimSpace(req.Options["game"])
	mod, ok := reg().byName[kind]
	if !ok {
		return Reply{}, refuse("tour.badgame", Quote(kind), strings.Join(Games(), ", "))
	}
	format := tournament.Format(strings.ToLower(strings.TrimSpace(req.Options["format"])))
	if format == "" {
		format = tournament.RoundRobin
	}
	if !slices.Contains([]tournament.Format{tournament.RoundRobin, tournament.DoubleRoundRobin, tournament.Swiss}, format) {
		return Reply{}, refuse("tour.badformat", Quote(string(format)))
	}
	num := func(name string, lo, hi int) (int, error) {
		v := strings.TrimSpace(req.Options[name])
		if v == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return 0, refuse("tour.badnumber", name, Quote(v), lo, hi)
		}
		return n, nil
	}
	rounds, err := num("rounds", 1, 20)
	if err != nil {
		return Reply{}, err
	}
	switch {
	case format == tournament.Swiss && rounds == 0:
		return Reply{}, refuse("tour.needrounds")
	case format != tournament.Swiss && rounds != 0:
		return Reply{}, refuse("tour.roundsswiss")
	}
	minP, err := num("players", 2, store.DefaultMaxTournamentPlayers)
	if err != nil {
		return Reply{}, err
	}
	maxP, err := num("max", 2, store.DefaultMaxTournamentPlayers)
	if err != nil {
		return Reply{}, err
	}
	// The game's terms, read by its module as a challenge's options.
	topts := map[string]string{}
	for _, f := range strings.Fields(req.Options["terms"]) {
		k, v, ok := strings.Cut(f, ":")
		if !ok || k == "" || v == "" {
			return Reply{}, refuse("tour.badterms", Quote(f))
		}
		topts[strings.ToLower(k)] = v
	}
	for k := range topts {
		if k == "opponent" || k == "level" || k == "rated" || k == "time" || !slices.Contains(optionsOf(mod, "challenge"), k) {
			return Reply{}, refuse("tour.badterms", Quote(k))
		}
	}
	sub := req
	sub.Game, sub.Command, sub.Options = mod.command, "challenge", topts
	sub.Locale = withGame(req.Locale, mod.kind)
	var c store.Challenge
	if err := mod.ChallengeTerms(ctx, b, sub, &c); err != nil {
		return Reply{}, err
	}
	tr0 := req
	tr0.Options = map[string]string{"rated": req.Options["rated"], "time": req.Options["time"]}
	rated, moveTime, err := b.challengeTerms(ctx, tr0)
	if err != nil {
		return Reply{}, err
	}
	t := store.Tournament{Guild: req.Guild, Channel: req.Channel, Organizer: req.User.ID, Kind: c.Kind, Terms: c.Terms,
		MoveTime: max(moveTime, 0), Rated: rated && c.Rated, MinPlayers: minP, MaxPlayers: maxP,
		State: tournament.Tournament{Format: format, SwissRounds: rounds}}
	if v := strings.TrimSpace(req.Options["start"]); v != "" {
		d, err := ParseMoveTime(v)
		if err != nil || d <= 0 {
			return Reply{}, refuse("tour.badstart", Quote(v))
		}
		t.StartAt = b.Now().Add(d)
	}
	if v := strings.TrimSpace(req.Options["round-time"]); v != "" {
		d, err := ParseMoveTime(v)
		if err != nil {
			return Reply{}, refuse("tour.badroundtime", Quote(v))
		}
		t.RoundTime = d
	}
	switch v := strings.ToLower(strings.TrimSpace(req.Options["adjudication"])); v {
	case "", "loss":
		t.Adjudication = tournament.LossToMover
	case "draw":
		t.Adjudication = tournament.DrawIfPossible
	default:
		return Reply{}, refuse("tour.badadj", Quote(v))
	}
	t, err = b.tstore().CreateTournament(ctx, t)
	if err != nil {
		return Reply{}, tourRefusal(err)
	}
	b.Logger.Info("bot: tournament created", "tournament", t.ID, "guild", t.Guild, "kind", string(t.Kind), "format", string(format))
	r := b.announcement(loc, t)
	r.Posted = b.recordTournamentMessage(ctx, t)
	return r, nil
}

// recordTournamentMessage records the announcement's message id, so that
// the sweep can edit it when the tournament starts.
func (b *Bot) recordTournamentMessage(ctx context.Context, t store.Tournament) func(string) {
	return func(message string) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), PostTimeout)
		defer cancel()
		if !ValidID(message) {
			return
		}
		if _, err := b.tstore().SetTournamentMessage(ctx, t.ID, message); err != nil {
			b.Logger.Error("bot: recording a tournament's message failed", "tournament", t.ID, "err", err)
		}
	}
}

// tourRefusal words the store's refusals of tournaments.
func tourRefusal(err error) error {
	for _, r := range []struct {
		err error
		key string
	}{
		{store.ErrNotOrganizer, "tour.notorganizer"},
		{store.ErrTournamentFull, "tour.full"},
		{store.ErrAlreadyJoined, "tour.already"},
		{store.ErrNotJoined, "tour.notjoined"},
		{store.ErrTournamentStarted, "tour.started"},
		{store.ErrTournamentOver, "tour.over"},
		{store.ErrTooManyTournaments, "tour.toomany"},
		{store.ErrTooFewPlayers, "tour.toofew"},
		{store.ErrBadTerms, "tour.badterms.store"},
		{store.ErrBadTournament, "tour.badoptions"},
		{store.ErrNotFound, "tour.notfound"},
	} {
		if errors.Is(err, r.err) {
			if r.key == "tour.badoptions" {
				_, detail, _ := strings.Cut(err.Error(), "bad tournament options: ")
				return refuse(r.key, detail)
			}
			return refuse(r.key)
		}
	}
	return err
}

// pickTournament finds the tournament a subcommand is about: the one its
// id option names, else the only one of the server that is open or
// running (open only, with openOnly).
func (b *Bot) pickTournament(ctx context.Context, req Request, openOnly bool) (store.Tournament, error) {
	if v := strings.TrimSpace(req.Options["id"]); v != "" {
		id, err := strconv.ParseUint(strings.TrimPrefix(v, "#"), 10, 64)
		if err != nil {
			return store.Tournament{}, refuse("tour.notfound")
		}
		t, err := b.tstore().Tournament(ctx, id)
		if err != nil || t.Guild != req.Guild {
			return store.Tournament{}, refuse("tour.notfound")
		}
		return t, nil
	}
	all, err := b.tstore().Tournaments(ctx, req.Guild)
	if err != nil {
		return store.Tournament{}, err
	}
	var live []store.Tournament
	for _, t := range all {
		if t.Status == store.TournamentOpen || !openOnly && t.Status == store.TournamentRunning {
			live = append(live, t)
		}
	}
	switch len(live) {
	case 0:
		return store.Tournament{}, refuse("tour.none")
	case 1:
		return live[0], nil
	}
	ids := make([]string, len(live))
	for i, t := range live {
		ids[i] = "`" + strconv.FormatUint(t.ID, 10) + "`"
	}
	return store.Tournament{}, refuse("tour.which", strings.Join(ids, ", "))
}

func (b *Bot) tourJoin(ctx context.Context, req Request) (Reply, error) {
	t, err := b.pickTournament(ctx, req, true)
	if err != nil {
		return Reply{}, err
	}
	return b.join(ctx, req, t.ID, false)
}

func (b *Bot) tourLeave(ctx context.Context, req Request) (Reply, error) {
	t, err := b.pickTournament(ctx, req, false)
	if err != nil {
		return Reply{}, err
	}
	return b.leave(ctx, req, t.ID, false)
}

// join adds the user; by a button, the announcement is updated in place.
func (b *Bot) join(ctx context.Context, req Request, id uint64, button bool) (Reply, error) {
	if req.User.Bot {
		return Reply{}, refuse("tour.bot")
	}
	t, err := b.tstore().JoinTournament(ctx, id, req.User.ID, req.User.Name)
	if err != nil {
		return Reply{}, tourRefusal(err)
	}
	return b.afterEntry(req, t, button, "tour.joined")
}

func (b *Bot) leave(ctx context.Context, req Request, id uint64, button bool) (Reply, error) {
	t, err := b.tstore().LeaveTournament(ctx, id, req.User.ID)
	if err != nil {
		return Reply{}, tourRefusal(err)
	}
	if t.Status == store.TournamentFinished {
		r := Reply{Text: tr(req.Locale, "tour.withdrew", Mention(req.User.ID), t.ID)}
		r.Posts = append(r.Posts, b.finalPost(ctx, t))
		return r, nil
	}
	if t.Status == store.TournamentRunning {
		return Reply{Text: tr(req.Locale, "tour.withdrew", Mention(req.User.ID), t.ID)}, nil
	}
	return b.afterEntry(req, t, button, "tour.left")
}

// afterEntry answers a join or leave before the start: a button updates
// the announcement (Reply.Update); a command says so and edits the
// announcement when its message is known.
func (b *Bot) afterEntry(req Request, t store.Tournament, button bool, key string) (Reply, error) {
	ann := b.announcement(req.Locale, t)
	if button {
		return settled(ann, nil), nil
	}
	r := Reply{Text: tr(req.Locale, key, Mention(req.User.ID), t.ID, len(activePlayers(t)))}
	if t.Message != "" {
		r.Posts = append(r.Posts, Post{Channel: t.Channel, Message: t.Message, Reply: ann})
	}
	return r, nil
}

func (b *Bot) tourStart(ctx context.Context, req Request) (Reply, error) {
	t, err := b.pickTournament(ctx, req, true)
	if err != nil {
		return Reply{}, err
	}
	by, err := b.runner(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	t, err = b.tstore().StartTournament(ctx, t.ID, by)
	if err != nil {
		return Reply{}, tourRefusal(err)
	}
	r := Reply{Text: tr(req.Locale, "tour.startsoon", t.ID)}
	if t.Message != "" {
		r.Posts = append(r.Posts, Post{Channel: t.Channel, Message: t.Message, Reply: b.announcement(req.Locale, t)})
	}
	return r, nil
}

func (b *Bot) tourCancel(ctx context.Context, req Request) (Reply, error) {
	t, err := b.pickTournament(ctx, req, false)
	if err != nil {
		return Reply{}, err
	}
	by, err := b.runner(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	t, err = b.tstore().CancelTournament(ctx, t.ID, by)
	if err != nil {
		return Reply{}, tourRefusal(err)
	}
	r := Reply{Text: tr(req.Locale, "tour.cancelled", t.ID)}
	if t.Message != "" {
		r.Posts = append(r.Posts, Post{Channel: t.Channel, Message: t.Message, Reply: b.announcement(req.Locale, t)})
	}
	return r, nil
}

func (b *Bot) tourStandings(ctx context.Context, req Request) (Reply, error) {
	var (
		t   store.Tournament
		err error
	)
	if strings.TrimSpace(req.Options["id"]) == "" {
		all, lerr := b.tstore().Tournaments(ctx, req.Guild)
		if lerr != nil {
			return Reply{}, lerr
		}
		if len(all) == 0 {
			return Reply{}, refuse("tour.none")
		}
		t = all[0] // the oldest open or running one, else the latest over
		for _, o := range all {
			if o.Status == store.TournamentRunning {
				t = o
				break
			}
		}
	} else if t, err = b.pickTournament(ctx, req, false); err != nil {
		return Reply{}, err
	}
	return b.standingsReply(ctx, req.Locale, t), nil
}

func (b *Bot) tourList(ctx context.Context, req Request) (Reply, error) {
	all, err := b.tstore().Tournaments(ctx, req.Guild)
	if err != nil {
		return Reply{}, err
	}
	if len(all) == 0 {
		return Reply{}, refuse("tour.none")
	}
	var lines []string
	for i, t := range all {
		if i == 20 {
			break
		}
		lines = append(lines, tr(req.Locale, "tour.listline", t.ID, tourName(req.Locale, t), tr(req.Locale, "tour.status."+string(t.Status)),
			len(activePlayers(t)), Mention(t.Organizer)))
	}
	return Reply{Embeds: []Embed{{Title: tr(req.Locale, "tour.list"), Description: strings.Join(lines, "\n")}}}, nil
}

// tourButton answers Join and Leave on an announcement.
func (b *Bot) tourButton(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	tid, err := strconv.ParseUint(id.Key, 10, 64)
	if err != nil {
		return Reply{}, refuse("button.notmine")
	}
	if _, ok := b.Store.(TournamentStore); !ok {
		return Reply{}, refuse("tour.nostore")
	}
	if id.Action == btnTourJoin {
		return b.join(ctx, req, tid, true)
	}
	return b.leave(ctx, req, tid, true)
}

// activePlayers are the players not withdrawn.
func activePlayers(t store.Tournament) []string {
	var ps []string
	for _, p := range t.State.Players {
		if !p.Withdrawn {
			ps = append(ps, p.ID)
		}
	}
	return ps
}

// tourName names a tournament: "Tournament #3 · GAME (its terms), Swiss
// in 5 rounds", the game and its terms worded by the game's module as
// its challenges are (the game's name, then Module.ChallengeName of a
// challenge to the organizer on the tournament's terms, when it says
// more).
func tourName(loc string, t store.Tournament) string {
	m := moduleOf(t.Kind)
	name := reg().name(lang(loc), m.command)
	c := store.Challenge{Kind: t.Kind, Terms: t.Terms, Challenger: t.Organizer, Opponent: t.Organizer}
	if d := m.ChallengeName(withGame(loc, t.Kind), c); d != "" && d != name {
		name = tr(loc, "tour.gamename", name, d)
	}
	format := tr(loc, "tour.format."+string(t.State.Format))
	if t.State.Format == tournament.Swiss {
		format = tr(loc, "tour.format.swissn", t.State.SwissRounds)
	}
	return tr(loc, "tour.name", t.ID, name, format)
}

// announcement is a tournament's message: its terms, who is in, and the
// Join and Leave buttons while it is open.
func (b *Bot) announcement(loc string, t store.Tournament) Reply {
	var desc []string
	desc = append(desc, tr(loc, "tour.by", Mention(t.Organizer)), termsText(withGame(loc, t.Kind), t.Rated, t.MoveTime))
	switch {
	case t.Status != store.TournamentOpen:
	case t.StartAt.IsZero():
		desc = append(desc, tr(loc, "tour.startswhen", t.MinPlayers, t.MaxPlayers))
	default:
		desc = append(desc, tr(loc, "tour.startsat", t.StartAt.Unix(), t.MinPlayers, t.MaxPlayers))
	}
	if t.RoundTime > 0 {
		desc = append(desc, tr(loc, "tour.roundtime", Duration(loc, t.RoundTime)))
	}
	ps := activePlayers(t)
	who := tr(loc, "tour.nobody")
	if len(ps) > 0 {
		ms := make([]string, len(ps))
		for i, p := range ps {
			ms[i] = Mention(p)
		}
		who = strings.Join(ms, tr(loc, "list.sep"))
	}
	desc = append(desc, tr(loc, "tour.players", len(ps), who))
	desc = append(desc, tr(loc, "tour.status."+string(t.Status)))
	r := Reply{Embeds: []Embed{{Title: tourName(loc, t), Description: strings.Join(desc, "\n"), Color: ColorDraw}}}
	if t.Status == store.TournamentOpen {
		key := strconv.FormatUint(t.ID, 10)
		r.Buttons = []Button{
			{Label: tr(loc, "button.join"), CustomID: gameButton(t.Kind, btnTourJoin, key, 0), Style: Success},
			{Label: tr(loc, "button.leave"), CustomID: gameButton(t.Kind, btnTourLeave, key, 0), Style: Secondary},
		}
	}
	return r
}

// ---- the standings ----

// crossDrawers draw crosstables, one per theme, each made once.
var crossDrawers struct {
	mu sync.Mutex
	d  map[render.Theme]*crosstable.Drawer
}

// crossDrawer is the drawer of crosstables in theme th.
func (b *Bot) crossDrawer(th render.Theme) (*crosstable.Drawer, error) {
	crossDrawers.mu.Lock()
	defer crossDrawers.mu.Unlock()
	if d, ok := crossDrawers.d[th]; ok {
		return d, nil
	}
	o := b.cfg.Render
	o.Theme = th
	d, err := crosstable.New(o)
	if err != nil {
		return nil, err
	}
	if crossDrawers.d == nil {
		crossDrawers.d = map[render.Theme]*crosstable.Drawer{}
	}
	crossDrawers.d[th] = d
	return d, nil
}

// standingsReply is a tournament's standings: an embed with mentions and
// the crosstable image.
func (b *Bot) standingsReply(ctx context.Context, loc string, t store.Tournament) Reply {
	st := tournament.Standings(t.State)
	var lines []string
	for i, s := range st {
		if i == 30 {
			lines = append(lines, "…")
			break
		}
		line := tr(loc, "tour.line", s.Rank, Mention(s.ID), crosstable.Points(s.Points), crosstable.Points(s.Buchholz), crosstable.Points(s.SonnebornBerger))
		if s.Withdrawn {
			line += tr(loc, "tour.withdrawn")
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		lines = append(lines, tr(loc, "tour.nobody"))
	}
	title := tr(loc, "tour.standings", tourName(loc, t))
	e := Embed{Title: title, Description: strings.Join(lines, "\n"), Color: ColorDraw,
		Footer: tr(loc, "tour.tiebreaks") + " · " + tr(loc, "tour.roundof", t.Round(), totalRounds(t))}
	r := Reply{Embeds: []Embed{e}}
	if png, err := b.crosstablePNG(loc, t, b.themeFor(ctx, t.Guild, "")); err != nil {
		b.Logger.Warn("bot: drawing a crosstable failed", "tournament", t.ID, "err", err)
	} else if png != nil {
		name := fmt.Sprintf("tournament-%d.png", t.ID)
		r.Images = []Image{{Name: name, PNG: png}}
		r.Embeds[0].Image = name
	}
	return r
}

// totalRounds is how many rounds t has in all.
func totalRounds(t store.Tournament) int {
	n := len(t.State.Players)
	switch t.State.Format {
	case tournament.Swiss:
		return t.State.SwissRounds
	case tournament.DoubleRoundRobin:
		return 2 * (n - 1 + n%2)
	}
	return n - 1 + n%2
}

// crosstablePNG draws t's crosstable in theme th (the server's, as its
// boards).
func (b *Bot) crosstablePNG(loc string, t store.Tournament, th render.Theme) ([]byte, error) {
	if len(t.State.Players) == 0 {
		return nil, nil
	}
	d, err := b.crossDrawer(th)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, p := range t.State.Players {
		names[p.ID] = b.playerName(t, p.ID)
	}
	tab := crosstable.FromTournament(t.State, names)
	tab.Title = tourName(loc, t)
	var buf bytes.Buffer
	b.renders <- struct{}{}
	defer func() { <-b.renders }()
	if err := d.PNG(&buf, tab); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// playerName is a tournament player's display name: the name the bot
// knows now, else the one kept when they joined (after a restart), else
// their ID.
func (b *Bot) playerName(t store.Tournament, id string) string {
	if n := b.name(id); n != "player" {
		return n
	}
	if n := t.Names[id]; n != "" {
		return n
	}
	return id
}

// finalPost is the final standings of a finished tournament, for its
// channel, with its winners announced.
func (b *Bot) finalPost(ctx context.Context, t store.Tournament) Post {
	loc := b.guildLocale(ctx, map[string]string{}, t.Guild)
	r := b.standingsReply(ctx, loc, t)
	// The ranking's tie-breaks end with rating and join order: one winner.
	if st := tournament.Standings(t.State); len(st) > 0 {
		r.Text = tr(loc, "tour.won", tourName(loc, t), Mention(st[0].ID), crosstable.Points(st[0].Points))
	}
	r.Mentions = activePlayers(t)
	return Post{Channel: t.Channel, Reply: r}
}

// tournamentGameOver is the post of the final standings when g, a
// tournament game, was the one that finished its tournament.
func (b *Bot) tournamentGameOver(ctx context.Context, g store.Game) []Post {
	ts, ok := b.Store.(TournamentStore)
	if !ok || g.Tournament == 0 {
		return nil
	}
	t, err := ts.Tournament(ctx, g.Tournament)
	// The game whose end finished it is recorded in the transaction
	// that finished it: one end posts, even when the last two games
	// end at once (both then read the tournament finished).
	if err != nil || t.Status != store.TournamentFinished || t.FinalGame == 0 || t.FinalGame != g.ID {
		return nil
	}
	return []Post{b.finalPost(ctx, t)}
}

// ---- the sweep's step ----

// threadStarter is the starter of the sweep's game threads: the Sender of
// RunSweeper when it starts threads (the Discord adapter).
func (b *Bot) sweepThreads() ThreadStarter {
	b.lead.mu.Lock()
	defer b.lead.mu.Unlock()
	return b.threads
}

// SetThreads sets what starts the threads of tournament games started by
// the sweep; nil: the games are played in channels named after them (the
// console). RunSweeper sets its Sender when it is one.
func (b *Bot) SetThreads(t ThreadStarter) {
	b.lead.mu.Lock()
	b.threads = t
	b.lead.mu.Unlock()
}

// maxTournamentSteps bounds what one sweep does for one tournament (start,
// pair, start games, adjudicate, pair ...).
const maxTournamentSteps = 6

// sweepTournaments runs the tournaments: what is due at now for each.
func (b *Bot) sweepTournaments(ctx context.Context, now time.Time, locales map[string]string) []Post {
	ts, ok := b.Store.(TournamentStore)
	if !ok {
		return nil
	}
	due, err := ts.DueTournaments(ctx, now)
	if err != nil {
		b.Logger.Error("bot: sweep: listing the tournaments due failed", "err", err)
		return nil
	}
	var posts []Post
	seen := map[uint64]bool{}
	for _, d := range due {
		if seen[d.Tournament.ID] {
			continue
		}
		seen[d.Tournament.ID] = true
		func() {
			defer func() {
				if v := recover(); v != nil {
					b.logPanic(v, "sweeping tournament "+strconv.FormatUint(d.Tournament.ID, 10), Request{Guild: d.Tournament.Guild})
				}
			}()
			posts = append(posts, b.advanceTournament(ctx, ts, d.Tournament, now, b.guildLocale(ctx, locales, d.Tournament.Guild))...)
		}()
	}
	return posts
}

// advanceTournament does what is due for t, step by step.
func (b *Bot) advanceTournament(ctx context.Context, ts TournamentStore, t store.Tournament, now time.Time, loc string) []Post {
	var posts []Post
	fail := func(what string, err error) []Post {
		b.Logger.Error("bot: sweep: "+what+" failed", "tournament", t.ID, "err", err)
		return posts
	}
	for range maxTournamentSteps {
		switch t.Status {
		case store.TournamentOpen:
			if !(t.StartAt.IsZero() && len(t.State.Players) >= t.MinPlayers || !t.StartAt.IsZero() && !now.Before(t.StartAt)) {
				return posts
			}
			nt, err := ts.StartTournament(ctx, t.ID, store.Runner{})
			if errors.Is(err, store.ErrTooFewPlayers) || errors.Is(err, store.ErrTournamentStarted) {
				return posts
			}
			if err != nil {
				return fail("starting a tournament", err)
			}
			t = nt
			if t.Message != "" {
				posts = append(posts, Post{Channel: t.Channel, Message: t.Message, Reply: b.announcement(loc, t)})
			}
			if t.Status == store.TournamentCancelled {
				posts = append(posts, Post{Channel: t.Channel, Reply: Reply{Text: tr(loc, "tour.notenough", tourName(loc, t))}})
				return posts
			}
			b.Logger.Info("bot: tournament started", "tournament", t.ID, "players", len(t.State.Players))
		case store.TournamentRunning:
			n := t.Round()
			switch {
			case n == 0 || t.State.Rounds[n-1].Finished():
				nt, _, err := ts.PairNextRound(ctx, t.ID, n)
				if errors.Is(err, store.ErrAlreadyPaired) {
					return posts // another replica (or an earlier sweep) paired it and posts it
				}
				if err != nil {
					return fail("pairing a round", err)
				}
				t = nt
				if t.Status == store.TournamentFinished {
					b.Logger.Info("bot: tournament finished", "tournament", t.ID)
					return append(posts, b.finalPost(ctx, t))
				}
				b.Logger.Info("bot: tournament round paired", "tournament", t.ID, "round", t.Round())
				ps, nt2 := b.startTournamentGames(ctx, ts, t, loc)
				t = nt2
				card, nt3 := b.announceRound(ctx, ts, t, loc)
				t = nt3
				posts = append(posts, card...)
				posts = append(posts, ps...)
				continue
			case len(t.Unstarted()) > 0:
				ps, nt := b.startTournamentGames(ctx, ts, t, loc)
				posts = append(posts, ps...)
				if nt.Revision == t.Revision {
					return posts // nothing could start: the next sweep tries again
				}
				t = nt
				continue
			case t.Announced < n:
				// Paired by a replica that stopped before its card
				// went out (or whose games could not all start).
				card, nt := b.announceRound(ctx, ts, t, loc)
				posts = append(posts, card...)
				if nt.Revision == t.Revision {
					return posts
				}
				t = nt
				continue
			}
			if d, ok := t.RoundDeadline(); ok && !now.Before(d) {
				nt, err := ts.AdjudicateRound(ctx, t.ID, n)
				if err != nil {
					return fail("adjudicating a round", err)
				}
				t = nt
				posts = append(posts, Post{Channel: t.Channel, Reply: Reply{Text: tr(loc, "tour.adjudicated", tourName(loc, t), n)}})
				if t.Status == store.TournamentFinished {
					return append(posts, b.finalPost(ctx, t))
				}
				continue
			}
			return posts
		default:
			return posts
		}
	}
	return posts
}

// startTournamentGames starts the games of t's round that have none, each
// in a thread of its own (a channel named after it without a thread
// starter), and returns their cards and the tournament afterwards.
func (b *Bot) startTournamentGames(ctx context.Context, ts TournamentStore, t store.Tournament, loc string) ([]Post, store.Tournament) {
	var posts []Post
	threads := b.sweepThreads()
	for i, p := range t.Unstarted() {
		var where string
		name := tr(loc, "tour.thread", t.ID, p.Round, b.playerName(t, p.White), b.playerName(t, p.Black))
		if threads != nil {
			th, err := threads.StartThread(t.Channel, name)
			if err != nil {
				b.Logger.Warn("bot: sweep: starting a tournament game's thread failed; the next sweep tries again", "tournament", t.ID, "err", err)
				continue
			}
			where = th
		} else {
			where = fmt.Sprintf("t%d-r%d-g%d", t.ID, p.Round, i+1)
		}
		g, err := ts.StartTournamentGame(ctx, t.ID, p.Round, p.White, p.Black, where)
		if err != nil {
			b.Logger.Error("bot: sweep: starting a tournament game failed", "tournament", t.ID, "round", p.Round, "err", err)
			continue
		}
		view, err := b.gameViewIn(ctx, loc, g, tr(loc, "tour.gameintro", tourName(loc, t), p.Round), true)
		if err != nil {
			b.Logger.Error("bot: sweep: drawing a tournament game failed", "game", g.ID, "err", err)
			continue
		}
		posts = append(posts, Post{Channel: g.Channel, Reply: view})
	}
	if nt, err := ts.Tournament(ctx, t.ID); err == nil {
		t = nt
	}
	return posts, t
}

// announceRound claims the posting of the current round's pairings card
// (store.AnnounceRound: one replica, once) and returns the card, or
// nothing when another replica or an earlier sweep claimed it. The
// claim is made before the card is sent: a replica that stops between
// the two loses the card (the games' cards and threads carry the
// pairings too); one that stops before the claim leaves it to the next
// sweep.
func (b *Bot) announceRound(ctx context.Context, ts TournamentStore, t store.Tournament, loc string) ([]Post, store.Tournament) {
	nt, err := ts.AnnounceRound(ctx, t.ID, t.Round())
	switch {
	case errors.Is(err, store.ErrAlreadyAnnounced):
		return nil, t
	case err != nil:
		b.Logger.Error("bot: sweep: announcing a round failed; the next sweep tries again", "tournament", t.ID, "round", t.Round(), "err", err)
		return nil, t
	}
	return []Post{b.pairingsPost(loc, nt)}, nt
}

// pairingsPost is the one card of a round's pairings, each game with its
// thread.
func (b *Bot) pairingsPost(loc string, t store.Tournament) Post {
	n := t.Round()
	var lines, ping []string
	for _, p := range t.Pairings(n) {
		switch {
		case p.IsBye():
			lines = append(lines, tr(loc, "tour.bye", Mention(p.White)))
		default:
			where := ""
			if g, ok := t.Game(n, p.White, p.Black); ok {
				where = " " + ChannelMention(g.Thread)
			}
			res := ""
			for _, rg := range t.State.Rounds[n-1].Games {
				if rg.White == p.White && rg.Black == p.Black && rg.Result != tournament.Unplayed {
					res = " (" + string(rg.Result) + ")"
				}
			}
			lines = append(lines, tr(loc, "tour.pair", Mention(p.White), Mention(p.Black))+where+res)
			ping = append(ping, p.White, p.Black)
		}
	}
	desc := strings.Join(lines, "\n")
	if d, ok := t.RoundDeadline(); ok {
		desc += "\n" + tr(loc, "tour.deadline", d.Unix())
	}
	return Post{Channel: t.Channel, Reply: Reply{
		Embeds:   []Embed{{Title: tr(loc, "tour.round", tourName(loc, t), n, totalRounds(t)), Description: desc, Color: ColorDraw}},
		Mentions: ping,
	}}
}
