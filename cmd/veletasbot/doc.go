// Command veletasbot runs the Veletas Discord bot, or, as
// `veletasbot console`, plays its commands from standard input without
// Discord.
//
//	veletasbot [-db FILE] [-guild ID] [-log-level LEVEL]      (needs DISCORD_TOKEN or DISCORD_TOKEN_FILE)
//	veletasbot -store URL [...]       the store: bolt:FILE (-db FILE is short for it) or etcd://HOST:PORT[,HOST:PORT...][/PREFIX]
//	veletasbot -http ADDR [...]       Discord's HTTP interactions on ADDR instead of the gateway (also DISCORD_PUBLIC_KEY)
//	veletasbot -shard ID/COUNT [...]  one gateway shard of COUNT
//	veletasbot console [-db FILE | -store URL] [-out DIR]
//	veletasbot migrate -from bolt:FILE -to etcd://... [-overwrite]   copy a store into another (migrate.go)
//	veletasbot generate -to bolt:FILE|etcd://... [-guilds N] [-seed N]   fill a new store with generated games (generate.go)
//
// Environment: DISCORD_TOKEN or DISCORD_TOKEN_FILE (the bot token, or a
// file holding it), DISCORD_API_URL (another REST base URL, such as a
// rate-limit proxy or a test server), DISCORD_PUBLIC_KEY (the
// application's public key, for -http), VELETAS_DB, VELETAS_STORE,
// VELETAS_GUILD, VELETAS_HTTP, VELETAS_SHARD, VELETAS_LOG_LEVEL (flags win
// over the environment; -db and -store, or VELETAS_DB and VELETAS_STORE,
// given together must name the same store). -register=false skips the
// command registration. Snapshots (-snapshot-dir, -snapshot-every) are for
// a bolt store; an etcd cluster is backed up with etcdctl snapshot save.
//
// The files: config.go holds Config (DefaultConfig, DefaultConsoleConfig,
// Validate and its named errors), flags.go ParseFlags, which fills a
// Config from the flags and the environment, main.go Main, whose Run
// dispatches to runMigrate (migrate.go), runGenerate (generate.go), runConsole (console.go) or
// runBot (runbot.go), and Close; store.go resolves and opens the store,
// token.go reads the Discord token, signin.go the OAuth2 client ID and
// secret of sign-in with Discord on the web board (-client-id,
// -client-secret-file or DISCORD_CLIENT_SECRET(_FILE), -trusted-proxies), replicas.go joins the election of
// the replicas on an etcd store (store.DB.Elect).
package main
