// The page's words in its language: the server puts the texts of the
// page's language (web/texts.go) in <script type="application/json"
// id="texts">; t(key, {name: value}) is a text with its {name}s filled.
let table = null;

export function t(key, args) {
  if (!table) {
    const e = document.getElementById("texts");
    try {
      table = e ? JSON.parse(e.textContent) : {};
    } catch {
      table = {};
    }
  }
  let s = key in table ? table[key] : key;
  for (const k in args || {}) s = s.split("{" + k + "}").join(String(args[k]));
  return s;
}

// lang is the page's language ("en", "fr", "ja"), which the server chose
// for it: the requests for the game's words ask for it (?lang=).
export function lang() {
  return document.documentElement.lang || "en";
}
