package games

import (
	"testing"

	"github.com/veletasbot/veletas/bot"
)

// TestModulesWordCoreKeys checks every module words the texts the core
// has none of (bot.ModuleKeys), in every language of the catalogue.
func TestModulesWordCoreKeys(t *testing.T) {
	for _, m := range All() {
		for _, l := range bot.Languages {
			for _, k := range bot.ModuleKeys {
				if m.Texts()[l][k] == "" {
					t.Errorf("%s: no %q text in %s", m.Rules().Kind(), k, l)
				}
			}
		}
	}
}
