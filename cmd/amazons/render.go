package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/internal/cli"
	"github.com/veletasbot/veletas/render"
	amazonsrender "github.com/veletasbot/veletas/render/amazons"
)

func init() {
	register("render", command{(*Main).render,
		"  render 'POSITION' -o FILE.png [-last TURN] [-territory]\n" +
			"  render -record FILE|- -o FILE.png [-territory]\n" +
			"  render -replay FILE|- -o FILE.gif\n" +
			"                                  draw a position (-last: the turn that led to it), a record's final\n" +
			"                                  position, or a record's animated replay; -territory tints the squares\n" +
			"                                  each side controls (shown anyway once a game is over); options\n" +
			"                                  -theme light|dark, -locale en|fr|ja, -size PIXELS (image width,\n" +
			"                                  240 to 2400, default 800); -o - writes to standard output"})
}

// renderArgs are the options of amazons render.
type renderArgs struct {
	out, theme, locale, last, record, replay string
	size                                     int
	territory                                bool
}

func (m *Main) render(_ context.Context, args []string) error {
	var a renderArgs
	fs := newFlags("render")
	fs.StringVar(&a.out, "o", "", "the output file: FILE.png, FILE.gif for -replay, or - for standard output")
	fs.StringVar(&a.theme, "theme", "light", "light or dark")
	fs.StringVar(&a.locale, "locale", "en", "the language of the image's texts: en, fr or ja")
	fs.IntVar(&a.size, "size", render.DefaultWidth, "the image's width in pixels")
	fs.IntVar(&a.size, "width", render.DefaultWidth, "the same as -size")
	fs.StringVar(&a.last, "last", "", "the turn that led to the position, drawn on it")
	fs.BoolVar(&a.territory, "territory", false, "tint the squares each side controls")
	fs.StringVar(&a.record, "record", "", "a record whose final position to draw (- for standard input)")
	fs.StringVar(&a.replay, "replay", "", "a record whose animated replay to write (- for standard input)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := a.check(pos); err != nil {
		return err
	}
	th, err := render.ParseTheme(a.theme)
	if err != nil {
		return cli.Usagef("option -theme: %s is not a theme: use light or dark", quote(a.theme))
	}
	r, err := amazonsrender.New(render.Options{Theme: th, Width: a.size})
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	switch {
	case a.replay != "":
		g, err := m.readRecord(a.replay)
		if err != nil {
			return err
		}
		err = r.GIFIn(&buf, g, amazonsrender.Scene{Lang: a.locale, Territory: a.territory})
		if err != nil {
			return err
		}
	case a.record != "":
		g, err := m.readRecord(a.record)
		if err != nil {
			return err
		}
		s := amazonsrender.GameScene(g)
		s.Lang, s.Territory = a.locale, s.Territory || a.territory
		if err := r.PNG(&buf, s); err != nil {
			return err
		}
	default:
		p, err := amazons.ParsePosition(pos[0])
		if err != nil {
			return err
		}
		s := amazonsrender.Scene{Position: p, Lang: a.locale, Territory: a.territory || p.Over()}
		if a.last != "" {
			t, err := amazons.ParseTurn(a.last)
			if err != nil {
				return fmt.Errorf("option -last: %w", err)
			}
			if err := ledTo(p, t); err != nil {
				return err
			}
			s.Last, s.HasLast = t, true
		}
		if err := r.PNG(&buf, s); err != nil {
			return err
		}
	}
	if a.out == "-" {
		_, err = m.Stdout.Write(buf.Bytes())
		return err
	}
	if err := os.WriteFile(a.out, buf.Bytes(), 0o644); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write %s: %v", quote(a.out), err)
	}
	return nil
}

// check refuses a bad combination of options before any work: one
// source (a position, -record or -replay), an output whose extension
// fits it, a known language and a width in range.
func (a renderArgs) check(pos []string) error {
	sources := 0
	for _, on := range []bool{len(pos) > 0, a.record != "", a.replay != ""} {
		if on {
			sources++
		}
	}
	switch {
	case len(pos) > 1:
		return cli.Usagef("expected one position in quotes, got %d arguments: amazons render 'POSITION' -o FILE.png", len(pos))
	case sources == 0:
		return cli.Usagef("nothing to draw: give a position in quotes, -record FILE or -replay FILE")
	case sources > 1:
		return cli.Usagef("give one of a position, -record FILE and -replay FILE, not several")
	case a.last != "" && len(pos) == 0:
		return cli.Usagef("option -last goes with a position: a record's image shows its own last turn")
	case a.out == "":
		return cli.Usagef("no output file: add -o FILE.png (-o FILE.gif with -replay, -o - for standard output)")
	case a.size < render.MinWidth || a.size > render.MaxWidth:
		return cli.Usagef("option -size: %d pixels is outside %d to %d", a.size, render.MinWidth, render.MaxWidth)
	}
	switch a.locale {
	case "en", "fr", "ja":
	default:
		return cli.Usagef("option -locale: %s is not a language of the images: use en, fr or ja", quote(a.locale))
	}
	if a.out == "-" {
		return nil
	}
	ext := strings.ToLower(filepath.Ext(a.out))
	switch {
	case ext == ".gif" && a.replay == "":
		return cli.Usagef("output %s is a GIF, which only -replay writes: name it FILE.png", quote(a.out))
	case ext == ".png" && a.replay != "":
		return cli.Usagef("-replay writes an animated GIF, not %s: name the output FILE.gif", quote(a.out))
	case ext != ".png" && ext != ".gif":
		return cli.Usagef("output %s: the accepted extensions are .png (a board) and .gif (a replay, with -replay)", quote(a.out))
	}
	return nil
}

// readRecord reads a game record from a file, or standard input for -.
func (m *Main) readRecord(name string) (amazons.Game, error) {
	var in io.Reader = m.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return amazons.Game{}, fmt.Errorf("cannot open the record %s: %v", quote(name), err)
		}
		defer f.Close()
		in = f
	}
	g, err := amazons.ParseRecord(in)
	if err != nil {
		var te *amazons.TokenError
		if !errors.As(err, &te) && !errors.Is(err, amazons.ErrRecordTooLong) {
			return amazons.Game{}, fmt.Errorf("cannot read the record: %v", err)
		}
		return amazons.Game{}, err
	}
	return g, nil
}

// ErrNotLastTurn is returned by render -last for a turn that cannot have
// led to the position.
var ErrNotLastTurn = errors.New("the turn did not lead to this position")

// ledTo checks that turn t, played by the side not to move in p, leads
// to p: its amazon stands on t.To, its arrow on t.Arrow, t.From is empty
// (or holds that arrow), and the turn was legal before it.
func ledTo(p amazons.Position, t amazons.Turn) error {
	mover := p.ToMove().Other()
	why := ""
	switch {
	case p.At(t.To) != amazons.AmazonOf(mover):
		why = fmt.Sprintf("%s holds no %s amazon (the side that moved last)", t.To, mover)
	case p.At(t.Arrow) != amazons.Arrow:
		why = fmt.Sprintf("%s holds no arrow", t.Arrow)
	case t.From != t.Arrow && p.At(t.From) != amazons.Empty:
		why = fmt.Sprintf("%s, the square the amazon left, is not empty", t.From)
	default:
		q := p
		q.Undo(t)
		if err := q.Check(t); err != nil {
			why = "it was not legal before: " + err.Error()
		} else if after, _ := q.Apply(t); after != p {
			why = "it does not give this position"
		}
	}
	if why != "" {
		return fmt.Errorf("option -last %s: %w: %s", t, ErrNotLastTurn, why)
	}
	return nil
}
