package render

import (
	"errors"
	"fmt"
	"image/color"
	"strings"
)

// Theme selects the colours of an image.
type Theme uint8

// The themes. Light is warm wood on paper; Dark is slate for Discord's dark
// mode.
const (
	Light Theme = iota
	Dark
)

// ErrUnknownTheme is wrapped by ParseTheme's error for a name that is not a
// theme.
var ErrUnknownTheme = errors.New("unknown theme")

// ParseTheme reads "light" or "dark" (any case).
func ParseTheme(name string) (Theme, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "light":
		return Light, nil
	case "dark":
		return Dark, nil
	}
	return 0, fmt.Errorf("render: theme %q: %w: use light or dark", clip(name), ErrUnknownTheme)
}

func (t Theme) String() string {
	if t == Dark {
		return "dark"
	}
	return "light"
}

func clip(s string) string {
	r := []rune(s)
	if len(r) > 30 {
		return string(r[:30]) + "..."
	}
	return s
}

// themeColors holds every colour one theme uses.
type themeColors struct {
	page      color.RGBA // image background
	strip     color.RGBA // status strip background
	frame     color.RGBA // board border
	cellA     color.RGBA // checkerboard, a1 is cellA
	cellB     color.RGBA
	grid      color.RGBA
	label     color.RGBA // file letters and rank numbers
	text      color.RGBA // status, first line
	text2     color.RGBA // status, second line
	textFaint color.RGBA // status, last action token
	shadow    color.RGBA // alpha used for piece shadows
	blackTop  color.RGBA // black stone gradient
	blackBot  color.RGBA
	blackRim  color.RGBA
	whiteTop  color.RGBA // white stone gradient
	whiteBot  color.RGBA
	whiteRim  color.RGBA
	red       color.RGBA // shooter disc
	redDark   color.RGBA // shooter rim and gradient end
	bull      color.RGBA // unclaimed shooter's inner ring
	last      color.RGBA // last action tint (non-premultiplied, with alpha)
	lastLine  color.RGBA // last action path line
	claim     color.RGBA // ring around shooters claimed by the last action
	hint      color.RGBA // hint dots
	hintSel   color.RGBA // ring around the hint's selected shooter
	win       color.RGBA // winner text
	out       color.RGBA // stripes on squares closed to shooters (non-premultiplied, with alpha)
	bound     color.RGBA // line around the squares open to shooters
	iconRing  color.RGBA // ring around the strip's stone, apart from the page
	moveMark  color.RGBA // arrowhead of the last move, above the pieces and frames
	moveEdge  color.RGBA // its outline
}

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255}
}

func rgba(hex uint32, a uint8) color.RGBA {
	c := rgb(hex)
	c.A = a
	return c
}

var palettes = [2]themeColors{
	Light: {
		page:      rgb(0xF3ECE0),
		strip:     rgb(0xF3ECE0),
		frame:     rgb(0x7A4E2A),
		cellA:     rgb(0xD9B47E),
		cellB:     rgb(0xD9B47E),
		grid:      rgb(0xA97E4C),
		label:     rgb(0x6E4C2E),
		text:      rgb(0x2A1E14),
		text2:     rgb(0x5E4A38),
		textFaint: rgb(0x8C7660),
		shadow:    rgba(0x2A1A0A, 110),
		blackTop:  rgb(0x3A3A40),
		blackBot:  rgb(0x18181B),
		blackRim:  rgb(0x0A0A0A),
		whiteTop:  rgb(0xFFFFFF),
		whiteBot:  rgb(0xDAD5CB),
		whiteRim:  rgb(0x6B5D4A),
		red:       rgb(0xD8283C),
		redDark:   rgb(0x8E1424),
		bull:      rgb(0xFFF1DC),
		last:      rgba(0xFFE14D, 150),
		lastLine:  rgba(0xC98A00, 220),
		claim:     rgb(0xE06A00),
		hint:      rgba(0x3A2410, 110),
		hintSel:   rgb(0x1E6FD9),
		win:       rgb(0xB4122A),
		out:       rgba(0x5A3418, 105),
		bound:     rgb(0x8E1424),
		iconRing:  rgb(0x8C7660),
		moveMark:  rgb(0xFFD21F),
		moveEdge:  rgb(0x2A1E14),
	},
	Dark: {
		page:      rgb(0x22252B),
		strip:     rgb(0x22252B),
		frame:     rgb(0x121418),
		cellA:     rgb(0x57626F),
		cellB:     rgb(0x57626F),
		grid:      rgb(0x434C58),
		label:     rgb(0xA9B2C0),
		text:      rgb(0xECEEF1),
		text2:     rgb(0xB4BCC8),
		textFaint: rgb(0x8690A0),
		shadow:    rgba(0x000000, 140),
		blackTop:  rgb(0x2C2E33),
		blackBot:  rgb(0x0F1012),
		blackRim:  rgb(0x9AA3B0),
		whiteTop:  rgb(0xFFFFFF),
		whiteBot:  rgb(0xD3D7DE),
		whiteRim:  rgb(0x1C1F24),
		red:       rgb(0xE53946),
		redDark:   rgb(0x8A1520),
		bull:      rgb(0xFFE9E0),
		last:      rgba(0xF2C94C, 150),
		lastLine:  rgba(0xF2C94C, 220),
		claim:     rgb(0xFFA030),
		hint:      rgba(0xF0F4FA, 120),
		hintSel:   rgb(0x4DA3FF),
		win:       rgb(0xFF6B78),
		out:       rgba(0x0E1014, 130),
		bound:     rgb(0xE53946),
		iconRing:  rgb(0xC9D0DA),
		moveMark:  rgb(0xFFD84D),
		moveEdge:  rgb(0x121418),
	},
}
