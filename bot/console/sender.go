package console

import (
	"context"

	"github.com/veletasbot/veletas/bot"
)

// Send keeps a message of the AI to print after the line being handled
// (Sender).
func (c *Console) Send(ctx context.Context, channel string, r bot.Reply) error {
	c.sentMu.Lock()
	defer c.sentMu.Unlock()
	c.sent = append(c.sent, bot.Post{Channel: channel, Reply: r})
	return nil
}

// flushAI waits until the AI has acted in every game waiting for it (when
// the Handler runs an AI) and prints its messages, so that the transcript
// is the same however long the AI thinks.
func (c *Console) flushAI(ctx context.Context) error {
	if w, ok := c.Handler.(interface{ WaitAI(context.Context) error }); ok {
		if err := w.WaitAI(ctx); err != nil {
			return err
		}
	}
	c.sentMu.Lock()
	sent := c.sent
	c.sent = nil
	c.sentMu.Unlock()
	for _, p := range sent {
		if err := c.print(p.Reply, "", p.Channel); err != nil {
			return err
		}
	}
	return nil
}
