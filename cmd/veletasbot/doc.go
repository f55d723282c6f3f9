// Command veletasbot runs the Veletas Discord bot, or, as
// `veletasbot console`, plays its commands from standard input without
// Discord.
//
//	veletasbot [-db FILE] [-guild ID] [-log-level LEVEL]      (needs DISCORD_TOKEN or DISCORD_TOKEN_FILE)
//	veletasbot console [-db FILE] [-out DIR]
//
// Environment: DISCORD_TOKEN or DISCORD_TOKEN_FILE (the bot token, or a
// file holding it), DISCORD_API_URL (another REST base URL, such as a
// rate-limit proxy or a test server), VELETAS_DB, VELETAS_GUILD,
// VELETAS_LOG_LEVEL (flags win over the environment).
package main
