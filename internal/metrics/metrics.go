package metrics

import (
	"context"
	"net/http"
	"runtime/debug"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Outcomes of an interaction.
const (
	Answered = "answered" // the user got what they asked for
	Refused  = "refused"  // the user was told why not (a rule, a bad input)
	Failed   = "failed"   // our fault: a panic, the store failing
)

// latencyBuckets are the histograms' buckets in seconds, around
// Discord's 3-second deadline for a first response.
var latencyBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 3, 5, 10}

// Metrics is the bot's registry with its collectors. Its methods are
// safe for concurrent use; a nil *Metrics observes nothing.
type Metrics struct {
	Registry *prometheus.Registry

	interactions  *prometheus.CounterVec
	firstResponse *prometheus.HistogramVec
	rest          *prometheus.CounterVec
	restSeconds   *prometheus.HistogramVec
	rateLimits    *prometheus.CounterVec
	rateLimitWait prometheus.Counter
	actions       *prometheus.CounterVec
	commitSeconds *prometheus.HistogramVec
	conflicts     *prometheus.CounterVec
	aiDecisions   *prometheus.CounterVec
	aiSeconds     *prometheus.HistogramVec
	aiQueueWait   *prometheus.HistogramVec
	images        prometheus.Counter
	imageSeconds  prometheus.Histogram
	dms           *prometheus.CounterVec
	elections     prometheus.Counter
	activeGames   *prometheus.GaugeVec

	// countActive counts the active games by kind at each scrape.
	countActive atomic.Pointer[func(context.Context) (map[string]int, error)]
	// leading reports whether this replica leads (nil: it does not).
	leading atomic.Pointer[func() bool]
}

// New returns Metrics on a new registry, with the Go runtime's and the
// process's collectors and veletas_build_info.
func New() *Metrics {
	r := prometheus.NewRegistry()
	f := func(c prometheus.Collector) { r.MustRegister(c) }
	m := &Metrics{Registry: r}
	m.interactions = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "veletas_interactions_total",
		Help: "Interactions answered, by type (command, button, autocomplete), command and outcome (answered, refused, failed)."},
		[]string{"type", "command", "outcome"})
	m.firstResponse = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "veletas_interaction_first_response_seconds",
		Help: "Time from an interaction's arrival to its first response (the answer or the deferral), by type.", Buckets: latencyBuckets},
		[]string{"type"})
	m.rest = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "veletas_discord_requests_total",
		Help: "Discord REST calls by method, route template and status code (error when no response came)."},
		[]string{"method", "route", "status"})
	m.restSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "veletas_discord_request_duration_seconds",
		Help: "Duration of Discord REST calls by method and route template.", Buckets: latencyBuckets},
		[]string{"method", "route"})
	m.rateLimits = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "veletas_discord_rate_limited_total",
		Help: "Discord REST calls answered 429 Too Many Requests, by route template."}, []string{"route"})
	m.rateLimitWait = prometheus.NewCounter(prometheus.CounterOpts{Name: "veletas_discord_rate_limit_wait_seconds_total",
		Help: "Sum of the Retry-After times of the 429 answers (the bot does not sleep through them: a reply that waited would miss its deadline)."})
	m.actions = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "veletas_store_commits_total",
		Help: "Store transactions committed (actions on games, challenges, settings), by backend (bolt, etcd)."}, []string{"backend"})
	m.commitSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "veletas_store_commit_duration_seconds",
		Help: "Duration of store transactions that committed, retries included, by backend.", Buckets: latencyBuckets}, []string{"backend"})
	m.conflicts = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "veletas_store_conflicts_total",
		Help: "Store transactions retried after a conflicting write, by backend."}, []string{"backend"})
	m.aiDecisions = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "veletas_ai_decisions_total",
		Help: "Decisions of the computer player, by game kind and level."}, []string{"game", "level"})
	m.aiSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "veletas_ai_decision_duration_seconds",
		Help: "Thinking time of the computer player, by game kind and level.", Buckets: latencyBuckets}, []string{"game", "level"})
	m.aiQueueWait = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "veletas_ai_queue_wait_seconds",
		Help: "Time a game waited in the computer player's queue, by game kind and level.", Buckets: latencyBuckets}, []string{"game", "level"})
	m.images = prometheus.NewCounter(prometheus.CounterOpts{Name: "veletas_images_rendered_total",
		Help: "Board images drawn and encoded (cache misses)."})
	m.imageSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "veletas_image_render_duration_seconds",
		Help: "Time to draw and encode a board image.", Buckets: latencyBuckets})
	m.dms = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "veletas_dms_total",
		Help: "Direct messages by result: sent, or refused (the user closed their DMs, or Discord refused)."}, []string{"result"})
	leader := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "veletas_leader",
		Help: "1 while this replica leads (sweeps, rescans the computer's games), else 0; 1 for a single process on bolt."},
		func() float64 {
			if f := m.leading.Load(); f != nil && (*f)() {
				return 1
			}
			return 0
		})
	m.elections = prometheus.NewCounter(prometheus.CounterOpts{Name: "veletas_leader_elections_total",
		Help: "Times this replica won the election."})
	m.activeGames = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "veletas_active_games",
		Help: "Games being played, by game kind, counted in the store at the scrape."}, []string{"game"})
	build := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "veletas_build_info",
		Help: "1, labelled with the build's module version, VCS revision and Go version."}, []string{"version", "revision", "goversion"})
	version, revision, gov := buildInfo()
	build.WithLabelValues(version, revision, gov).Set(1)
	for _, c := range []prometheus.Collector{m.interactions, m.firstResponse, m.rest, m.restSeconds, m.rateLimits, m.rateLimitWait,
		m.actions, m.commitSeconds, m.conflicts, m.aiDecisions, m.aiSeconds, m.aiQueueWait, m.images, m.imageSeconds,
		m.dms, leader, m.elections, m.activeGames, build,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{})} {
		f(c)
	}
	return m
}

func buildInfo() (version, revision, gov string) {
	version, revision, gov = "unknown", "unknown", "unknown"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return
	}
	version, gov = bi.Main.Version, bi.GoVersion
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" {
			revision = s.Value
		}
	}
	return
}

// Handler serves the registry in Prometheus's text format (GET /metrics),
// counting the active games first (CountActive).
func (m *Metrics) Handler() http.Handler {
	h := promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f := m.countActive.Load(); f != nil {
			ctx, cancel := context.WithTimeout(r.Context(), CountTimeout)
			n, err := (*f)(ctx)
			cancel()
			if err == nil {
				m.activeGames.Reset()
				for kind, c := range n {
					m.activeGames.WithLabelValues(kind).Set(float64(c))
				}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// CountTimeout bounds the count of the active games at a scrape; the
// last count stays when it fails.
const CountTimeout = 2 * time.Second

// CountActive makes each scrape set veletas_active_games from f (the
// store's active games counted by kind).
func (m *Metrics) CountActive(f func(context.Context) (map[string]int, error)) {
	if m == nil {
		return
	}
	m.countActive.Store(&f)
}

// Interaction records an interaction answered and, when firstResponse is
// positive, the time to its first response.
func (m *Metrics) Interaction(typ, command, outcome string, firstResponse time.Duration) {
	if m == nil {
		return
	}
	m.interactions.WithLabelValues(typ, command, outcome).Inc()
	if firstResponse > 0 {
		m.firstResponse.WithLabelValues(typ).Observe(firstResponse.Seconds())
	}
}

// REST records a Discord REST call: status 0 for one that got no
// response; retryAfter for a 429.
func (m *Metrics) REST(method, route string, status int, took, retryAfter time.Duration) {
	if m == nil {
		return
	}
	s := "error"
	if status > 0 {
		s = strconv.Itoa(status)
	}
	m.rest.WithLabelValues(method, route, s).Inc()
	m.restSeconds.WithLabelValues(method, route).Observe(took.Seconds())
	if status == http.StatusTooManyRequests {
		m.rateLimits.WithLabelValues(route).Inc()
		m.rateLimitWait.Add(retryAfter.Seconds())
	}
}

// DM records a direct message sent (or refused).
func (m *Metrics) DM(sent bool) {
	if m == nil {
		return
	}
	if sent {
		m.dms.WithLabelValues("sent").Inc()
	} else {
		m.dms.WithLabelValues("refused").Inc()
	}
}

// Committed records a store transaction that committed after took.
func (m *Metrics) Committed(backend string, took time.Duration) {
	if m == nil {
		return
	}
	m.actions.WithLabelValues(backend).Inc()
	m.commitSeconds.WithLabelValues(backend).Observe(took.Seconds())
}

// Conflicted records a store transaction retried after a conflict.
func (m *Metrics) Conflicted(backend string) {
	if m == nil {
		return
	}
	m.conflicts.WithLabelValues(backend).Inc()
}

// AIDecision records a decision of the computer player: its thinking
// time and how long its game waited in the queue.
func (m *Metrics) AIDecision(game, level string, think, queued time.Duration) {
	if m == nil {
		return
	}
	m.aiDecisions.WithLabelValues(game, level).Inc()
	m.aiSeconds.WithLabelValues(game, level).Observe(think.Seconds())
	m.aiQueueWait.WithLabelValues(game, level).Observe(queued.Seconds())
}

// ImageRendered records a board image drawn and encoded in took.
func (m *Metrics) ImageRendered(took time.Duration) {
	if m == nil {
		return
	}
	m.images.Inc()
	m.imageSeconds.Observe(took.Seconds())
}

// Leading makes veletas_leader report what f says.
func (m *Metrics) Leading(f func() bool) {
	if m == nil {
		return
	}
	m.leading.Store(&f)
}

// Elected counts an election this replica won.
func (m *Metrics) Elected() {
	if m == nil {
		return
	}
	m.elections.Inc()
}
