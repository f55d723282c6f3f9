package console

// Text is TextIn with no locale (bot.DateTime's default), as the fuzz
// target of this package calls it.
func Text(text string) string { return TextIn(text, "") }
