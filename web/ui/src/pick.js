// Moves by pointing: for the signed-in player to act, the steps of the
// game's picker (GET base/pick) shown on the board — options that are
// squares as highlighted targets, the others as buttons — with Back and
// Confirm; the action goes to base/act with the page's CSRF token. A
// step that commits (a Fanorona capture step) is sent at once. Anyone
// else who clicks the board gets the server's refusal.
import { api } from "./signin.js";
import { U } from "./board.js";
import { lang, t } from "./texts.js";

const NS = "http://www.w3.org/2000/svg";

export function initPick(opts) {
  const { base, svg, status, getState, onMoved } = opts;
  let me = { user: "", seat: -1, csrf: "", moves: false };
  let step = null; // the current step (web.Step), null when not picking
  let busy = false;
  let gen = 0; // bumped on every reset, to drop stale answers

  const panel = document.createElement("section");
  panel.id = "pick";
  panel.className = "pick";
  panel.hidden = true;
  panel.innerHTML = '<p id="pickwhat" class="pickwhat"></p><div id="pickopts" class="pickopts"></div>' +
    '<div class="pickbar"><button type="button" id="pickback"></button>' +
    '<button type="button" id="pickok" class="ok"></button></div>';
  const msg = document.createElement("p");
  msg.id = "pickmsg";
  msg.className = "pickmsg";
  msg.setAttribute("role", "alert");
  status.after(panel, msg);
  const $ = (id) => document.getElementById(id);
  $("pickback").textContent = t("pickBack");
  $("pickok").textContent = t("confirm");

  function say(text, ok) {
    msg.textContent = text || "";
    msg.dataset.kind = ok ? "ok" : text ? "refused" : "";
  }

  async function get(url) {
    const r = await api(url, { credentials: "same-origin" });
    const body = await r.json().catch(() => ({ error: "HTTP " + r.status }));
    return { ok: r.ok, status: r.status, body };
  }

  // squares maps a square's name to its column and row on the board.
  function squares() {
    const b = getState() && getState().board;
    const m = new Map();
    if (!b) return m;
    b.files.forEach((f, c) => b.ranks.forEach((t, r) => m.set(f + t, [c, r])));
    return m;
  }

  function clear() {
    svg.querySelectorAll(".picking").forEach((e) => e.remove());
    svg.classList.remove("pickable");
  }

  function draw() {
    clear();
    const st = getState();
    panel.hidden = !step;
    delete svg.dataset.step;
    if (!step || !st || !st.board) return;
    const b = st.board;
    const sq = squares();
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", "picking");
    const xy = ([c, r]) => [c * U, (b.rows - 1 - r) * U];
    const round = b.points ? U / 2 : 2; // points are picked as rings
    for (const m of step.marks) {
      if (!sq.has(m)) continue;
      const [x, y] = xy(sq.get(m));
      const e = document.createElementNS(NS, "rect");
      Object.entries({ x: x + 0.6, y: y + 0.6, width: U - 1.2, height: U - 1.2, rx: b.points ? (U - 1.2) / 2 : 1.5, class: "chosen" })
        .forEach(([k, v]) => e.setAttribute(k, v));
      g.append(e);
    }
    const box = $("pickopts");
    box.textContent = "";
    let targets = 0;
    for (const o of step.options) {
      if (sq.has(o.value)) {
        const [x, y] = xy(sq.get(o.value));
        const e = document.createElementNS(NS, "rect");
        Object.entries({ x: x + 0.4, y: y + 0.4, width: U - 0.8, height: U - 0.8, rx: round, class: "target" })
          .forEach(([k, v]) => e.setAttribute(k, v));
        e.dataset.sq = o.value;
        const t = document.createElementNS(NS, "title");
        t.textContent = o.label;
        e.append(t);
        e.setAttribute("tabindex", "0");
        e.setAttribute("role", "button");
        e.setAttribute("aria-label", o.label);
        e.addEventListener("click", (ev) => { ev.stopPropagation(); choose(o.value); });
        e.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); choose(o.value); }
        });
        g.append(e);
        targets++;
      } else {
        const bt = document.createElement("button");
        bt.type = "button";
        bt.className = "option";
        bt.textContent = o.label;
        bt.dataset.value = o.value;
        bt.addEventListener("click", () => choose(o.value));
        box.append(bt);
      }
    }
    svg.append(g);
    if (targets) svg.classList.add("pickable");
    svg.dataset.step = step.key || "";
    // The game's words for the step (step.prompt, numbered), else its key.
    let what = step.key ? step.key.replace(/[-._]/g, " ") : "";
    if (step.count) what += " " + step.index + "/" + step.count;
    $("pickwhat").textContent = step.options.length ? (step.prompt || t("choose", { what }))
      : step.action ? t("playAsk", { action: step.action }) : "";
    $("pickback").hidden = step.chosen.length === 0;
    $("pickok").hidden = !(step.done && !step.commit);
    $("pickok").textContent = step.action ? t("confirmAction", { action: step.action }) : t("confirm");
  }

  async function load(chosen) {
    const st = getState();
    const my = ++gen;
    const r = await get(base + "/pick?rev=" + st.revision + "&c=" + encodeURIComponent(chosen.join(",")) + "&lang=" + lang());
    if (my !== gen) return;
    if (!r.ok) {
      step = null;
      draw();
      say(r.body.error);
      return;
    }
    step = r.body;
    if (step.done && step.commit) {
      await send(step.action); // a step of a turn played a step at a time
      return;
    }
    draw();
    bump("picks");
  }

  // bump counts the steps shown and the actions sent (data-picks,
  // data-acted on #app), for the tests to wait on.
  function bump(what) {
    const app = document.getElementById("app");
    app.dataset[what] = String(Number(app.dataset[what] || 0) + 1);
  }

  function choose(v) {
    if (!step) return; // a step shown while an action is under way is the next one's
    say("");
    load(step.chosen.concat([v]));
  }

  // send sends an action; the actions go one after another.
  let sending = Promise.resolve();
  function send(action) {
    const rev = step ? step.rev : getState().revision;
    step = null; // a step shown while the action is under way is the next one's
    draw();
    inFlight(1);
    sending = sending.then(() => sendNow(action, rev))
      .catch((err) => say(String(err.message || err)))
      .finally(() => inFlight(-1));
    return sending;
  }

  // inFlight counts the actions sent and not answered (data-sending on
  // #app, for the tests).
  let flying = 0;
  function inFlight(d) {
    flying += d;
    document.getElementById("app").dataset.sending = String(flying);
  }

  async function sendNow(action, rev) {
    busy = true;
    try {
      const r = await api(base + "/act", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": me.csrf },
        body: JSON.stringify({ rev, action }),
      });
      const body = await r.json().catch(() => ({ error: "HTTP " + r.status }));
      if (r.ok) {
        say(t("played", { action }), true);
        bump("acted");
      } else {
        say(body.error);
      }
      if (r.ok || r.status === 409) await onMoved(); // show the game as it stands
    } finally {
      busy = false;
    }
    // Start again from the game as it stands (unless the live update
    // did already): the next step of a turn under way, or nothing until
    // the opponent moves.
    if (!step) reset();
  }

  $("pickback").addEventListener("click", () => {
    if (step && step.chosen.length) load(step.chosen.slice(0, -1));
  });
  $("pickok").addEventListener("click", () => {
    if (step && step.done && !step.commit) send(step.action);
  });

  // A click on the board outside the targets: a player not to act, or
  // a spectator, is told why by the server; a visitor not signed in is
  // asked to sign in, with a link that brings them back here.
  svg.addEventListener("click", () => {
    if (step || busy) return;
    const st = getState();
    if (!st || st.over) return;
    if (!me.user) {
      if (me.signIn) promptSignIn();
      return;
    }
    get(base + "/pick?rev=" + st.revision + "&lang=" + lang()).then((r) => { if (!r.ok) say(r.body.error); });
  });

  // promptSignIn shows the sign-in prompt in the message line.
  function promptSignIn() {
    msg.textContent = "";
    const a = document.createElement("a");
    a.id = "signinprompt";
    a.className = "signin";
    a.href = me.signIn;
    a.textContent = t("signIn");
    const p = document.createElement("span");
    p.textContent = t("signInToPlay");
    msg.append(p, " ", a);
    msg.dataset.kind = "signin";
  }

  // reset starts the picking again from the game as it stands: for the
  // player to act, the first step.
  function reset() {
    gen++;
    step = null;
    draw();
    const st = getState();
    // The seat to act is the user's (seats may change hands: a swap).
    if (!me.moves || !me.user || !st || st.over || !st.players[st.toAct] || st.players[st.toAct].id !== me.user) return;
    load([]);
  }

  get(base + "/me").then((r) => {
    if (r.ok) me = r.body;
    document.getElementById("app").dataset.me = me.user || "";
    reset();
  });

  return { reset, say, redraw: draw };
}
