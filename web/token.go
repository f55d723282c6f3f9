package web

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
)

// MinKeyBytes is the shortest server key Options.Key may be.
const MinKeyBytes = 32

// ErrShortKey is returned by New for a key shorter than MinKeyBytes.
var ErrShortKey = errors.New("web: server key too short")

// errBadToken is a token that is not one this server made.
var errBadToken = errors.New("web: bad token")

// tokens makes and reads the links' tokens. A token is 24 bytes in
// base64url (32 characters): the game's ID and the first 8 bytes of its
// tag, enciphered as one AES block so that the ID does not show, then the
// next 8 bytes of the tag. The tag is HMAC-SHA256 of the ID under a key
// derived from the server's key: 128 bits of it are checked, so a token
// cannot be made without the key, and IDs cannot be enumerated.
type tokens struct {
	block cipher.Block
	mac   []byte
}

func newTokens(key []byte) (*tokens, error) {
	if len(key) < MinKeyBytes {
		return nil, fmt.Errorf("%w: %d bytes, want at least %d", ErrShortKey, len(key), MinKeyBytes)
	}
	block, err := aes.NewCipher(derive(key, "web/token/cipher")[:16])
	if err != nil {
		return nil, err
	}
	return &tokens{block: block, mac: derive(key, "web/token/mac")}, nil
}

func derive(key []byte, label string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(label))
	return h.Sum(nil)
}

func (t *tokens) tag(id uint64) []byte {
	h := hmac.New(sha256.New, t.mac)
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], id)
	h.Write(b[:])
	return h.Sum(nil)
}

// make returns the token of game id.
func (t *tokens) make(id uint64) string {
	tag := t.tag(id)
	var out [24]byte
	binary.BigEndian.PutUint64(out[:8], id)
	copy(out[8:16], tag[:8])
	t.block.Encrypt(out[:16], out[:16])
	copy(out[16:], tag[8:16])
	return base64.RawURLEncoding.EncodeToString(out[:])
}

// read returns the game ID of a token, or errBadToken.
func (t *tokens) read(s string) (uint64, error) {
	if len(s) != 32 {
		return 0, errBadToken
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(raw) != 24 {
		return 0, errBadToken
	}
	var plain [16]byte
	t.block.Decrypt(plain[:], raw[:16])
	id := binary.BigEndian.Uint64(plain[:8])
	tag := t.tag(id)
	got := append(append([]byte{}, plain[8:16]...), raw[16:]...)
	if subtle.ConstantTimeCompare(got, tag[:16]) != 1 {
		return 0, errBadToken
	}
	return id, nil
}
