// Command veletasbot runs the Veletas Discord bot, or, as
// `veletasbot console`, plays its commands from standard input without
// Discord.
//
//	veletasbot [-db FILE] [-guild ID] [-log-level LEVEL]      (needs DISCORD_TOKEN or DISCORD_TOKEN_FILE)
//	veletasbot -http ADDR [...]       Discord's HTTP interactions on ADDR instead of the gateway (also DISCORD_PUBLIC_KEY)
//	veletasbot -shard ID/COUNT [...]  one gateway shard of COUNT
//	veletasbot console [-db FILE] [-out DIR]
//
// Environment: DISCORD_TOKEN or DISCORD_TOKEN_FILE (the bot token, or a
// file holding it), DISCORD_API_URL (another REST base URL, such as a
// rate-limit proxy or a test server), DISCORD_PUBLIC_KEY (the
// application's public key, for -http), VELETAS_DB, VELETAS_GUILD,
// VELETAS_HTTP, VELETAS_SHARD, VELETAS_LOG_LEVEL (flags win over the
// environment). -register=false skips the command registration.
package main
