package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/veletasbot/veletas/internal/metrics"
)

// samples are Prometheus samples in the text format, summed by metric
// name and the labels kept (see scrape).
type samples map[string]float64

// scrape reads the text exposition in r and adds to s each sample of a
// metric in names (by prefix), keyed by its name and the values of the
// labels in keep (such as grpc_method), in the order written.
func (s samples) scrape(r io.Reader, names []string, keep []string) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		sp := strings.LastIndexByte(line, ' ')
		if sp < 0 {
			continue
		}
		v, err := strconv.ParseFloat(line[sp+1:], 64)
		if err != nil {
			continue
		}
		series := line[:sp]
		name, labels, _ := strings.Cut(series, "{")
		if !hasPrefix(name, names) {
			continue
		}
		key := name
		for _, k := range keep {
			if i := strings.Index(labels, k+`="`); i >= 0 {
				rest := labels[i+len(k)+2:]
				if j := strings.IndexByte(rest, '"'); j >= 0 {
					key += " " + rest[:j]
				}
			}
		}
		s[key] += v
	}
}

func hasPrefix(name string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// over is the share of the observations of histogram name (summed over
// the labels not kept) above the bucket bound le, as the exposition
// writes it ("0.25").
func (s samples) over(name, le string) float64 {
	n := s[name+"_count"]
	if n == 0 {
		return 0
	}
	return 1 - s[name+"_bucket "+le]/n
}

// minus is s less before, sample by sample.
func (s samples) minus(before samples) samples {
	out := samples{}
	for k, v := range s {
		out[k] = v - before[k]
	}
	return out
}

// breakdown collects, from the replicas' registries and the etcd
// members' /metrics, the counters that tell where a move's time goes:
// the store's commits and conflicts, the images rendered, the Discord
// REST calls, and etcd's requests by method and its WAL fsyncs.
type breakdown struct {
	regs []*metrics.Metrics
	etcd []string // host:port of each member's client URL
}

var (
	botSeries  = []string{"veletas_store_", "veletas_image_", "veletas_discord_request_duration_seconds", "veletas_interaction_first_response_seconds"}
	botLabels  = []string{"method", "route", "type", "le"}
	etcdSeries = []string{"grpc_server_handled_total", "etcd_disk_wal_fsync_duration_seconds", "etcd_disk_backend_commit_duration_seconds", "etcd_server_read_indexes_failed_total", "etcd_server_slow_read_indexes_total"}
	etcdLabels = []string{"grpc_method", "grpc_code", "le"}
)

// take reads every source now.
func (bd *breakdown) take(tb testing.TB) samples {
	s := samples{}
	for _, m := range bd.regs {
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		s.scrape(rec.Body, botSeries, botLabels)
	}
	c := &http.Client{Timeout: 5 * time.Second}
	for _, ep := range bd.etcd {
		resp, err := c.Get("http://" + ep + "/metrics")
		if err != nil {
			tb.Logf("breakdown: etcd metrics of %s: %v", ep, err)
			continue
		}
		s.scrape(resp.Body, etcdSeries, etcdLabels)
		resp.Body.Close()
	}
	return s
}

// report logs the counters of d (the difference over the measured part)
// per move and per call, and reports the main ones as metrics.
func (bd *breakdown) report(b *testing.B, d samples, moves int) {
	var lines []string
	mean := func(name string) (n, ms float64) {
		n = d[name+"_count"]
		if n > 0 {
			ms = 1000 * d[name+"_sum"] / n
		}
		return n, ms
	}
	per := func(v float64) float64 { return v / float64(max(moves, 1)) }
	if n, ms := mean("veletas_store_commit_duration_seconds"); n > 0 {
		lines = append(lines, fmt.Sprintf("store commits %.0f (%.2f a move), mean %.1f ms, over 100 ms %.1f%%, over 250 ms %.1f%%; conflicts %.0f",
			n, per(n), ms, 100*d.over("veletas_store_commit_duration_seconds", "0.1"), 100*d.over("veletas_store_commit_duration_seconds", "0.25"),
			d["veletas_store_conflicts_total"]))
		b.ReportMetric(ms, "commit-ms")
	}
	if n, ms := mean("veletas_image_render_duration_seconds"); n > 0 {
		lines = append(lines, fmt.Sprintf("images %.0f (%.2f a move), mean %.1f ms", n, per(n), ms))
		b.ReportMetric(ms, "image-ms")
	}
	var keys []string
	for k := range d {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if rest, ok := strings.CutPrefix(k, "veletas_discord_request_duration_seconds_count "); ok {
			n, ms := mean("veletas_discord_request_duration_seconds " + rest)
			if n == 0 {
				continue
			}
			lines = append(lines, fmt.Sprintf("REST %s: %.0f (%.2f a move), mean %.1f ms", rest, n, per(n), ms))
		}
		if rest, ok := strings.CutPrefix(k, "veletas_interaction_first_response_seconds_count "); ok {
			n, ms := mean("veletas_interaction_first_response_seconds " + rest)
			lines = append(lines, fmt.Sprintf("first responses %s: %.0f, mean %.1f ms", rest, n, ms))
		}
		if rest, ok := strings.CutPrefix(k, "grpc_server_handled_total "); ok && d[k] > 0 {
			lines = append(lines, fmt.Sprintf("etcd %s: %.0f (%.2f a move, all members)", rest, d[k], per(d[k])))
		}
	}
	if n, ms := mean("etcd_disk_wal_fsync_duration_seconds"); n > 0 {
		lines = append(lines, fmt.Sprintf("etcd WAL fsyncs %.0f (all members), mean %.2f ms, over 16 ms %.2f%%, over 128 ms %.2f%%",
			n, ms, 100*d.over("etcd_disk_wal_fsync_duration_seconds", "0.016"), 100*d.over("etcd_disk_wal_fsync_duration_seconds", "0.128")))
		b.ReportMetric(ms, "fsync-ms")
	}
	if n, ms := mean("etcd_disk_backend_commit_duration_seconds"); n > 0 {
		lines = append(lines, fmt.Sprintf("etcd backend commits %.0f (all members), mean %.2f ms", n, ms))
	}
	if n := d["etcd_server_slow_read_indexes_total"]; n > 0 {
		lines = append(lines, fmt.Sprintf("etcd slow read indexes %.0f", n))
	}
	b.Logf("where the time went (the measured part, %d moves):\n\t%s", moves, strings.Join(lines, "\n\t"))
}
