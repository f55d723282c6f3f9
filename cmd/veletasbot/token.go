package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// errTokenRejected is the one-line error when Discord answers 401 to the
// token.
var errTokenRejected = errors.New("DISCORD_TOKEN is wrong: Discord rejected the bot token (HTTP 401 Unauthorized); " +
	"get a new one at https://discord.com/developers/applications (your app > Bot > Reset Token), " +
	"put it in DISCORD_TOKEN or in the file DISCORD_TOKEN_FILE names, and start the bot again")

// errNoToken is the one-line error for a missing token.
var errNoToken = errors.New("no Discord token: set DISCORD_TOKEN (or DISCORD_TOKEN_FILE to a file holding it) to the bot token from https://discord.com/developers/applications (your app > Bot > Reset Token); to try the bot without Discord, run 'veletasbot console'")

// loadToken takes the token from DISCORD_TOKEN or the file named by
// DISCORD_TOKEN_FILE.
func (m *Main) loadToken() error {
	if m.Token == "" && m.TokenFile != "" {
		b, err := os.ReadFile(m.TokenFile)
		if err != nil {
			if !strings.ContainsAny(m.TokenFile, `/\`) {
				// A token has no slash: this may be the token itself,
				// pasted in the wrong variable; it is not echoed.
				return fmt.Errorf("DISCORD_TOKEN_FILE: cannot read the token file it names (%d characters, not shown: "+
					"if it is the token itself, put it in DISCORD_TOKEN, or better in a file, and set DISCORD_TOKEN_FILE to that file's path, such as /etc/veletasbot/token): %w",
					len(m.TokenFile), errors.Unwrap(err))
			}
			return fmt.Errorf("DISCORD_TOKEN_FILE: cannot read the token file %s: %w", m.TokenFile, errors.Unwrap(err))
		}
		m.Token = strings.TrimSpace(string(b))
	}
	if m.Token == "" {
		return errNoToken
	}
	if strings.ContainsAny(m.Token, " \t\r\n") {
		return errors.New("the Discord token holds white space: copy it again from the developer portal")
	}
	return nil
}
