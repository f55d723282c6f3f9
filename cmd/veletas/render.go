package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// renderArgs is the parsed command line of veletas render.
type renderArgs struct {
	position string // the position to draw, or "" with record
	record   string // the record file ("-" for standard input), or ""
	out      string // the output file ("-" for standard output)
	gif      bool
	rules    veletas.Rules // for a position; a record's header gives its own
	theme    render.Theme
	width    int
}

const renderUsage = "usage: veletas render [-rules classic|revised] 'POSITION' -o FILE.png, or --record FILE -o FILE.png, or --record FILE --gif -o FILE.gif; options --theme light|dark, --width PIXELS"

// parseRenderArgs reads the arguments of veletas render. Flags may come
// before or after the position and take their value as the next argument
// or after '='.
func parseRenderArgs(args []string) (renderArgs, error) {
	a := renderArgs{width: render.DefaultWidth}
	var positional []string
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if len(arg) < 2 || arg[0] != '-' {
			positional = append(positional, arg)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		switch name {
		case "o", "out", "output":
			name = "o"
		case "record", "theme", "width", "gif", "rules":
		case "h", "help":
			return a, errors.New(renderUsage)
		default:
			return a, fmt.Errorf("unknown option %q: %s", clip(arg), renderUsage)
		}
		if seen[name] {
			return a, fmt.Errorf("option --%s is given twice", name)
		}
		seen[name] = true
		if name == "gif" {
			if hasValue {
				return a, errors.New("option --gif takes no value")
			}
			a.gif = true
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				return a, fmt.Errorf("option --%s needs a value", name)
			}
			i++
			value = args[i]
		}
		switch name {
		case "o":
			a.out = value
		case "record":
			a.record = value
		case "rules":
			r, err := veletas.ParseRules(value)
			if err != nil {
				return a, fmt.Errorf("option -rules: %w", err)
			}
			a.rules = r
		case "theme":
			th, err := render.ParseTheme(value)
			if err != nil {
				return a, fmt.Errorf("theme %q is not light or dark", clip(value))
			}
			a.theme = th
		case "width":
			w, err := strconv.Atoi(value)
			if err != nil || w < render.MinWidth || w > render.MaxWidth {
				return a, fmt.Errorf("width %q is not a whole number of pixels from %d to %d", clip(value), render.MinWidth, render.MaxWidth)
			}
			a.width = w
		}
	}
	switch {
	case len(positional) > 1:
		return a, fmt.Errorf("expected one position in quotes, got %d arguments (%q ...): %s", len(positional), clip(positional[1]), renderUsage)
	case len(positional) == 1 && a.record != "":
		return a, errors.New("give either a position or --record FILE, not both")
	case a.record != "" && seen["rules"]:
		return a, errors.New("-rules is for a position: a record gives its rules in its header (rules=revised)")
	case len(positional) == 0 && a.record == "":
		return a, errors.New("nothing to draw: " + renderUsage)
	case a.out == "":
		return a, errors.New("no output file: add -o FILE.png (or -o - for standard output)")
	case a.gif && a.record == "":
		return a, errors.New("--gif replays a game: use it with --record FILE")
	case a.gif && strings.HasSuffix(strings.ToLower(a.out), ".png"):
		return a, fmt.Errorf("--gif writes a GIF, not %q: name the output FILE.gif", clip(a.out))
	case !a.gif && strings.HasSuffix(strings.ToLower(a.out), ".gif"):
		return a, fmt.Errorf("output %q is a GIF: add --gif (with --record) or name it FILE.png", clip(a.out))
	}
	if len(positional) == 1 {
		if strings.TrimSpace(positional[0]) == "" {
			return a, errors.New("the position is empty: write it in quotes, like '7/2s4/7/4b2/7/3w3/s5s b'")
		}
		a.position = positional[0]
	}
	return a, nil
}

func (m *Main) render(args []string) error {
	a, err := parseRenderArgs(args)
	if err != nil {
		return err
	}
	r, err := render.New(render.Options{Theme: a.theme, Width: a.width})
	if err != nil {
		return err
	}
	var scene render.Scene
	var g veletas.Game
	if a.record != "" {
		if g, err = m.readRenderRecord(a.record); err != nil {
			return err
		}
		scene = render.GameScene(g)
	} else {
		p, err := veletas.ParsePositionRules(a.position, a.rules)
		if err != nil {
			return err
		}
		scene = render.Scene{Position: p}
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
	var in io.Reader = m.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return veletas.Game{}, fmt.Errorf("cannot open the record: %w", unwrapPath(err))
		}
		defer f.Close()
		in = f
	}
	g, err := veletas.ParseRecord(in)
	if err != nil {
		return veletas.Game{}, fmt.Errorf("record %s: %w", clip(name), err)
	}
	return g, nil
}
