//go:build race

package gifframes

// everyFrame: the race detector makes drawing about ten times slower, and
// the replays' frame tests draw every scene in full to compare; under it
// they check a sample of the frames (Checked).
const everyFrame = false
