package openapi

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestNumbers: numbers are checked against bounds, formats, enums and
// const alike whether they take the integer path (integers and bounds
// that fit in 64 bits) or the exact one (big.Rat: fractions, exponents,
// bounds beyond 64 bits).
func TestNumbers(t *testing.T) {
	schema := func(s string) map[string]any {
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		var m map[string]any
		if err := d.Decode(&m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, c := range []struct {
		schema, value string
		want          []string // the problems' codes
	}{
		{`{"type":"integer","minimum":0,"maximum":10}`, "5", nil},
		{`{"type":"integer","minimum":0,"maximum":10}`, "10", nil},
		{`{"type":"integer","minimum":0,"maximum":10}`, "11", []string{"NUMBER_TYPE_MAX"}},
		{`{"type":"integer","minimum":0,"maximum":10}`, "-1", []string{"NUMBER_TYPE_MIN"}},
		{`{"type":"number","minimum":0,"maximum":10}`, "10.5", []string{"NUMBER_TYPE_MAX"}},
		{`{"type":"number","minimum":0,"maximum":10}`, "1e1", nil},
		{`{"type":"number","minimum":0,"maximum":10}`, "1e2", []string{"NUMBER_TYPE_MAX"}},
		{`{"type":"number","maximum":10.5}`, "10", nil},
		{`{"type":"number","maximum":10.5}`, "11", []string{"NUMBER_TYPE_MAX"}},
		{`{"type":"integer","maximum":99999999999999999999}`, "9223372036854775807", nil},
		{`{"type":"integer","format":"int32"}`, "2147483647", nil},
		{`{"type":"integer","format":"int32"}`, "-2147483648", nil},
		{`{"type":"integer","format":"int32"}`, "2147483648", []string{"NUMBER_TYPE_COERCE"}},
		{`{"type":"integer","format":"int64"}`, "9223372036854775808", []string{"NUMBER_TYPE_COERCE"}},
		{`{"type":"integer","format":"int64"}`, "-9223372036854775808", nil},
		{`{"type":"integer","enum":[1,2,3]}`, "2", nil},
		{`{"type":"integer","enum":[1,2,3]}`, "4", []string{"BASE_TYPE_CHOICES"}},
		{`{"type":"number","enum":[1,2,3]}`, "2.0", nil},
		{`{"type":"integer","const":7}`, "7", nil},
		{`{"type":"integer","const":7}`, "8", []string{"BASE_TYPE_CHOICES"}},
		{`{"type":"string","enum":["a","b"]}`, `"b"`, nil},
		{`{"type":"string","enum":["a","b"]}`, `"c"`, []string{"BASE_TYPE_CHOICES"}},
	} {
		d := json.NewDecoder(strings.NewReader(c.value))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil {
			t.Fatal(err)
		}
		ch := &checker{spec: &Spec{}}
		ch.value(schema(c.schema), v, "x")
		var got []string
		for _, p := range ch.problems {
			got = append(got, p.Code)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s against %s: %v, want %v", c.value, c.schema, ch.problems, c.want)
		}
	}
}
