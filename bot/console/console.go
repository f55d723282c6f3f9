package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veletasbot/veletas/bot"
)

// Handler is what the console drives: *bot.Bot implements it. When it also
// sweeps the time limits (Sweep) or runs the computer player (WaitAI), the
// console uses those too.
type Handler interface {
	Handle(ctx context.Context, req bot.Request) bot.Reply
}

// Console plays the bot's commands from text lines, without Discord: one
// guild, one channel, users named by the lines. See Run for the format.
type Console struct {
	Handler Handler
	Out     io.Writer
	// Dir receives the images, created when needed.
	Dir string
	// Self is the name the bot plays under against people (the AI), such
	// as the product's name; lines by that name are refused. The console is the AI's
	// Sender (sender.go).
	Self string
	// Locale is the language of the replies ("ja", "fr"; English
	// otherwise), as Discord's Interaction.Locale.
	Locale string
	// Clock, when set, is the bot's clock: "wait 2d" lines move it
	// forward, and the time limits are swept before every line
	// (clock.go).
	Clock *OffsetClock

	line    int
	images  int    // the number of the last image written under Dir
	scanned bool   // Dir was scanned for the numbers of earlier images
	channel string // the channel of the lines, set by "channel NAME"; Channel when ""
	// groupDMs are the channels made by "channel NAME dm": group DMs
	// where the users installed the bot for themselves (bot.Reach).
	groupDMs map[string]bool
	// members are the users made ordinary members by "member NAME
	// ROLE...", with their roles; the others may manage the server.
	members map[string][]string
	buttons []*message // the latest messages that had buttons, oldest first
	// session and posted name the messages with buttons (message.id):
	// session tells this run's apart from an earlier run's on the same
	// database, posted counts them.
	session string
	posted  int

	sentMu sync.Mutex
	sent   []bot.Post // the AI's messages, printed after the line that caused them
}

// Guild and Channel are where console games are played: Channel until a
// "channel NAME" line switches to another.
const (
	Guild   = "console"
	Channel = "console"
)

// current is the channel of the lines.
func (c *Console) current() string {
	if c.channel == "" {
		return Channel
	}
	return c.channel
}

// Run reads lines until the end of in:
//
//	NAME: /GAME SUBCOMMAND key:value key:"value with spaces" opponent:@NAME
//	NAME: [Label]
//	channel NAME
//	channel NAME dm
//	wait 2d
//
// the second pressing the button Label on the latest message that has it
// (the label in the console's language or in English, accents optional:
// [Echanger] presses [Échanger]); the third playing the following lines in channel
// NAME (one game per channel; "console" at start), or with "dm" in a group
// DM NAME of users who installed the bot for themselves, outside the
// server (its games are friendly, played through the replies alone:
// bot.ReachInteraction); the last moving the
// clock (clock.go). An option's value runs to the next key:value, so
// shooters:d4 g7 is shooters:"d4 g7". Blank lines and lines starting with
// # are skipped. Each other line is first echoed as "<< LINE", so that
// the output can be matched to the input. For each reply it prints ">>
// all" or ">> NAME only" (">> all in #CHANNEL" for another channel than
// the lines'), the text with mentions as @NAME, an "image: PATH" line per
// image written under Dir (numbered after the highest number already
// there, never overwriting) and a "buttons: [A] [B]" line. A line it cannot read (longer than MaxLine included) prints
// "error: line N: why" and is skipped. When ctx ends (Ctrl-C, SIGTERM)
// Run finishes the line under way, prints "-- stopped after line N" and
// returns nil without waiting for more input; the goroutine reading in
// then ends with the input. Run returns only errors reading the input,
// writing the output or the images.
func (c *Console) Run(ctx context.Context, in io.Reader) error {
	if err := c.flushAI(ctx); err != nil { // AI actions resumed at start
		return err
	}
	lines := make(chan inputLine)
	done := make(chan struct{})
	defer close(done)
	go readLines(in, lines, done)
	for {
		if ctx.Err() != nil {
			return c.stopped()
		}
		select {
		case <-ctx.Done():
			return c.stopped()
		case l, ok := <-lines:
			if !ok {
				return nil
			}
			if l.err != nil {
				return fmt.Errorf("console: reading input: %w", l.err)
			}
			c.line++
			if l.tooLong {
				if _, err := fmt.Fprintf(c.Out, "error: line %d: the line is longer than %d KiB and was skipped\n", c.line, MaxLine/1024); err != nil {
					return err
				}
				continue
			}
			// The line is finished even if ctx ends meanwhile (the
			// computer's answer to it included).
			if err := c.Line(context.WithoutCancel(ctx), l.text); err != nil {
				return err
			}
		}
	}
}

func (c *Console) stopped() error {
	_, err := fmt.Fprintf(c.Out, "-- stopped after line %d\n", c.line)
	return err
}

// MaxLine is the longest input line the console reads; a longer one is
// reported and skipped, and the next line is read.
const MaxLine = 64 * 1024

// inputLine is a line read by readLines: its text, or that it was too
// long, or the error that ended the input.
type inputLine struct {
	text    string
	tooLong bool
	err     error
}

// readLines sends the lines of in (without their line ends) until the end
// of the input, an error or done is closed, and then closes lines.
func readLines(in io.Reader, lines chan<- inputLine, done <-chan struct{}) {
	defer close(lines)
	br := bufio.NewReaderSize(in, 4096)
	send := func(l inputLine) bool {
		select {
		case lines <- l:
			return true
		case <-done:
			return false
		}
	}
	for {
		var buf []byte
		tooLong := false
		for {
			frag, isPrefix, err := br.ReadLine()
			if err != nil {
				if err == io.EOF {
					if len(buf) > 0 || tooLong { // a last line without its line end
						send(inputLine{text: string(buf), tooLong: tooLong})
					}
					return
				}
				send(inputLine{err: err})
				return
			}
			if !tooLong {
				if len(buf)+len(frag) > MaxLine {
					tooLong, buf = true, nil
				} else {
					buf = append(buf, frag...)
				}
			}
			if !isPrefix {
				break
			}
		}
		if !send(inputLine{text: string(buf), tooLong: tooLong}) {
			return
		}
	}
}

// Line handles one input line.
func (c *Console) Line(ctx context.Context, text string) error {
	if t := strings.TrimSpace(text); t != "" && !strings.HasPrefix(t, "#") {
		if _, err := fmt.Fprintf(c.Out, "<< %s\n", t); err != nil {
			return err
		}
	}
	if done, err := c.channelLine(text); done || err != nil {
		return err
	}
	if done, err := c.memberLine(text); done || err != nil {
		return err
	}
	if done, err := c.timeLine(ctx, text); done || err != nil {
		return err
	}
	cl, ok, err := parseConsoleLine(text)
	if err != nil {
		_, werr := fmt.Fprintf(c.Out, "error: line %d: %s\n", c.line, strings.TrimPrefix(err.Error(), "console: "))
		return werr
	}
	if !ok {
		return nil
	}
	if c.Self != "" && strings.EqualFold(cl.User, c.Self) {
		_, err := fmt.Fprintf(c.Out, "error: line %d: %s is the computer player and acts by itself: type lines as another name\n", c.line, c.Self)
		return err
	}
	req := bot.Request{
		ID:      "console-" + strconv.Itoa(c.line),
		Guild:   Guild,
		Channel: c.current(),
		User:    bot.User{ID: cl.User, Name: cl.User},
		Options: cl.Options,
		Locale:  c.Locale,
		// Everyone at the console may manage its server, but those a
		// "member" line made ordinary members, who have its roles.
		ManageServer: true,
	}
	if roles, ok := c.members[cl.User]; ok {
		req.ManageServer, req.Roles = false, roles
	}
	if c.groupDMs[req.Channel] {
		req.Guild, req.Reach, req.ManageServer, req.Roles = "", bot.ReachInteraction, false, nil
	}
	var pressed *message
	if cl.Button != "" {
		id, m := c.find(cl.Button)
		if m == nil {
			_, err := fmt.Fprintf(c.Out, "error: line %d: no message has a button [%s]\n", c.line, cl.Button)
			return err
		}
		req.Type, req.CustomID, req.Message, pressed = bot.TypeButton, id, m.id, m
	} else if cl.Choice != "" {
		id, value, m := c.choose(cl.Choice)
		if m == nil {
			_, err := fmt.Fprintf(c.Out, "error: line %d: no menu has an option {%s}\n", c.line, cl.Choice)
			return err
		}
		req.Type, req.CustomID, req.Values, req.Message, pressed = bot.TypeButton, id, []string{value}, m.id, m
	} else {
		req.Type, req.Game, req.Command = bot.TypeCommand, cl.Game, cl.Command
	}
	r := c.Handler.Handle(ctx, req)
	if r.Update && pressed != nil {
		// The reply replaces the pressed message: its buttons become the
		// reply's (none, usually), so a settled button cannot be pressed
		// again.
		pressed.buttons, pressed.menu = r.Buttons, r.Select
		if r.Posted != nil && !r.Ephemeral {
			r.Posted(pressed.id)
		}
	}
	first := r
	if r.Update && pressed != nil && pressed.only {
		first.Ephemeral = true // a picker's step replaces an ephemeral message
	}
	if r.Next != nil && r.Next.Later == nil {
		// What follows the reply (the replay at the end of a game) comes
		// after the new message too, as the Discord adapter sends it.
		first.Later = nil
		next := *r.Next
		next.Later = r.Later
		r.Next = &next
	}
	if err := c.print(first, cl.User, ""); err != nil {
		return err
	}
	if r.Next != nil {
		if err := c.print(*r.Next, cl.User, ""); err != nil {
			return err
		}
	}
	for _, p := range r.Posts {
		if p.Message != "" {
			// It replaces a message (a challenge's, settled by a
			// command): its buttons go. One this run does not know
			// is left as it is.
			m := c.message(p.Message)
			if m == nil {
				continue
			}
			m.buttons = p.Reply.Buttons
		}
		if err := c.print(p.Reply, cl.User, p.Channel); err != nil {
			return err
		}
	}
	if r.After != nil { // the computer starts thinking once the reply is out
		r.After()
	}
	return c.flushAI(ctx)
}

// message is a message printed with buttons or a menu.
type message struct {
	id      string // given to the reply that records it (bot.Reply.Posted)
	buttons []bot.Button
	menu    *bot.Select // the picker's menu (bot/picker.go), if any
	only    bool        // seen by its user only: so is what replaces it
}

// newMessage keeps a new message with buttons (the latest 100) and names
// it: the id a challenge's message records, which the sweep names to
// replace it when the challenge expires (clock.go).
func (c *Console) newMessage(buttons []bot.Button) *message {
	if c.session == "" {
		c.session = strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	c.posted++
	m := &message{id: "console-" + c.session + "-" + strconv.Itoa(c.posted), buttons: buttons}
	c.buttons = append(c.buttons, m)
	if len(c.buttons) > 100 {
		c.buttons = c.buttons[len(c.buttons)-100:]
	}
	return m
}

// message returns the message with buttons named id, kept by this run
// (nil when none is).
func (c *Console) message(id string) *message {
	for _, m := range c.buttons {
		if m.id == id {
			return m
		}
	}
	return nil
}

// find returns the custom id of the latest button with this label, and
// the message it is on (nil when none has it). The label may be written
// in any case, without its accents, and in English whatever the console's
// language (bot.ButtonLabels).
func (c *Console) find(label string) (string, *message) {
	typed := foldLabel(label)
	for i := len(c.buttons) - 1; i >= 0; i-- {
		for _, b := range c.buttons[i].buttons {
			if foldLabel(b.Label) == typed {
				return b.CustomID, c.buttons[i]
			}
			for _, other := range bot.ButtonLabels(b.Label) {
				if foldLabel(other) == typed {
					return b.CustomID, c.buttons[i]
				}
			}
		}
	}
	return "", nil
}

// choose returns the custom id of the latest menu with an option whose
// label or value is typed, that option's value and the message the menu
// is on (nil when none has it).
func (c *Console) choose(typed string) (id, value string, m *message) {
	typed = foldLabel(typed)
	for i := len(c.buttons) - 1; i >= 0; i-- {
		menu := c.buttons[i].menu
		if menu == nil {
			continue
		}
		for _, o := range menu.Options {
			if foldLabel(o.Label) == typed || foldLabel(o.Value) == typed {
				return menu.CustomID, o.Value, c.buttons[i]
			}
		}
	}
	return "", "", nil
}

// channelLine handles a "channel NAME" line (done is true then): the
// following lines are played in channel NAME.
func (c *Console) channelLine(text string) (done bool, err error) {
	f := strings.Fields(text)
	if len(f) == 0 || f[0] != "channel" {
		return false, nil
	}
	if len(f) < 2 || len(f) > 3 || len(f) == 3 && f[2] != "dm" || !validName(strings.TrimPrefix(f[1], "#")) {
		_, err := fmt.Fprintf(c.Out, "error: line %d: write the channel as `channel NAME`, or `channel NAME dm` for a group DM: letters, digits, -, _ or ., such as `channel second-game`\n", c.line)
		return true, err
	}
	name := strings.TrimPrefix(f[1], "#")
	if len(f) == 2 && c.groupDMs[name] {
		_, err = fmt.Fprintf(c.Out, "error: line %d: #%s is a group DM: write `channel %s dm`\n", c.line, name, name)
		return true, err
	}
	c.channel = name
	if len(f) == 3 {
		if c.groupDMs == nil {
			c.groupDMs = map[string]bool{}
		}
		c.groupDMs[c.channel] = true
		_, err = fmt.Fprintf(c.Out, "-- in the group DM #%s (the bot installed by its users: replies only)\n", c.channel)
		return true, err
	}
	_, err = fmt.Fprintf(c.Out, "-- in #%s\n", c.channel)
	return true, err
}

// memberLine handles "member NAME [ROLE ...]", which makes NAME an
// ordinary member of the server (without Manage Server) who has the
// roles named (none: no role), and "manager NAME", which gives NAME
// Manage Server again (as everyone has at start).
func (c *Console) memberLine(text string) (done bool, err error) {
	f := strings.Fields(text)
	if len(f) == 0 || f[0] != "member" && f[0] != "manager" {
		return false, nil
	}
	ok := len(f) >= 2 && validName(f[1]) && (f[0] == "member" || len(f) == 2) && len(f) <= 2+maxConsoleRoles
	for _, r := range f[min(len(f), 2):] {
		ok = ok && bot.ValidID(r)
	}
	if !ok {
		_, err := fmt.Fprintf(c.Out, "error: line %d: write `member NAME ROLE...` (NAME an ordinary member with these roles, at most %d) or `manager NAME` (NAME may manage the server): roles of letters, digits, - or _\n", c.line, maxConsoleRoles)
		return true, err
	}
	if f[0] == "manager" {
		delete(c.members, f[1])
		_, err = fmt.Fprintf(c.Out, "-- %s may manage the server\n", f[1])
		return true, err
	}
	if c.members == nil {
		c.members = map[string][]string{}
	}
	c.members[f[1]] = slices.Clone(f[2:])
	roles := "no role"
	if len(f) > 2 {
		roles = "roles " + strings.Join(f[2:], ", ")
	}
	_, err = fmt.Fprintf(c.Out, "-- %s is a member with %s\n", f[1], roles)
	return true, err
}

// maxConsoleRoles bounds the roles a "member" line gives.
const maxConsoleRoles = 10

// foldLabel writes a button label for comparison: lower case, the accents
// of Latin letters dropped (Échanger and echanger match).
func foldLabel(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	var b strings.Builder
	for _, r := range s {
		if plain, ok := unaccented[r]; ok {
			b.WriteString(plain)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unaccented maps the accented lower-case letters of French (and its
// neighbours) to their plain letters.
var unaccented = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ä': "a", 'ã': "a", 'å': "a",
	'ç': "c",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i",
	'ñ': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'ö': "o", 'õ': "o",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u",
	'ý': "y", 'ÿ': "y",
	'œ': "oe", 'æ': "ae",
}

func (c *Console) print(r bot.Reply, user, channel string) error {
	var sb strings.Builder
	switch {
	case r.Ephemeral:
		fmt.Fprintf(&sb, ">> %s only\n", user)
	case channel != "" && channel != c.current():
		fmt.Fprintf(&sb, ">> all in #%s\n", channel)
	default:
		sb.WriteString(">> all\n")
	}
	text := r.PlainIn(c.Locale) // the embeds as lines after the text
	if c.Clock != nil {         // relative times against the console's clock (clock.go)
		text = relativeTimes(text, c.Locale, c.Clock.Now())
	}
	sb.WriteString(TextIn(text, c.Locale))
	sb.WriteString("\n")
	for _, im := range r.Images {
		path, err := c.write(im)
		if err != nil {
			return err
		}
		fmt.Fprintf(&sb, "image: %s\n", path)
	}
	if r.Select != nil {
		sb.WriteString("menu:")
		for _, o := range r.Select.Options {
			fmt.Fprintf(&sb, " {%s}", o.Label)
		}
		sb.WriteString("\n")
	}
	if len(r.Buttons) > 0 {
		sb.WriteString("buttons:")
		for _, b := range r.Buttons {
			fmt.Fprintf(&sb, " [%s]", b.Label)
		}
		sb.WriteString("\n")
	}
	if (len(r.Buttons) > 0 || r.Select != nil) && !r.Update { // an update's buttons replace the pressed message's
		m := c.newMessage(r.Buttons)
		m.menu, m.only = r.Select, r.Ephemeral
		if r.Posted != nil && !r.Ephemeral {
			r.Posted(m.id)
		}
	}
	for _, dm := range r.DMs { // direct messages, for those who asked (bot/notify.go)
		text := dm.Reply.PlainIn(c.Locale)
		if c.Clock != nil {
			text = relativeTimes(text, c.Locale, c.Clock.Now())
		}
		fmt.Fprintf(&sb, ">> DM to @%s\n%s\n", dm.User, TextIn(text, c.Locale))
	}
	if _, err := io.WriteString(c.Out, sb.String()); err != nil {
		return err
	}
	if r.Later != nil { // the replay at the end of a game, after the message
		later, err := r.Later()
		if err != nil {
			return fmt.Errorf("console: %w", err)
		}
		return c.print(later, user, channel)
	}
	return nil
}

func (c *Console) write(im bot.Image) (string, error) {
	dir := c.Dir
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("console: %w", err)
	}
	if !c.scanned {
		// Continue after the images of an earlier run in the same
		// directory instead of writing over them.
		c.scanned = true
		if n, err := highestImage(dir); err != nil {
			return "", fmt.Errorf("console: %w", err)
		} else if n > c.images {
			c.images = n
		}
	}
	name := filepath.Base(im.Name)
	if name == "." || name == string(filepath.Separator) {
		name = "board.png"
	}
	for {
		c.images++
		path := filepath.Join(dir, fmt.Sprintf("%03d-%s", c.images, name))
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue // written meanwhile by another run: never overwrite
		}
		if err != nil {
			return "", fmt.Errorf("console: writing an image: %w", err)
		}
		_, err = f.Write(im.PNG)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", fmt.Errorf("console: writing an image: %w", err)
		}
		return path, nil
	}
}

// imageNumberRE matches the name of an image the console wrote: its
// number, a dash and the image's own name.
var imageNumberRE = regexp.MustCompile(`^(\d{3,9})-`)

// highestImage returns the highest number of the console's images in dir
// (0 when there is none).
func highestImage(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	high := 0
	for _, e := range entries {
		if m := imageNumberRE.FindStringSubmatch(e.Name()); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > high {
				high = n
			}
		}
	}
	return high, nil
}

var timestampRE = regexp.MustCompile(`<t:(\d{1,12}):[a-zA-Z]>`)

// TextIn writes a reply's text for a terminal: mentions <@ID> as @ID
// (console user ids are their names), channel links as #ID and Discord
// timestamps as times written as the language of locale writes them
// (bot.DateTime).
func TextIn(text, locale string) string {
	text = timestampRE.ReplaceAllStringFunc(text, func(m string) string {
		n, err := strconv.ParseInt(timestampRE.FindStringSubmatch(m)[1], 10, 64)
		if err != nil {
			return m
		}
		return bot.DateTime(locale, time.Unix(n, 0))
	})
	return bot.PlainMentions(text, func(id string) string { return id })
}
