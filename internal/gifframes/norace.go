//go:build !race

package gifframes

// everyFrame: without the race detector the replays' frame tests check
// every frame (Checked).
const everyFrame = true
