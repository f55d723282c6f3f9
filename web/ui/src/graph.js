// The evaluation graph of a finished game: the computer's judgement after
// every ply (web.Graph, GET /g/TOKEN/eval) as a line from the first
// seat's win (top) to its loss (bottom), the plies where it swung most
// marked; a click on the graph or a swing's button shows that ply.
import { t } from "./texts.js";

const NS = "http://www.w3.org/2000/svg";
const W = 300, H = 80, PAD = 4;

function node(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.append(e);
  return e;
}

export class Graph {
  // fig is the <figure> to draw in; pick(ply) shows a ply.
  constructor(fig, pick) {
    this.fig = fig;
    this.pick = pick;
    this.values = null;
    this.loading = false;
    this.ply = null;
  }

  // load fetches the graph of a finished game once it has values; names
  // are the seats' players.
  async load(base, names) {
    if (this.values || this.loading) return;
    this.loading = true;
    try {
      const r = await fetch(base + "/eval");
      if (!r.ok) return;
      const g = await r.json();
      if (!g.values || g.values.length < 2) return;
      this.values = g.values;
      this.draw(g.swings || [], names);
    } finally {
      this.loading = false;
    }
  }

  x(ply) {
    return PAD + (ply * (W - 2 * PAD)) / (this.values.length - 1);
  }

  y(v) {
    return H / 2 - (v * (H / 2 - PAD));
  }

  draw(swings, names) {
    const fig = this.fig;
    fig.textContent = "";
    const cap = document.createElement("figcaption");
    cap.textContent = t("evaluation", { first: names[0], second: names[1] });
    fig.append(cap);
    const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, class: "evalgraph", role: "img",
      "aria-label": t("evalLabel") }, fig);
    node("rect", { x: 0, y: 0, width: W, height: H, class: "bg", rx: 4 }, svg);
    node("line", { x1: PAD, y1: H / 2, x2: W - PAD, y2: H / 2, class: "axis" }, svg);
    const pts = this.values.map((v, i) => `${this.x(i).toFixed(2)},${this.y(v).toFixed(2)}`);
    node("polygon", { points: `${this.x(0)},${H / 2} ${pts.join(" ")} ${this.x(this.values.length - 1)},${H / 2}`, class: "area" }, svg);
    node("polyline", { points: pts.join(" "), class: "curve" }, svg);
    this.cursor = node("line", { y1: PAD / 2, y2: H - PAD / 2, class: "cursor" }, svg);
    const dots = node("g", { class: "points" }, svg);
    this.values.forEach((v, i) => {
      node("circle", { cx: this.x(i), cy: this.y(v), r: 0.9, class: "point", "data-ply": i }, dots);
    });
    const marks = node("g", { class: "swings" }, svg);
    for (const p of swings) {
      const c = node("circle", { cx: this.x(p), cy: this.y(this.values[p]), r: 3.2, class: "swing", "data-ply": p }, marks);
      node("title", {}, c).textContent = t("moveN", { n: p });
    }
    svg.addEventListener("click", (e) => {
      const box = svg.getBoundingClientRect();
      const vx = ((e.clientX - box.left) / box.width) * W;
      const n = this.values.length - 1;
      this.pick(Math.max(0, Math.min(n, Math.round(((vx - PAD) / (W - 2 * PAD)) * n))));
    });
    const nav = document.createElement("p");
    nav.className = "swingnav";
    if (swings.length) nav.append(t("turningPoints"));
    for (const p of swings) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "swingbtn";
      b.dataset.ply = String(p);
      b.textContent = String(p);
      b.setAttribute("aria-label", t("showMove", { n: p }));
      b.addEventListener("click", () => this.pick(p));
      nav.append(b);
    }
    fig.append(nav);
    fig.hidden = false;
    if (this.ply !== null) this.mark(this.ply);
  }

  // mark shows where the replay is.
  mark(ply) {
    this.ply = ply;
    if (!this.values || !this.cursor) return;
    const x = this.x(Math.min(ply, this.values.length - 1));
    this.cursor.setAttribute("x1", x);
    this.cursor.setAttribute("x2", x);
    this.fig.dataset.ply = String(ply);
  }
}
