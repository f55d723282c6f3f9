package discord

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/veletasbot/veletas/bot"
)

// Observer receives what the adapter measures (package internal/metrics
// implements it). Labels carry no user, channel or interaction IDs.
type Observer interface {
	// Interaction: one interaction answered, by type (command, button,
	// autocomplete), command (or button action) and outcome (answered,
	// refused, failed), with the time to its first response.
	Interaction(typ, command, outcome string, firstResponse time.Duration)
	// REST: one REST call by method and route template, its status (0:
	// no response), duration, and Retry-After for a 429.
	REST(method, route string, status int, took, retryAfter time.Duration)
	// DM: a direct message sent, or refused.
	DM(sent bool)
}

// Observe makes o receive the adapter's measures: call it before Open.
// The REST calls are measured by wrapping the session's transport.
func (d *Adapter) Observe(o Observer) {
	d.observer = o
	next := d.Session.Client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	d.Session.Client.Transport = &observedTransport{next: next, o: o}
}

// observedTransport reports each REST call to an Observer.
type observedTransport struct {
	next http.RoundTripper
	o    Observer
}

// RoundTrip implements http.RoundTripper.
func (t *observedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := t.next.RoundTrip(req)
	route := RouteTemplate(req.URL.Path)
	if err != nil {
		t.o.REST(req.Method, route, 0, time.Since(start), 0)
		return resp, err
	}
	var after time.Duration
	if resp.StatusCode == http.StatusTooManyRequests {
		if s, perr := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); perr == nil {
			after = time.Duration(s * float64(time.Second))
		}
	}
	t.o.REST(req.Method, route, resp.StatusCode, time.Since(start), after)
	return resp, nil
}

var (
	apiPrefix = regexp.MustCompile(`^.*?/api(/v[0-9]+)?`)
	snowflake = regexp.MustCompile(`^[0-9]{5,}$`)
)

// RouteTemplate is a REST path as a metric label: the /api/vN prefix
// dropped, IDs as {id}, an interaction's or webhook's token as {token},
// so that neither IDs nor secrets reach the labels.
func RouteTemplate(path string) string {
	path = apiPrefix.ReplaceAllString(path, "")
	parts := strings.Split(strings.Trim(path, "/"), "/")
	for i, p := range parts {
		switch {
		case snowflake.MatchString(p):
			parts[i] = "{id}"
		case i > 0 && (parts[i-1] == "{id}" && i >= 2 && (parts[i-2] == "webhooks" || parts[i-2] == "interactions")):
			parts[i] = "{token}"
		case i > 0 && parts[i-1] == "reactions":
			parts[i] = "{emoji}"
		}
	}
	return "/" + strings.Join(parts, "/")
}

// interactionType is the metric label of a request's type.
func interactionType(t bot.RequestType) string {
	switch t {
	case bot.TypeCommand:
		return "command"
	case bot.TypeButton:
		return "button"
	case bot.TypeAutocomplete:
		return "autocomplete"
	}
	return "other"
}

// observe reports an interaction answered with r's outcome.
func (d *Adapter) observe(x *exchange, outcome string) {
	if d.observer == nil {
		return
	}
	cmd := strings.TrimSpace(x.req.Game + " " + x.req.Command)
	if x.req.Type == bot.TypeButton {
		cmd = bot.ButtonLabel(x.req.CustomID)
	}
	d.observer.Interaction(interactionType(x.req.Type), cmd, outcome, x.first)
}
