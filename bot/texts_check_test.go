package bot

import (
	"errors"
	"testing"
)

func TestCheckTextsNeedsModuleKeys(t *testing.T) {
	full := Catalogue{"en": {NameKey: "Game", "rules": "r", "help": "h"}}
	if err := checkTexts(full); err != nil {
		t.Fatalf("complete catalogue refused: %v", err)
	}
	for _, k := range ModuleKeys {
		c := Catalogue{"en": {}}
		for kk, v := range full["en"] {
			if kk != k {
				c["en"][kk] = v
			}
		}
		if err := checkTexts(c); !errors.Is(err, ErrMissingText) {
			t.Errorf("without %q: %v, want ErrMissingText", k, err)
		}
	}
}
