package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/internal/cli"
	"github.com/veletasbot/veletas/render"
	fanoronarender "github.com/veletasbot/veletas/render/fanorona"
)

const renderUsage = "fanorona render [-variant V] [-theme light|dark] [-width PIXELS] 'POSITION' -o FILE.png, or -record FILE -o FILE.png|FILE.gif"

// render draws a position, or a record's last position (with its last
// turn) or whole replay, to a PNG or GIF file: the output's extension
// picks the format (-gif, still accepted, asks for the replay
// explicitly).
func (m *Main) render(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	var variant fanorona.Variant
	variantFlag(fs, &variant)
	theme := render.Light
	fs.Func("theme", "light or dark", func(v string) error {
		th, err := render.ParseTheme(v)
		if err != nil {
			return errors.New("use light or dark")
		}
		theme = th
		return nil
	})
	width := render.DefaultWidth
	fs.Func("width", "image width in pixels", func(v string) error {
		w, err := strconv.Atoi(v)
		if err != nil || w < render.MinWidth || w > render.MaxWidth {
			return fmt.Errorf("use a whole number of pixels from %d to %d", render.MinWidth, render.MaxWidth)
		}
		width = w
		return nil
	})
	record := fs.String("record", "", "a game record to draw (- for standard input)")
	anim := fs.Bool("gif", false, "with -record: the animated replay (also chosen by -o FILE.gif)")
	out := fs.String("o", "", "the output file (- for standard output)")
	positional, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case *out == "":
		return cli.Usagef("option -o FILE is required: %s", renderUsage)
	case *record != "" && len(positional) > 0:
		return cli.Usagef("give either a position or -record, not both: %s", renderUsage)
	case *record == "" && *anim:
		return cli.Usagef("option -gif needs -record: %s", renderUsage)
	case *record == "" && len(positional) != 1:
		return cli.Usagef("expected one position in quotes, or -record FILE: %s", renderUsage)
	}
	accepted := []string{".png"}
	if *record != "" {
		accepted = append(accepted, ".gif")
	}
	if *anim {
		accepted = []string{".gif"}
	}
	format, err := cli.ImageFormat(*out, accepted...)
	if err != nil {
		return err
	}
	r, err := fanoronarender.New(render.Options{Theme: theme, Width: width})
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if *record != "" {
		g, err := m.readRecord(*record)
		if err != nil {
			return err
		}
		if format == cli.GIF {
			err = r.GIF(&buf, g)
		} else {
			err = r.PNG(&buf, fanoronarender.GameScene(g))
		}
		if err != nil {
			return err
		}
	} else {
		p, err := fanorona.ParsePosition(positional[0], variant)
		if err != nil {
			return err
		}
		if err := r.PNG(&buf, fanoronarender.Scene{Position: p}); err != nil {
			return err
		}
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
