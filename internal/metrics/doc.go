// Package metrics holds the bot's Prometheus registry and collectors: one
// Metrics value that cmd/veletasbot makes and passes to the layers it
// observes (the store, the core, the Discord adapter) through their own
// small observer interfaces, so that none of them imports Prometheus.
// There is no global registry: Handler serves this one's.
//
// Names follow Prometheus's conventions: the veletas_ prefix, base units
// (seconds), _total counters, _seconds histograms, and no user, channel,
// guild or game IDs among the labels.
package metrics
