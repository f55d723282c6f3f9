// drawBoard draws a game.Board (see game/board.go) into an <svg>: squares
// or the lines between points, coordinates, pieces and the last turn's
// marks. It knows no game: only the vocabulary of pieces and marks.
const NS = "http://www.w3.org/2000/svg";
export const U = 10; // one square

function node(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.append(e);
  return e;
}

export function drawBoard(svg, b) {
  svg.textContent = "";
  const m = 6; // margin for the coordinates
  const W = b.cols * U, H = b.rows * U;
  svg.setAttribute("viewBox", `${-m} ${-m} ${W + 2 * m} ${H + 2 * m}`);
  svg.dataset.kind = b.kind;
  // Column c, row r (0 at the bottom) -> the centre of its square.
  const x = (c) => c * U + U / 2;
  const y = (r) => (b.rows - 1 - r) * U + U / 2;
  const g = node("g", { class: "grid" }, svg);
  if (b.points) {
    node("rect", { x: 0, y: 0, width: W, height: H, class: "sq light", rx: 2 }, g);
    for (const l of b.lines || []) {
      node("line", { x1: x(l.a[0]), y1: y(l.a[1]), x2: x(l.b[0]), y2: y(l.b[1]), class: "line" }, g);
    }
  } else {
    for (let r = 0; r < b.rows; r++) {
      for (let c = 0; c < b.cols; c++) {
        node("rect", { x: c * U, y: (b.rows - 1 - r) * U, width: U, height: U, class: "sq " + ((r + c) % 2 ? "light" : "dark") }, g);
      }
    }
  }
  const co = node("g", { class: "coord" }, svg);
  b.files.forEach((f, c) => { node("text", { x: x(c), y: H + m * 0.7 }, co).textContent = f; });
  b.ranks.forEach((t, r) => { node("text", { x: -m / 2, y: y(r) + 1.2 }, co).textContent = t; });

  const marks = node("g", { class: "marks" }, svg);
  const at = {};
  for (const k of b.marks || []) {
    (at[k.k] = at[k.k] || []).push(k);
    if (k.k === "captured") continue;
    node("rect", { x: x(k.c) - U / 2, y: y(k.r) - U / 2, width: U, height: U, class: "mark " + k.k }, marks);
  }
  // The path of the last turn: from, the points passed, to; then the shot.
  const path = [].concat(at.from || [], at.path || [], at.to || []);
  if (path.length > 1) {
    node("polyline", { points: path.map((p) => x(p.c) + "," + y(p.r)).join(" "), class: "trail" }, marks);
  }
  const shooter = (at.to || at.from || [])[0];
  if (shooter && at.shot) {
    const s = at.shot[0];
    node("line", { x1: x(shooter.c), y1: y(shooter.r), x2: x(s.c), y2: y(s.r), class: "trail shot" }, marks);
  }

  const pieces = node("g", { class: "pieces" }, svg);
  for (const cell of b.cells) {
    const cx = x(cell.c), cy = y(cell.r);
    const p = cell.p;
    let e;
    if (p === "arrow") {
      e = node("rect", { x: cx - U * 0.32, y: cy - U * 0.32, width: U * 0.64, height: U * 0.64, rx: 1 }, pieces);
    } else if (p.startsWith("shooter")) {
      e = node("path", { d: `M${cx} ${cy - U * 0.4}L${cx + U * 0.4} ${cy}L${cx} ${cy + U * 0.4}L${cx - U * 0.4} ${cy}Z` }, pieces);
    } else {
      e = node("circle", { cx, cy, r: U * (b.points ? 0.3 : 0.38) }, pieces);
    }
    e.setAttribute("class", "piece " + p);
    e.dataset.sq = cell.sq;
    e.dataset.piece = p;
  }
  for (const k of at.captured || []) {
    const cx = x(k.c), cy = y(k.r), d = U * 0.18;
    node("path", { d: `M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx + d} ${cy - d}L${cx - d} ${cy + d}`, class: "mark captured" }, marks);
  }
}
