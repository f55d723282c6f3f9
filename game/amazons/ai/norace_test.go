//go:build !race

package ai

// raceEnabled is set when the tests run under the race detector.
const raceEnabled = false
