package bot

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// Games against the AI
//
// `/GAME challenge opponent:@<the bot> level:…` starts a game
// against the game's computer player (its module's AIPlayer) at once. The challenger
// makes the first setup, as in a game between people, and the AI then
// chooses sides: the pie rule protects the human, who places first, and
// the AI's swap decision is its strongest part of the setup. A rematch
// alternates: the computer places first when the human did last time.
//
// The AI never acts inside an interaction. A handler that leaves the game
// with the AI to act answers at once (the board, "… is thinking") and
// queues the game once that reply is sent (Reply.After); a fixed pool of workers, started by StartAI and stopped
// by StopAI, takes games from the queue, lets the AI choose, applies its
// action through the store with the revision it thought about (dropped if
// the game changed meanwhile, after a resignation say) and posts the new
// board to the game's channel or thread through a Sender. StartAI and a
// rescan every AIConfig.Rescan find the games left with the AI to act
// (after a restart, or a queue that was full); the time-limit sweep
// leaves them to it.
//
// AI games have no time limit, are never rated and are left out of the
// standings (store.Game.AI).

// Sender posts a message to a channel outside any interaction, as the AI's
// actions are. The Discord adapter and the console implement it.
type Sender interface {
	Send(ctx context.Context, channel string, r Reply) error
}

// AIStore is what the AI needs from the store besides Store. *store.DB
// implements it.
type AIStore interface {
	StartAIGame(ctx context.Context, guild, channel, human, ai, level string, kind game.Kind, terms game.Terms, aiFirst bool) (store.Game, error)
	AIGamesToAct(ctx context.Context, ai string) ([]store.Game, error)
}

// AIConfig configures StartAI; zero values give the defaults.
type AIConfig struct {
	// Workers is how many AI decisions are computed at once (default
	// GOMAXPROCS). Hard already searches on both cores.
	Workers int
	// Queue bounds the games waiting for a worker (default 1024); a game
	// that does not fit waits for the next rescan.
	Queue int
	// PerUser bounds the games of one user waiting for the AI or being
	// decided (default DefaultAIPerUser); a further one waits for the
	// next rescan. The queue is fair (aiqueue.go): users take turns, and
	// easy and medium decisions never wait behind hard ones.
	PerUser int
	// Rescan is how often the games where the AI is to act (an index of
	// the store: only those are read) are looked at for one that is not
	// queued (default a minute; negative: at start only).
	Rescan time.Duration
	// RescanGrace, with several replicas, leaves to the replica that
	// took it a game whose last action is younger (it is thinking): the
	// leader's rescan takes only older ones, which a replica that died
	// left (zero: every game; cmd/veletasbot uses DefaultRescanGrace
	// with the etcd store).
	RescanGrace time.Duration
	// NewPlayer makes the computer player of a game, which the game's
	// module asks for (TakeAIPlayer); nil, or a value that is not the
	// module's kind of player, leaves the module's own, by the game's
	// level. Tests and the console inject players bounded by iterations,
	// which repeat their choices.
	NewPlayer func(g store.Game) any
}

// aiRunner is the worker pool of the AI.
type aiRunner struct {
	b     *Bot
	st    AIStore
	self  User
	send  Sender
	cfg   AIConfig
	queue *aiQueue
	stop  chan struct{}
	wg    sync.WaitGroup
	// ctx bounds the scans of the store for games to decide; StopAI
	// cancels it, so that a scan waiting for a store that does not answer
	// ends at once.
	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	stopped bool
	pending map[uint64]*aiTask // queued or being decided, by game ID
	idle    chan struct{}      // closed when pending becomes empty
	players map[uint64]any     // players kept between decisions, by game ID
}

// aiTask is a game queued for the AI: where it is, and whether it was
// queued again while a worker was deciding it.
type aiTask struct {
	guild, channel string
	job            aiJob
	again          bool
	queued         time.Time // when it was queued (metrics)
}

// botName is the bot's own name (the product's, not a game's) when
// StartAI is given none.
const botName = "Veletas"

// DefaultAIPerUser is how many of a user's games may wait for the AI or
// be decided at once by default (AIConfig.PerUser).
const DefaultAIPerUser = 3

// maxKeptPlayers bounds the players kept for their search trees between
// decisions: a hard decision allocates about 14 MB on 10x10 (BenchmarkLevel).
const maxKeptPlayers = 4

// StartAI starts the AI's workers: self is the bot's own user (the
// opponent to challenge; in the console a named user),
// send posts the AI's actions. It queues at once the active games whose
// AI is to act. It fails when the store cannot host AI games or the AI is
// already started.
func (b *Bot) StartAI(self User, send Sender, cfg AIConfig) error {
	st, ok := b.Store.(AIStore)
	if !ok {
		return errors.New("bot: the store cannot host games against the AI")
	}
	if !ValidID(self.ID) || send == nil {
		return errors.New("bot: the AI needs the bot's user ID and a sender")
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 1024
	}
	if cfg.PerUser <= 0 {
		cfg.PerUser = DefaultAIPerUser
	}
	if cfg.Rescan == 0 {
		cfg.Rescan = time.Minute
	}
	if self.Name == "" {
		self.Name = botName
	}
	r := &aiRunner{b: b, st: st, self: self, send: send, cfg: cfg,
		queue: newAIQueue(cfg.Workers, cfg.Queue, cfg.PerUser), stop: make(chan struct{}),
		pending: map[uint64]*aiTask{}, players: map[uint64]any{}}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	if !b.ai.CompareAndSwap(nil, r) {
		r.cancel()
		return errors.New("bot: the AI is already started")
	}
	b.remember(self)
	if b.Leading() {
		r.scan()
	}
	for range cfg.Workers {
		r.wg.Add(1)
		go r.work()
	}
	r.wg.Add(1)
	go r.rescan()
	b.Logger.Info("bot: AI started", "self", self.ID, "workers", cfg.Workers)
	return nil
}

// StopAI stops the AI's workers, waiting for the decisions under way to be
// applied and posted (the longest takes a few seconds). Queued games stay
// as they are stored and are found again by the next StartAI.
func (b *Bot) StopAI() {
	r := b.ai.Load()
	if r == nil {
		return
	}
	r.mu.Lock()
	if r.stopped {
		r.mu.Unlock()
		return
	}
	r.stopped = true
	r.cancel()
	close(r.stop)
	r.queue.close()
	r.mu.Unlock()
	r.wg.Wait()
	r.mu.Lock()
	clear(r.pending)
	if r.idle != nil {
		close(r.idle)
		r.idle = nil
	}
	r.mu.Unlock()
}

// WaitAI returns when no game is queued for the AI or being decided (or
// when ctx ends). The console calls it after each line so that its
// transcript does not depend on timing.
func (b *Bot) WaitAI(ctx context.Context) error {
	r := b.ai.Load()
	if r == nil {
		return nil
	}
	r.mu.Lock()
	idle := r.idle
	r.mu.Unlock()
	if idle == nil {
		return nil
	}
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// isSelf reports whether user is the bot itself, with the AI running.
func (b *Bot) isSelf(user string) bool {
	r := b.ai.Load()
	return r != nil && user == r.self.ID
}

// aiTurn queues g when its AI is to act; handlers call it after every
// change of a game.
func (b *Bot) aiTurn(g store.Game) {
	if g.AI == "" || g.ToAct() != g.AI {
		return
	}
	if r := b.ai.Load(); r != nil {
		r.enqueue(g)
	}
}

// aiAfter makes r start the AI once it is sent (Reply.After) when g has
// the AI to act.
func (b *Bot) aiAfter(r *Reply, g store.Game) {
	if g.AI != "" && g.ToAct() == g.AI {
		r.After = func() { b.aiTurn(g) }
	}
}

// aiThinking is the line shown instead of a prompt while the AI is to act.
func aiThinking(loc string, g store.Game) string {
	return tr(loc, "ai.thinking", Mention(g.AI), levelText(loc, g.AILevel))
}

// challengeAI starts a game against the AI at once; opp is the opponent
// named, the bot itself unless level was given for a person.
func (b *Bot) challengeAI(ctx context.Context, req Request, opp string) (Reply, error) {
	r := b.ai.Load()
	switch {
	case r == nil: // a level was given, but the AI is off
		return Reply{}, refuse("ai.off")
	case opp != r.self.ID:
		return Reply{}, refuse("ai.level.human")
	}
	mod := req.module()
	if mod.ai == nil {
		return Reply{}, refuse("ai.off")
	}
	s := strings.TrimSpace(req.Options["level"])
	lv, ok := mod.ai.AILevel(s)
	if !ok || len(s) > 8 {
		return Reply{}, refuse("ai.level.bad", Quote(s))
	}
	return b.startAIGame(ctx, req, r, lv)
}

// startAIGame starts the game of req's user against the AI in req's
// channel, in a new thread when the front end can make one.
func (b *Bot) startAIGame(ctx context.Context, req Request, r *aiRunner, level string) (Reply, error) {
	mod := req.module()
	if mod.ai == nil {
		return Reply{}, refuse("ai.off")
	}
	g, err := mod.ai.StartAI(ctx, b, req, r.self.ID, level)
	if err != nil {
		if errors.Is(err, store.ErrChannelBusy) {
			return Reply{}, b.busy(ctx, req)
		}
		return Reply{}, err
	}
	loc := withGame(req.Locale, g.Kind)
	b.Logger.Info("bot: AI game started", "game", g.ID, "kind", string(g.Kind), "guild", g.Guild, "channel", g.Channel, "name", moduleOf(g.Kind).GameName("", g), "level", g.AILevel)
	intro := tr(loc, "ai.start", Mention(req.User.ID), levelText(loc, g.AILevel))
	others, edits := b.withdrawOthers(ctx, loc, g)
	intro += others
	// The AI starts when it moves first (a game with the human as
	// Black), once the reply is out.
	after := func(r *Reply, g store.Game) {
		b.aiAfter(r, g)
	}
	if req.Threads != nil {
		thread, err := req.Threads.StartThread(g.Channel, tr(loc, "ai.thread", moduleOf(g.Kind).GameName(loc, g), b.name(g.Opponent(g.AI)), levelText(loc, g.AILevel)))
		if err == nil {
			g2, err := b.Store.SetGameThread(ctx, g.Guild, g.Channel, thread)
			if err == nil {
				view, err := b.gameViewIn(ctx, loc, g2, tr(loc, "game.starts"), true)
				if err != nil {
					return Reply{}, err
				}
				r := Reply{
					Text:  tr(loc, "accept.inthread", intro, ChannelMention(thread)),
					Posts: []Post{{Channel: thread, Reply: view}},
				}
				r.Posts = append(r.Posts, edits...)
				after(&r, g2)
				return r, nil
			}
			b.Logger.Warn("bot: recording the game's thread failed; playing in the channel", "game", g.ID, "err", err)
		} else {
			b.Logger.Info("bot: no thread for the game; playing in the channel", "game", g.ID, "err", err)
		}
	}
	view, err := b.gameViewIn(ctx, loc, g, intro, true)
	if err != nil {
		b.aiTurn(g)
		return Reply{}, err
	}
	view.Posts = append(view.Posts, edits...)
	after(&view, g)
	return view, nil
}

// enqueue queues a game for a worker, or marks it to be looked at again
// when a worker has it already.
func (r *aiRunner) enqueue(g store.Game) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	if t, ok := r.pending[g.ID]; ok {
		t.again = true
		return
	}
	mod := moduleOf(g.Kind) // an unknown level is refused by decide
	j := aiJob{game: g.ID, user: g.Opponent(g.AI), costly: mod.ai != nil && mod.ai.AICostly(g.AILevel)}
	if !r.queue.push(j) {
		r.b.Logger.Info("bot: AI queue full, or the player has the most games queued; the game waits for the next rescan",
			"game", g.ID, "user", j.user)
		return
	}
	if len(r.pending) == 0 {
		r.idle = make(chan struct{})
	}
	r.pending[g.ID] = &aiTask{guild: g.Guild, channel: g.Channel, job: j, queued: time.Now()}
}

// done ends a worker's job: its game is queued again when it was marked
// meanwhile, else forgotten.
func (r *aiRunner) done(j aiJob) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.queue.finish(j)
	id := j.game
	t, ok := r.pending[id]
	if !ok {
		return
	}
	if t.again && !r.stopped {
		t.again = false
		if r.queue.push(t.job) {
			return
		}
	}
	delete(r.pending, id)
	if len(r.pending) == 0 && r.idle != nil {
		close(r.idle)
		r.idle = nil
	}
}

func (r *aiRunner) task(id uint64) (aiTask, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	t, ok := r.pending[id]
	if !ok {
		return aiTask{}, false
	}
	return *t, true
}

// scan queues every active game whose AI is to act (and whose last
// action is older than RescanGrace).
func (r *aiRunner) scan() {
	ctx, cancel := context.WithTimeout(r.ctx, AITimeout)
	defer cancel()
	games, err := r.st.AIGamesToAct(ctx, r.self.ID) // an index: only those
	if err != nil {
		r.b.Logger.Warn("bot: scanning games for the AI failed", "err", err)
		return
	}
	now := r.b.Now()
	for _, g := range games {
		if g.AI == r.self.ID && (r.cfg.RescanGrace <= 0 || now.Sub(g.Updated) >= r.cfg.RescanGrace) {
			r.b.aiTurn(g)
		}
	}
}

// rescan scans every Rescan (never when negative), and at once when the
// replica is elected, while it leads.
func (r *aiRunner) rescan() {
	defer r.wg.Done()
	var tick <-chan time.Time
	if r.cfg.Rescan > 0 {
		t := time.NewTicker(r.cfg.Rescan)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-r.stop:
			return
		case <-tick:
		case <-r.b.scanWake():
		}
		if r.b.Leading() {
			r.scan()
		}
	}
}

func (r *aiRunner) work() {
	defer r.wg.Done()
	for {
		j, ok := r.queue.take()
		if !ok {
			return
		}
		select {
		case <-r.stop:
			return
		default:
		}
		r.decide(j.game)
		r.done(j)
	}
}

// TakeAIPlayer returns the computer player kept for game g, else
// AIConfig.NewPlayer's, else newPlayer's; the caller has it alone until it
// gives it back with KeepAIPlayer. A module's AIDecide calls it, and
// checks that the player is of its kind.
func (b *Bot) TakeAIPlayer(g store.Game, newPlayer func() any) any {
	r := b.ai.Load()
	if r == nil {
		return newPlayer()
	}
	r.mu.Lock()
	p, ok := r.players[g.ID]
	delete(r.players, g.ID)
	r.mu.Unlock()
	if ok {
		return p
	}
	if r.cfg.NewPlayer != nil {
		if p := r.cfg.NewPlayer(g); p != nil {
			return p
		}
	}
	return newPlayer()
}

// KeepAIPlayer keeps the player of game id for its next decision (its
// search tree), a few games at most.
func (b *Bot) KeepAIPlayer(id uint64, p any) {
	r := b.ai.Load()
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.players) >= maxKeptPlayers {
		for k := range r.players { // drop one, any
			delete(r.players, k)
			break
		}
	}
	r.players[id] = p
}

// AIGuard runs f, a computer player's decision in game id, turning a
// panic into an error (logged with its stack).
func (b *Bot) AIGuard(id uint64, f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			b.logPanic(v, "in the AI's decision", Request{ID: "ai-game-" + strconv.FormatUint(id, 10)})
			err = fmt.Errorf("bot: the AI panicked: %v", v)
		}
	}()
	return f()
}

// decide lets the AI act in game id if it is still its turn, applies the
// action at the revision it saw and posts the new board. Its work with the
// store is bounded by AITimeout (not the thinking, which the level
// bounds); StopAI does not cancel a decision under way, it waits for it.
func (r *aiRunner) decide(id uint64) {
	ctx, cancel := context.WithTimeout(context.Background(), AITimeout)
	defer cancel()
	t, ok := r.task(id)
	if !ok {
		return
	}
	log := r.b.Logger.With("game", id)
	defer func() {
		if v := recover(); v != nil {
			r.b.logPanic(v, "in the AI's move", Request{ID: "ai-game-" + strconv.FormatUint(id, 10), Guild: t.guild, Channel: t.channel})
		}
	}()
	g, err := r.b.Store.ActiveGame(ctx, t.guild, t.channel)
	if err != nil || g.ID != id || g.AI == "" || g.ToAct() != g.AI {
		return // over, or the AI is not to act
	}
	start := time.Now()
	if o := r.b.cfg.Observer; o != nil {
		defer func() { o.AIDecision(string(g.Kind), g.AILevel, time.Since(start), start.Sub(t.queued)) }()
	}
	mod := moduleOf(g.Kind)
	if mod.ai == nil {
		log.Error("bot: an AI game of a game without a computer player", "kind", string(g.Kind))
		return
	}
	g2, action, err := mod.ai.AIDecide(ctx, r.b, g)
	switch {
	case errors.Is(err, store.ErrStaleRevision) || errors.Is(err, store.ErrNoGame) || errors.Is(err, store.ErrNotYourTurn):
		log.Info("bot: AI action dropped: the game changed while it thought", "action", action, "err", err)
		return
	case err != nil:
		log.Error("bot: applying the AI's action failed", "action", action, "err", err)
		return
	}
	a := action
	log.Debug("bot: AI acted", "action", a, "level", g.AILevel, "ms", time.Since(start).Milliseconds())
	if g2.Over() {
		r.b.Logger.Info("bot: game over", "game", g2.ID, "winner", g2.Winner, "reason", g2.Reason.String())
	}
	loc := "" // the server's language (its settings), as for the other notices
	if set, err := r.b.Store.Settings(ctx, g2.Guild); err == nil {
		loc = set.Locale
	}
	loc = withGame(loc, g2.Kind)
	view, err := r.b.gameViewIn(ctx, loc, g2, "", true)
	if err != nil {
		log.Error("bot: showing the AI's action failed", "err", err)
		return
	}
	channel := g2.Channel
	if g2.Thread != "" {
		channel = g2.Thread
	}
	pctx, pcancel := context.WithTimeout(context.Background(), PostTimeout)
	defer pcancel()
	view = r.b.offChannel(pctx, g2, view) // by DM outside servers (reach.go)
	if err := r.send.Send(pctx, channel, view); err != nil {
		log.Warn("bot: posting the AI's action failed", "channel", channel, "err", err)
	}
	r.b.aiTurn(g2) // never true today: the human acts next
}
