package bot

import (
	"regexp"
	"strings"

	"github.com/veletasbot/veletas/store"
)

// RequestType tells the three types of request apart.
type RequestType uint8

// The kinds of request.
const (
	TypeCommand      RequestType = iota + 1 // a subcommand of a game's slash command (Request.Game)
	TypeButton                              // a button pressed on a message
	TypeAutocomplete                        // the user is typing an option
)

// User is a player as the front end knows it.
type User struct {
	ID   string // stable id; mentions are written <@ID>
	Name string // display name, for thread names and logs
	Bot  bool   // a bot account, which cannot play
}

// Request is one thing a user did, free of any Discord type.
type Request struct {
	ID      string // the front end's id of the interaction, for logs
	Type    RequestType
	Guild   string // server id; "" outside a server
	Channel string // the channel or thread the user acted in
	User    User

	// Game is the slash command the subcommand belongs to, the game it is
	// for: a game.Kind (empty: the first game registered).
	Game string
	// Command is the subcommand's name for TypeCommand and TypeAutocomplete.
	Command string
	// Options holds the options typed, by name, as text. User options hold
	// the user's id.
	Options map[string]string
	// Users resolves user ids named in Options to users (for names).
	Users map[string]User
	// Focused is the option being typed, for TypeAutocomplete.
	Focused string

	// CustomID is the pressed button's id, for TypeButton (or the id of
	// the select menu an option was chosen in).
	CustomID string
	// Values are the values of the options chosen in a select menu
	// (Reply.Select), for a TypeButton request made by choosing; nil for a
	// button.
	Values []string
	// Message is the id of the message the pressed button is on, for
	// TypeButton ("" when the front end does not tell it): a challenge
	// accepted from another message (the list /GAME accept shows)
	// has its own message edited too (challenges.go).
	Message string

	// Threads creates game threads; nil when the front end cannot (the
	// console) or the bot may not create threads in Channel.
	Threads ThreadStarter

	// Locale is the user's language as Discord names it ("ja", "fr",
	// "en-US"...); replies are written in it (messages.go).
	Locale string
	// ManageServer tells that the user may manage the server (Discord's
	// Manage Server permission): they may change its settings.
	ManageServer bool

	// Reach is what the bot may do in Channel besides answering the
	// request (reach.go): post, start threads and edit its messages
	// (ReachChannel, the zero value), or answer only (ReachInteraction:
	// a DM or group DM where the bot is not a member).
	Reach Reach
	// ForcedEphemeral tells that whatever the bot answers is seen by the
	// user alone, whatever the reply says: a server that did not add the
	// bot and does not let this member use external apps (reach.go).
	ForcedEphemeral bool
	// Roles are the IDs of the user's roles in the server (nil outside a
	// server): a role the server's settings name may give rights
	// (tournaments.go).
	Roles []string
}

// ThreadStarter creates a public thread in a channel and returns its id.
// The Discord adapter implements it; the handlers call it when a game
// starts.
type ThreadStarter interface {
	StartThread(channel, name string) (thread string, err error)
}

// Image is one image attached to a reply: a PNG, or the GIF replay at the
// end of a game (its Name ends in ".gif").
type Image struct {
	Name string // file name, such as "board.png"
	PNG  []byte // the file's bytes
}

// Button is one button under a reply.
type Button struct {
	Label    string
	CustomID string
	Style    ButtonStyle
	// URL makes a link button (Discord's style 5): it opens URL and has
	// no CustomID.
	URL string
}

// ButtonStyle is the colour of a button.
type ButtonStyle uint8

// The button styles.
const (
	Primary ButtonStyle = iota + 1
	Secondary
	Success
	Danger
)

// Reply is what a handler answers: one message, seen by everyone or only by
// the user who acted (Ephemeral).
type Reply struct {
	Text      string
	Ephemeral bool
	// Outcome says whether the reply refuses (a rule, a bad input) or
	// reports a failure of ours; zero for an answer. For metrics only.
	Outcome Outcome
	Images  []Image
	// Embeds are the cards under the text (embed.go): a game's card, the
	// standings. An image an embed names (Embed.Image) shows inside it.
	Embeds  []Embed
	Buttons []Button
	// Select, when set, is a select menu above the buttons (picker.go).
	Select *Select
	// Mentions lists the user ids the message may notify; mentions of
	// anyone else in Text are shown but do not ping.
	Mentions []string
	// Update, on the reply to a button that settled something (a
	// challenge answered, a side chosen, a takeback answered, a rematch
	// offered), makes the reply replace the message the button was on:
	// its text and buttons become the reply's (none, usually), so that
	// the settled buttons cannot be pressed again; its images are kept
	// unless the reply has some. The Discord adapter answers with
	// UPDATE_MESSAGE.
	Update bool
	// LaunchActivity makes the answer to a button launch the app's
	// Activity in the channel (Discord's LAUNCH_ACTIVITY, response type
	// 12) rather than send Text, which a front end that cannot launch it
	// (the console, an answer already deferred) shows instead.
	LaunchActivity bool
	// Next, after an Update, is a new message for the same channel, sent
	// after the update: the board that the pressed button started or
	// changed, which pings the player to act (an edited message pings
	// nobody).
	Next *Reply
	// Posts are further messages for other channels, such as the first
	// board of a game in its new thread.
	Posts []Post
	// DMs are direct messages to send once the reply is out: the turn and
	// end notices of the players who asked for them (notify.go).
	DMs []DM
	// Later, when set, makes one more message for the same channel after
	// this one was sent: the replay at the end of a game, too slow to
	// hold up the reply. The front ends run it and post what it returns.
	Later func() (Reply, error)
	// After, when set, is run by the front end once this reply has been
	// sent (or failed to be): the AI starts thinking about its answer only
	// then, so that its move never shows before the move it answers. A
	// front end that does not run it delays the AI until its next rescan.
	After func()
	// Posted, when set, is called by the front end with the id of the
	// message this reply became once it is out (a new message, or the
	// pressed message an Update replaced): a challenge's message records
	// it, so that the sweep can edit it when the challenge expires
	// (timelimits.go). Not called for an ephemeral reply, nor by a front
	// end that cannot tell the id.
	Posted func(message string)
}

// Post is a message sent to a channel other than the request's.
type Post struct {
	Channel string
	Reply   Reply
	// Message, when set, names a message of Channel that the post
	// replaces, text, embeds and buttons (none removes them), instead of
	// being a new message: the sweep turns an expired challenge's message
	// into a notice this way, and a reply that settles a challenge other
	// than by a button on its message (a command, or a game's start that
	// withdraws the channel's other challenges) carries such a post in
	// Posts, which the front end performs once the reply is out. A front
	// end that cannot edit messages (MessageEditor) leaves the message as
	// it is; a failed edit is logged and changes nothing else.
	Message string

	// expired is the challenge whose message the post edits, whose
	// Message Delivered clears (0 for other posts).
	expired uint64
	// notice is the time-limit notice the post carries, recorded by
	// Delivered once the post went out (zero for other posts).
	notice postNotice
}

// postNotice names a game's notice: which game, at which revision.
type postNotice struct {
	guild, channel string
	game           uint64
	rev            int
	kind           store.Notice
}

// Choice is one autocomplete suggestion.
type Choice struct {
	Name  string // shown to the user
	Value string // put into the option
}

// MaxChoices is Discord's limit on autocomplete suggestions.
const MaxChoices = 25

// Mention writes the text that mentions a user.
func Mention(id string) string { return "<@" + id + ">" }

// RoleMention writes the text that names a role.
func RoleMention(id string) string { return "<@&" + id + ">" }

// ChannelMention writes the text that links a channel or thread.
func ChannelMention(id string) string { return "<#" + id + ">" }

var mentionRE = regexp.MustCompile(`<([@#])(&?)!?([^<>\s]{1,64})>`)

// PlainMentions rewrites <@ID> as @NAME, <@&ID> (a role) as @ID and <#ID>
// as #ID, using name to map user ids to names (ids are kept when name
// returns ""). The console prints replies this way.
func PlainMentions(text string, name func(id string) string) string {
	if !strings.Contains(text, "<") {
		return text
	}
	return mentionRE.ReplaceAllStringFunc(text, func(m string) string {
		sub := mentionRE.FindStringSubmatch(m)
		if sub[1] == "@" && sub[2] == "" {
			if n := name(sub[3]); n != "" {
				return "@" + n
			}
		}
		return sub[1] + sub[3]
	})
}

// Outcome classifies a reply for the metrics.
type Outcome uint8

// Outcomes of a reply.
const (
	Answered Outcome = iota // what the user asked for
	Refused                 // why not: a rule, a bad input
	Failing                 // our fault: a panic, the store failing
)

// String is the outcome's metric label: answered, refused or failed.
func (o Outcome) String() string {
	switch o {
	case Refused:
		return "refused"
	case Failing:
		return "failed"
	}
	return "answered"
}
