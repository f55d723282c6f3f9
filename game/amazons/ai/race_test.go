//go:build race

package ai

// raceEnabled is set when the tests run under the race detector, which
// makes the ladder's hundreds of searches about ten times slower.
const raceEnabled = true
