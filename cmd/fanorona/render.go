package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/render"
)

const renderUsage = "usage: fanorona render [-variant V] [-theme light|dark] [-width PIXELS] -o FILE.png 'POSITION', or -record FILE [-gif] -o FILE.png|FILE.gif"

// render draws a position, or a record's last position (with its last
// turn) or whole replay, to a PNG or GIF file.
func (m *Main) render(args []string) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	variant := fs.String("variant", "fanorona", "fanorona or vela, for a position")
	theme := fs.String("theme", "light", "light or dark")
	width := fs.Int("width", render.DefaultWidth, "image width in pixels")
	record := fs.String("record", "", "a game record to draw (- for standard input)")
	anim := fs.Bool("gif", false, "with -record: the animated replay")
	out := fs.String("o", "", "the output file (- for standard output)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return fmt.Errorf("%v: %s", err, renderUsage)
	}
	if *out == "" {
		return errors.New("option -o FILE is required: " + renderUsage)
	}
	if *width < render.MinWidth || *width > render.MaxWidth {
		return fmt.Errorf("option -width: %d is outside %d to %d", *width, render.MinWidth, render.MaxWidth)
	}
	th, err := render.ParseTheme(*theme)
	if err != nil {
		return fmt.Errorf("option -theme: %w", err)
	}
	r, err := render.New(render.Options{Theme: th, Width: *width})
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	switch {
	case *record != "" && fs.NArg() > 0:
		return errors.New("give either a position or -record, not both: " + renderUsage)
	case *record != "":
		var in io.Reader = m.Stdin
		if *record != "-" {
			f, err := os.Open(*record)
			if err != nil {
				var pe *os.PathError
				if errors.As(err, &pe) {
					err = pe.Err
				}
				return fmt.Errorf("cannot open the record %s: %v", quote(*record), err)
			}
			defer f.Close()
			in = f
		}
		g, err := fanorona.ParseRecord(in)
		if err != nil {
			return err
		}
		if *anim {
			err = r.FanoronaGIF(&buf, g)
		} else {
			err = r.FanoronaPNG(&buf, render.FanoronaGameScene(g))
		}
		if err != nil {
			return err
		}
	case *anim:
		return errors.New("option -gif needs -record: " + renderUsage)
	case fs.NArg() == 1:
		v, err := fanorona.ParseVariant(*variant)
		if err != nil {
			return fmt.Errorf("option -variant: %w", err)
		}
		p, err := fanorona.ParsePosition(fs.Arg(0), v)
		if err != nil {
			return err
		}
		if err := r.FanoronaPNG(&buf, render.FanoronaScene{Position: p}); err != nil {
			return err
		}
	default:
		return errors.New("expected one position in quotes, or -record FILE: " + renderUsage)
	}
	if *out == "-" {
		_, err = m.Stdout.Write(buf.Bytes())
		return err
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %v", quote(*out), errors.Unwrap(err))
	}
	return nil
}
