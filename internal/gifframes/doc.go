// Package gifframes shows the frames of an animated GIF as a viewer does,
// for the tests of the games' replays: each frame's opaque pixels laid
// over the picture before it (disposal none, as the replays are written),
// compared by palette index or by colour; and the checksums of the
// replays pinned in a file of a test's testdata.
package gifframes
