package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// Schema 6 stores every game the same way: a game or a challenge names
// its kind and keeps its terms; what schema 5 kept in fields of Veletas
// (size, rules) and of Fanorona (variant, swapped) moves into the terms.
// This file is the one place that knows schema 5's layout, and so the
// names of the two games it held: its migration rewrites each value in
// place (migrate5to6 in a bbolt file's Open, etcdStore.migrate5to6 for an
// etcd prefix), without Options.Games.
//
//	games, archive: kind "" -> "veletas", terms {size, rules (from the
//	  record's header)}; "fanorona" -> terms {variant (from the record's
//	  header), swapped "1" when swapped}; reason "majority" -> "rules";
//	  fields size, swapped, variant dropped
//	challenges: kind "" -> "veletas", terms {size, rules}; "fanorona" ->
//	  terms {variant}; fields size, rules, variant dropped
//	settings: size, rules -> defaults["veletas"] {size, rules} (each only
//	  when set)
//	standings (guild NUL user, Veletas's) -> standings_by_kind
//	  ("veletas" NUL guild NUL user, kind "veletas"); standings is left
//	  empty
//
// A value that does not decode is left as it is (and logged), as the
// earlier migrations do; it stays corrupt.

// The kinds and terms of schema 5's two games, as schema 6 stores them
// (the games' own packages define them: game/veletas, game/fanorona).
const (
	legacyFirstKind  = "veletas"
	legacySecondKind = "fanorona"
)

// migration5 is one change of the schema 6 migration: put val at key of
// bucket, or delete key when val is nil.
type migration5 struct {
	bucket, key, val []byte
}

// schema5Buckets are the buckets whose values the migration rewrites.
var schema5Buckets = [][]byte{bucketGames, bucketArchive, bucketChallenges, bucketSettings, bucketStandings}

// migrate5Value returns the changes that bring one value of bucket, at
// key, to schema 6 (none when it is already there), and an error for a
// value that does not decode.
func migrate5Value(bucket, key, val []byte) ([]migration5, error) {
	var m map[string]json.RawMessage
	if err := decodeValue(val, &m); err != nil {
		return nil, err
	}
	var changed bool
	var err error
	switch {
	case bytes.Equal(bucket, bucketGames), bytes.Equal(bucket, bucketArchive):
		changed, err = migrate5Game(m)
	case bytes.Equal(bucket, bucketChallenges):
		changed, err = migrate5Challenge(m)
	case bytes.Equal(bucket, bucketSettings):
		changed, err = migrate5Settings(m)
	case bytes.Equal(bucket, bucketStandings):
		m["kind"] = jsonString(legacyFirstKind)
		nv, err := encode(m)
		if err != nil {
			return nil, err
		}
		return []migration5{
			{bucket: bucketStandingsByKind, key: pairKey(legacyFirstKind, string(key)), val: nv},
			{bucket: bucketStandings, key: key},
		}, nil
	}
	if err != nil || !changed {
		return nil, err
	}
	nv, err := encode(m)
	if err != nil {
		return nil, err
	}
	return []migration5{{bucket: bucket, key: key, val: nv}}, nil
}

func jsonString(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

// field decodes the field name of m into v, leaving v as it is when the
// field is absent.
func field(m map[string]json.RawMessage, name string, v any) error {
	raw, ok := m[name]
	if !ok || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("field %s: %w", name, err)
	}
	return nil
}

// recordHeader returns the value of the header tag name= of a record
// ("" when absent): the tags are the record's first tokens.
func recordHeader(record, name string) string {
	for _, tok := range strings.Fields(record) {
		v, ok := strings.CutPrefix(tok, name+"=")
		if ok {
			return v
		}
		if !strings.Contains(tok, "=") {
			break
		}
	}
	return ""
}

// legacyRules is the name of schema 5's Veletas rule set number.
func legacyRules(n int) (string, error) {
	switch n {
	case 0:
		return "classic", nil
	case 1:
		return "revised", nil
	}
	return "", fmt.Errorf("rules %d", n)
}

func setTerms(m map[string]json.RawMessage, kind string, terms map[string]string, drop ...string) error {
	b, err := json.Marshal(terms)
	if err != nil {
		return err
	}
	m["kind"], m["terms"] = jsonString(kind), b
	for _, f := range drop {
		delete(m, f)
	}
	return nil
}

func migrate5Game(m map[string]json.RawMessage) (bool, error) {
	var kind, record, reason string
	if err := field(m, "kind", &kind); err != nil {
		return false, err
	}
	if err := field(m, "record", &record); err != nil {
		return false, err
	}
	if err := field(m, "reason", &reason); err != nil {
		return false, err
	}
	changed := false
	if reason == "majority" {
		m["reason"] = jsonString("rules")
		changed = true
	}
	_, hasTerms := m["terms"]
	switch {
	case hasTerms && kind != "":
		return changed, nil // schema 6 already
	case kind == "":
		var size int
		if err := field(m, "size", &size); err != nil {
			return false, err
		}
		if size == 0 { // the record's header says it too
			size, _ = strconv.Atoi(recordHeader(record, "size"))
		}
		rules := recordHeader(record, "rules")
		if rules == "" {
			rules = "classic"
		}
		return true, setTerms(m, legacyFirstKind, map[string]string{"size": strconv.Itoa(size), "rules": rules}, "size", "swapped", "variant")
	case kind == legacySecondKind:
		var swapped bool
		if err := field(m, "swapped", &swapped); err != nil {
			return false, err
		}
		t := map[string]string{"variant": "fanorona"}
		if v := recordHeader(record, "variant"); v != "" {
			t["variant"] = v
		}
		if swapped {
			t["swapped"] = "1"
		}
		return true, setTerms(m, kind, t, "size", "swapped", "variant")
	}
	return changed, nil // a kind schema 5 did not have: left as it is
}

func migrate5Challenge(m map[string]json.RawMessage) (bool, error) {
	var kind string
	if err := field(m, "kind", &kind); err != nil {
		return false, err
	}
	_, hasTerms := m["terms"]
	switch {
	case hasTerms && kind != "":
		return false, nil
	case kind == "":
		var size, rules int
		if err := field(m, "size", &size); err != nil {
			return false, err
		}
		if err := field(m, "rules", &rules); err != nil {
			return false, err
		}
		if size == 0 {
			size = 10
		}
		r, err := legacyRules(rules)
		if err != nil {
			return false, err
		}
		return true, setTerms(m, legacyFirstKind, map[string]string{"size": strconv.Itoa(size), "rules": r}, "size", "rules", "variant")
	case kind == legacySecondKind:
		variant := "fanorona"
		if err := field(m, "variant", &variant); err != nil {
			return false, err
		}
		if variant == "" {
			variant = "fanorona"
		}
		return true, setTerms(m, kind, map[string]string{"variant": variant}, "size", "rules", "variant")
	}
	return false, nil
}

func migrate5Settings(m map[string]json.RawMessage) (bool, error) {
	_, hasSize := m["size"]
	_, hasRules := m["rules"]
	if !hasSize && !hasRules {
		return false, nil
	}
	var size, rules int
	if err := field(m, "size", &size); err != nil {
		return false, err
	}
	if err := field(m, "rules", &rules); err != nil {
		return false, err
	}
	delete(m, "size")
	delete(m, "rules")
	t := map[string]string{}
	if size != 0 {
		t["size"] = strconv.Itoa(size)
	}
	if rules != 0 {
		r, err := legacyRules(rules)
		if err != nil {
			return false, err
		}
		t["rules"] = r
	}
	if len(t) > 0 {
		defaults := map[string]map[string]string{}
		if err := field(m, "defaults", &defaults); err != nil {
			return false, err
		}
		if defaults[legacyFirstKind] == nil {
			defaults[legacyFirstKind] = t
		}
		b, err := json.Marshal(defaults)
		if err != nil {
			return false, err
		}
		m["defaults"] = b
	}
	return true, nil
}

// migrate5to6 rewrites a bbolt file's values to schema 6.
func migrate5to6(db *DB, tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketStandingsByKind); err != nil {
		return err
	}
	var changes []migration5
	for _, name := range schema5Buckets {
		b := tx.Bucket(name)
		if b == nil {
			continue
		}
		err := b.ForEach(func(k, v []byte) error {
			ch, err := migrate5Value(name, bytes.Clone(k), v)
			if err != nil {
				db.opts.Logger.Warn("store: migration to schema 6 leaves a corrupt value as it is", "bucket", string(name), "key", k, "err", err)
				return nil
			}
			changes = append(changes, ch...)
			return nil
		})
		if err != nil {
			return err
		}
	}
	for _, c := range changes {
		b := tx.Bucket(c.bucket)
		var err error
		if c.val == nil {
			err = b.Delete(c.key)
		} else {
			err = b.Put(c.key, c.val)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
