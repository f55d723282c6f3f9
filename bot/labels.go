package bot

import "strings"

// ButtonLabels returns every language's label of the button whose label
// is label in some language ("Accepter" gives Accept, 受ける and
// Accepter), or nil when no button has it, so that a front end where
// labels are typed (the console) can take the English label in any
// language. The games' own buttons (their modules' texts) count too.
func ButtonLabels(label string) []string {
	for _, l := range Languages {
		for key, text := range messages[l] {
			if !strings.HasPrefix(key, "button.") || text != label {
				continue
			}
			var out []string
			for _, l2 := range Languages {
				out = append(out, tr(l2, key))
			}
			return out
		}
	}
	for _, l := range Languages {
		for key, text := range reg().texts[l] {
			key, game, _ := strings.Cut(key, "@")
			if !strings.HasPrefix(key, "button.") || text != label {
				continue
			}
			var out []string
			for _, l2 := range Languages {
				out = append(out, tr(l2+"+"+game, key))
			}
			return out
		}
	}
	return nil
}
