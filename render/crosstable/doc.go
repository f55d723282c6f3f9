// Package crosstable draws a tournament's standings as a crosstable image
// in the house style of the boards (package render): the same themes,
// colours, stones and Go fonts, an image never nearly square (Discord on
// Android crops square images).
//
// A Table is plain data: a title, and a row per player in rank order
// with the display name, points, tie-breaks and cells, laid out by round
// (opponent's rank, colour and result, as Swiss crosstables are) or by
// opponent (round robins). FromTournament builds it from a
// tournament.Tournament and the players' display names; New makes a
// Drawer and its PNG draws a Table.
//
// # Names in any script
//
// Names are drawn from fonts compiled into the binary, per character:
// the Go fonts (Latin, Greek, Cyrillic), then a subset of DejaVu Sans
// (Arabic, Hebrew, Armenian, Georgian, extended Latin and Cyrillic,
// combining marks, symbols: 381 kB), then a subset of Droid Sans
// Fallback (Chinese, Japanese kana and kanji: 3.9 MB); fonts/README says
// how they are made. No embedded font has the Korean syllables (Droid
// Sans Fallback lacks them: Android drew Hangul with another font), so a
// Korean name shows a disc per syllable. Names are NFC-composed, Arabic letters take their
// joining forms and right-to-left runs are reversed (a simplified bidi).
// A character no font has, emoji and Hangul above all (no colour emoji font is
// embedded), is drawn as a small disc in the faint text colour, one per
// emoji sequence: never an empty box, never dropped silently. A name too
// long for its column ends with an ellipsis.
//
// # Limits
//
// At most MaxPlayers rows and MaxColumns columns (ErrTooLarge); neither
// side of an image is over MaxSide pixels: a table that would be drawn
// larger is drawn smaller. A Drawer is safe for concurrent use: every
// PNG makes its own font faces.
package crosstable
