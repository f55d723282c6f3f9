package enginekit

import (
	"bufio"
	"errors"
	"io"
)

// ErrRecordTooLong is returned by ReadRecord for a record over its size
// limit. Each engine words it in its own error.
var ErrRecordTooLong = errors.New("the record is too long")

// ReadRecord reads the text of a game record from r, at most limit bytes,
// and calls tok with each token, in order, of every line that does not
// start with '#' (a comment), the line being cut into tokens by split
// (strings.Fields, or an engine's own). It returns the first error tok
// returns, as it is; ErrRecordTooLong as soon as the text passes limit
// bytes (counted exactly, line ends included), so that a record is never
// read cut short; or the reader's error.
func ReadRecord(r io.Reader, limit int, split func(line string) []string, tok func(string) error) error {
	br := bufio.NewReader(io.LimitReader(r, int64(limit)+1))
	total := 0
	for {
		line, err := br.ReadString('\n')
		total += len(line)
		if total > limit {
			return ErrRecordTooLong
		}
		if len(line) > 0 && line[0] != '#' {
			for _, t := range split(line) {
				if terr := tok(t); terr != nil {
					return terr
				}
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}
