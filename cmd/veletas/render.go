package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/internal/cli"
	"github.com/veletasbot/veletas/render"
	veletasrender "github.com/veletasbot/veletas/render/veletas"
)

// renderArgs is the parsed command line of veletas render.
type renderArgs struct {
	position string        // the position to draw, or "" with record
	record   string        // the record file ("-" for standard input), or ""
	out      string        // the output file ("-" for standard output)
	gif      bool          // the animated replay of the record
	rules    veletas.Rules // for a position; a record's header gives its own
	theme    render.Theme
	width    int
}

const renderUsage = "veletas render [-rules classic|revised] 'POSITION' -o FILE.png, or -record FILE -o FILE.png|FILE.gif; options -theme light|dark, -width PIXELS"

// parseRenderArgs reads the arguments of veletas render. Options may come
// before or after the position, with one dash or two, and take their
// value as the next argument or after '='. The output's extension picks
// the format: .png, or .gif for a record's animated replay (-gif, still
// accepted, asks for it explicitly).
func parseRenderArgs(args []string) (renderArgs, error) {
	a := renderArgs{width: render.DefaultWidth}
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.StringVar(&a.out, "o", "", "the output file: FILE.png, FILE.gif (a record's replay) or - for standard output")
	fs.StringVar(&a.out, "out", "", "same as -o")
	fs.StringVar(&a.record, "record", "", "a record to draw (- for standard input)")
	gif := fs.Bool("gif", false, "the record's animated replay (also chosen by -o FILE.gif)")
	rulesFlag(fs, &a.rules)
	fs.Func("theme", "light or dark", func(v string) error {
		th, err := render.ParseTheme(v)
		if err != nil {
			return errors.New("use light or dark")
		}
		a.theme = th
		return nil
	})
	fs.Func("width", "the image width in pixels", func(v string) error {
		w, err := strconv.Atoi(v)
		if err != nil || w < render.MinWidth || w > render.MaxWidth {
			return fmt.Errorf("use a whole number of pixels from %d to %d", render.MinWidth, render.MaxWidth)
		}
		a.width = w
		return nil
	})
	positional, err := cli.Parse(fs, args)
	if err != nil {
		return a, err
	}
	rulesGiven := false
	fs.Visit(func(f *flag.Flag) { rulesGiven = rulesGiven || f.Name == "rules" })
	switch {
	case len(positional) > 1:
		return a, cli.Usagef("expected one position in quotes, got %d arguments (%q ...): %s", len(positional), clip(positional[1]), renderUsage)
	case len(positional) == 1 && a.record != "":
		return a, cli.Usagef("give either a position or -record FILE, not both")
	case a.record != "" && rulesGiven:
		return a, cli.Usagef("-rules is for a position: a record gives its rules in its header (rules=revised)")
	case len(positional) == 0 && a.record == "":
		return a, cli.Usagef("nothing to draw: %s", renderUsage)
	case a.out == "":
		return a, cli.Usagef("no output file: add -o FILE.png (or -o - for standard output)")
	case *gif && a.record == "":
		return a, cli.Usagef("-gif replays a game: use it with -record FILE")
	}
	accepted := []string{".png"}
	if a.record != "" {
		accepted = append(accepted, ".gif")
	}
	if *gif {
		accepted = []string{".gif"}
	}
	format, err := cli.ImageFormat(a.out, accepted...)
	if err != nil {
		return a, err
	}
	a.gif = format == cli.GIF
	if len(positional) == 1 {
		if strings.TrimSpace(positional[0]) == "" {
			return a, cli.Usagef("the position is empty: write it in quotes, like '7/2s4/7/4b2/7/3w3/s5s b'")
		}
		a.position = positional[0]
	}
	return a, nil
}

func (m *Main) render(_ context.Context, args []string) error {
	a, err := parseRenderArgs(args)
	if err != nil {
		return err
	}
	r, err := veletasrender.New(render.Options{Theme: a.theme, Width: a.width})
	if err != nil {
		return err
	}
	var scene veletasrender.Scene
	var g veletas.Game
	if a.record != "" {
		if g, err = m.readRenderRecord(a.record); err != nil {
			return err
		}
		scene = veletasrender.GameScene(g)
	} else {
		p, err := veletas.ParsePosition(a.position, veletas.WithRules(a.rules))
		if err != nil {
			return err
		}
		scene = veletasrender.Scene{Position: p}
	}
	var buf bytes.Buffer
	if a.gif {
		err = r.GIF(&buf, g)
	} else {
		err = r.PNG(&buf, scene)
	}
	if err != nil {
		return err
	}
	if a.out == "-" {
		_, err = m.Stdout.Write(buf.Bytes())
		return err
	}
	if err := os.WriteFile(a.out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("cannot write the image: %w", unwrapPath(err))
	}
	return nil
}

func (m *Main) readRenderRecord(name string) (veletas.Game, error) {
	in, err := m.openRecord(name)
	if err != nil {
		return veletas.Game{}, err
	}
	defer in.Close()
	g, err := veletas.ParseRecord(in)
	if err != nil {
		return veletas.Game{}, fmt.Errorf("record %s: %w", clip(name), err)
	}
	return g, nil
}
