package main

import (
	"errors"
	"fmt"

	"github.com/veletasbot/veletas/store"
)

// resolveStore sets Store (and DBPath) from -store and -db after the flags
// are parsed (set names the flags given; nil when Run is called without
// ParseFlags). -db FILE is short for -store bolt:FILE; flags win over the
// environment (VELETAS_STORE, VELETAS_DB); two at the same level must name
// the same store.
func (m *Main) resolveStore(set map[string]bool) error {
	level := func(flagName, env string) int {
		switch {
		case set[flagName]:
			return 2
		case !m.Console && m.Getenv != nil && m.Getenv(env) != "":
			return 1
		}
		return 0
	}
	dbLevel, storeLevel := level("db", "VELETAS_DB"), level("store", "VELETAS_STORE")
	if set == nil && m.StoreURL != "" {
		storeLevel = 2 // set by the caller
	}
	name := func(flagName, env string, l int) string {
		if l == 2 {
			return "-" + flagName
		}
		return env
	}
	useDB := storeLevel == 0 || dbLevel > storeLevel
	if dbLevel == storeLevel && storeLevel > 0 {
		loc, err := store.ParseURL(m.StoreURL)
		if err != nil {
			return fmt.Errorf("%s: %w", name("store", "VELETAS_STORE", storeLevel), err)
		}
		if loc.Kind != "bolt" || loc.Path != m.DBPath {
			return fmt.Errorf("%s %s and %s %s name different stores: give one of them (-db FILE is short for -store bolt:FILE)",
				name("db", "VELETAS_DB", dbLevel), m.DBPath, name("store", "VELETAS_STORE", storeLevel), m.StoreURL)
		}
	}
	if useDB {
		if m.DBPath == "" {
			return errors.New("-db: the database path is empty")
		}
		m.Store = store.Location{Kind: "bolt", Path: m.DBPath}
		m.StoreURL = m.Store.String()
		return nil
	}
	loc, err := store.ParseURL(m.StoreURL)
	if err != nil {
		return fmt.Errorf("%s: %w", name("store", "VELETAS_STORE", storeLevel), err)
	}
	m.Store = loc
	m.DBPath = ""
	if loc.Kind == "bolt" {
		m.DBPath = loc.Path
	}
	return nil
}
