// The web board's page: draws the board as SVG from the game's JSON,
// keeps it live through server-sent events, and steps through the game.
import { drawBoard } from "./board.js";
import { Graph } from "./graph.js";
import { initPick } from "./pick.js";
import { api, setupSignIn } from "./signin.js";
import { lang, t } from "./texts.js";

const app = document.getElementById("app");
let base = ""; // "/g/" and the game's token, once started
const $ = (id) => document.getElementById(id);

let state = null; // the game's State (see web.State)
let shown = null; // the ply shown; null follows the game's last
const boards = new Map(); // ply -> Board, for the replay
const graph = new Graph($("graph"), (ply) => show(ply)); // a finished game's evaluation

// Theme: the system's unless the toggle chose one.
const root = document.documentElement;
const saved = localStorage.getItem("theme");
if (saved) root.dataset.theme = saved;
$("theme").addEventListener("click", () => {
  const dark = root.dataset.theme
    ? root.dataset.theme === "dark"
    : matchMedia("(prefers-color-scheme: dark)").matches;
  root.dataset.theme = dark ? "light" : "dark";
  localStorage.setItem("theme", root.dataset.theme);
});

setupSignIn();

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function plies() {
  return state && state.board ? state.board.plies.length : 0;
}

async function boardAt(ply) {
  if (ply === plies()) return state.board;
  if (boards.has(ply)) return boards.get(ply);
  const r = await api(base + "/ply/" + ply);
  if (!r.ok) throw new Error("ply " + ply + ": " + r.status);
  const b = tidy(await r.json());
  boards.set(ply, b);
  return b;
}

function renderPlayers() {
  const box = $("players");
  box.textContent = "";
  state.players.forEach((p, seat) => {
    const d = el("div", "player" + (!state.over && state.toAct === seat ? " toact" : ""));
    d.dataset.seat = seat;
    if (p.avatar) {
      const img = el("img", "avatar");
      img.src = p.avatar;
      img.alt = "";
      d.append(img);
    } else {
      d.append(el("span", "avatar none", (p.name || "?").slice(0, 1).toUpperCase()));
    }
    const name = el("span", "name", p.name);
    d.append(name);
    if (p.color) {
      // The colour's name in the page's language (the game's words),
      // shown beside the player; else the piece's, on the chip.
      const word = state.words && state.words.colors && state.words.colors[seat];
      const chip = el("span", "chip " + p.color);
      chip.title = word || p.color;
      chip.setAttribute("aria-label", word || p.color);
      d.prepend(chip);
      if (word) d.append(el("span", "colorname", word));
    }
    box.append(d);
  });
}

function fmtLeft(ms) {
  if (ms <= 0) return t("timeUp");
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d > 0) return t("leftDays", { d, h });
  if (h > 0) return t("leftHours", { h, m });
  return t("leftMinutes", { m, s: s % 60 });
}

let skew = 0; // the server's clock minus ours
function renderStatus() {
  const st = $("status");
  if (state.over && state.words && state.words.outcome) {
    st.textContent = state.words.outcome;
    st.dataset.toact = "";
    return;
  }
  if (state.over) {
    const w = state.winner >= 0 ? t("won", { name: state.players[state.winner].name }) : t("drawn");
    const why = state.reason ? t("reason." + state.reason) : "";
    st.textContent = w + (why ? " (" + (why === "reason." + state.reason ? state.reason : why) + ")" : "");
    st.dataset.toact = "";
    return;
  }
  const p = state.players[state.toAct];
  let line = t("toPlay", { name: p.name });
  if (state.deadline) line += " · " + fmtLeft(Date.parse(state.deadline) - (Date.now() + skew));
  st.textContent = line;
  st.dataset.toact = String(state.toAct);
}

function renderMoves() {
  const ol = $("moves");
  ol.textContent = "";
  if (!state.board) return;
  const cur = shown === null ? plies() : shown;
  state.board.plies.forEach((m, i) => {
    const li = el("li", "move" + (i + 1 === cur ? " current" : ""));
    const b = el("button", "", m);
    b.type = "button";
    b.addEventListener("click", () => show(i + 1));
    li.append(b);
    ol.append(li);
  });
  const c = ol.querySelector(".current");
  if (c) c.scrollIntoView({ block: "nearest" });
}

async function renderBoard() {
  if (!state.board) return;
  const ply = shown === null ? plies() : shown;
  const b = ply === plies() ? state.board : await boardAt(ply);
  if (ply !== (shown === null ? plies() : shown)) return; // stepped on meanwhile
  drawBoard($("board"), b);
  if (ply === plies() && picker) picker.redraw();
  $("board").dataset.ply = String(ply);
  graph.mark(ply);
  if (!performance.getEntriesByName("board").length) performance.mark("board"); // the first board drawn
  $("plyno").textContent = ply + " / " + plies();
  $("first").disabled = $("prev").disabled = ply === 0;
  $("next").disabled = $("last").disabled = ply === plies();
}

// renderTitle shows the game's name and terms in the page's language.
function renderTitle() {
  const w = state.words;
  if (w && w.title) $("title").textContent = w.terms ? w.title + " · " + w.terms : w.title;
}

function render() {
  renderTitle();
  document.title = $("title").textContent + " · " + state.players.map((p) => p.name).join(" – ");
  renderPlayers();
  renderStatus();
  renderMoves();
  renderViewers(state.viewers);
  return renderBoard();
}

function renderViewers(n) {
  $("viewers").textContent = n === 1 ? t("watchingOne") : t("watching", { n });
  $("viewers").dataset.n = String(n);
}

function show(ply) {
  const n = plies();
  ply = Math.max(0, Math.min(n, ply));
  shown = ply === n ? null : ply;
  renderMoves();
  return renderBoard();
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show((shown === null ? plies() : shown) - 1));
$("next").addEventListener("click", () => show((shown === null ? plies() : shown) + 1));
$("last").addEventListener("click", () => show(plies()));
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const cur = shown === null ? plies() : shown;
  const keys = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: plies() };
  if (e.key in keys) {
    e.preventDefault();
    show(keys[e.key]);
  }
});

// tidy gives a board's empty lists as arrays (Go writes them null).
function tidy(b) {
  if (b) {
    b.cells = b.cells || [];
    b.plies = b.plies || [];
    b.marks = b.marks || [];
  }
  return b;
}

function accept(s) {
  tidy(s.board);
  const moved = !state || state.revision !== s.revision;
  const grew = state && state.board && s.board && s.board.plies.length !== plies();
  if (grew) boards.clear();
  state = s;
  skew = Date.parse(s.now) - Date.now();
  app.dataset.revision = String(s.revision);
  if (s.over) {
    graph.load(base, s.players.map((p) => p.name)).then(() => {
      const c = $("moves").querySelector(".current"); // the list got shorter
      if (c) c.scrollIntoView({ block: "nearest" });
    });
  }
  return render().then(() => { if (moved && picker) picker.reset(); });
}

async function load() {
  const r = await api(base + "/state?lang=" + lang());
  if (!r.ok) throw new Error("state: " + r.status);
  await accept(await r.json());
}

function listen() {
  const es = new EventSource(base + "/events?lang=" + lang());
  es.addEventListener("state", (e) => accept(JSON.parse(e.data)));
  es.addEventListener("viewers", (e) => renderViewers(JSON.parse(e.data).viewers));
  es.addEventListener("open", () => { app.dataset.live = "1"; });
  es.addEventListener("error", () => { app.dataset.live = ""; });
}

// Moves by pointing (pick.js), for the signed-in player to act: made
// once the game is known.
let picker = null;

// startGame shows the game of the board's token: the web page's own
// (data-token), or the one the Activity's handshake found.
export function startGame(token) {
  base = "/g/" + token;
  picker = initPick({ base, svg: $("board"), status: $("status"), getState: () => state, onMoved: () => load() });
  load().then(listen, (err) => { $("status").textContent = String(err.message || err); });
  setInterval(() => { if (state) renderStatus(); }, 1000);
}

if (app.dataset.token) startGame(app.dataset.token);
