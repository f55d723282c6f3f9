package veletas

// ParseHeader reads the header tokens at the start of a record (size=N
// and rules=..., in any order, each at most once) and returns the board
// size and rules they give (10 and Classic when absent) and the number of
// tokens read. It stops at the first token that is not a header token.
// ParseRecord reads its header with the same header.read, so the tests
// check that reader through it.
func ParseHeader(tokens []string) (Size, Rules, int, error) {
	var h header
	for i, tok := range tokens {
		ok, err := h.read(tok)
		if err != nil {
			return 0, 0, i, &TokenError{N: 0, Token: tok, Err: err}
		}
		if !ok {
			return h.size(), h.rules, i, nil
		}
	}
	return h.size(), h.rules, len(tokens), nil
}
