// Icelandic Brús (rules/brus.md §3): the score sheet as it is kept on paper — the comb, five
// lines a side with the last one the rá, each erased line struck out, a man hung from the rá
// when a side is hung on it — and the deals that scored.  Every fact comes from the server's
// explainer: view.explain.sheet (the comb as it stands, the side names, a note per side, what
// a win is worth now), view.explain.verdict, and each finished deal's score in parts
// (deal.score); nothing here knows a rule.
import { el, svg, ensureStyle } from "./common.js";
import { msgNode } from "../render.js";
import { t } from "../i18n.js";

const CSS = `
.icelandic-brus-sheet { max-width: 100%; }
.icelandic-brus-sheet .ib-notes { font-size: 0.85rem; margin: 0.3em 0; }
.icelandic-brus-sheet .ib-worth { margin: 0.3em 0; }
.icelandic-brus-sheet .ib-verdict { margin: 0.4em 0; font-weight: 600; color: #1e7d32; }
.icelandic-brus-sheet .ib-deals { overflow-x: auto; }
.icelandic-brus-sheet table { border-collapse: collapse; font-size: 0.8rem; margin: 0.4em 0; }
.icelandic-brus-sheet th, .icelandic-brus-sheet td { padding: 0.1em 0.45em;
  border-bottom: 1px solid #e2dccb; vertical-align: top; }
.icelandic-brus-sheet td.ib-n { text-align: end; white-space: nowrap; }
.icelandic-brus-sheet td.ib-how { color: var(--muted, #6b6b6b); min-width: 12em; }
`;

const INK = "#1d2a44";
const PAPER = "#fbf7ec";
const ERASE = "#c0392b";

/** One half of a tooth: from the spine up (dir -1) or down (dir 1). */
function tooth(x, spine, dir, len, { erased, ra }) {
  const g = svg("g", {});
  const y2 = spine + dir * len;
  if (erased) {
    g.append(svg("line", { x1: x, y1: spine, x2: x, y2, stroke: INK, "stroke-opacity": 0.25,
      "stroke-width": 2, "stroke-dasharray": "3 4" }));
    const m = spine + dir * len * 0.55;
    g.append(svg("line", { x1: x - 9, y1: m - 9, x2: x + 9, y2: m + 9, stroke: ERASE, "stroke-width": 2.5, "stroke-linecap": "round" }));
    g.append(svg("line", { x1: x - 9, y1: m + 9, x2: x + 9, y2: m - 9, stroke: ERASE, "stroke-width": 2.5, "stroke-linecap": "round" }));
    return g;
  }
  if (ra) { // the rá: a double line with its yard across the end
    g.append(svg("line", { x1: x - 3, y1: spine, x2: x - 3, y2, stroke: INK, "stroke-width": 2.5 }));
    g.append(svg("line", { x1: x + 3, y1: spine, x2: x + 3, y2, stroke: INK, "stroke-width": 2.5 }));
    g.append(svg("line", { x1: x - 16, y1: y2, x2: x + 16, y2, stroke: INK, "stroke-width": 3, "stroke-linecap": "round" }));
  } else {
    g.append(svg("line", { x1: x, y1: spine, x2: x, y2, stroke: INK, "stroke-width": 3, "stroke-linecap": "round" }));
  }
  return g;
}

/** A little man hanging from the end of the rá's yard (hengja menn á ránni). */
function hangingMan(x, yardY) {
  const g = svg("g", { stroke: ERASE, "stroke-width": 2, fill: "none", "stroke-linecap": "round" });
  const rx = x - 15;
  g.append(svg("line", { x1: rx, y1: yardY, x2: rx, y2: yardY + 9 }));
  g.append(svg("circle", { cx: rx, cy: yardY + 13, r: 4 }));
  g.append(svg("line", { x1: rx, y1: yardY + 17, x2: rx, y2: yardY + 29 }));
  g.append(svg("line", { x1: rx - 6, y1: yardY + 21, x2: rx + 6, y2: yardY + 21 }));
  g.append(svg("line", { x1: rx, y1: yardY + 29, x2: rx - 5, y2: yardY + 38 }));
  g.append(svg("line", { x1: rx, y1: yardY + 29, x2: rx + 5, y2: yardY + 38 }));
  return g;
}

/** The comb: one spine and a tooth per line; the top halves are the first side's lines, the
 *  bottom halves the other's; the last tooth, the rá, stands a little apart. */
function combPicture(comb, order) {
  const W = 360;
  const H = 210;
  const spine = 105;
  const len = 62;
  const lines = comb.lines;
  const step = 40;
  const xs = Array.from({ length: lines }, (_, i) => 120 + i * step + (i === lines - 1 ? 12 : 0));
  const raX = xs[lines - 1];
  const pic = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img",
    "aria-label": t("web.sheet.ib.aria", {
      sides: order.map((s) => t("web.sheet.ib.aria_side", { side: comb.names[s], n: comb.erased[s], lines })).join(", "),
    }),
    style: "max-width: 560px; display: block; font-family: system-ui, sans-serif" });
  pic.append(svg("rect", { x: 0, y: 0, width: W, height: H, rx: 10, fill: PAPER, stroke: "#d8cfb8" }));
  pic.append(svg("line", { x1: xs[0] - 18, y1: spine, x2: raX + 22, y2: spine, stroke: INK, "stroke-width": 4, "stroke-linecap": "round" }));
  order.forEach((s, row) => {
    const dir = row === 0 ? -1 : 1;
    const e = Math.min(lines, comb.erased[s]);
    xs.forEach((x, i) => pic.append(tooth(x, spine, dir, len, { erased: i < e, ra: i === lines - 1 })));
    const labelY = dir < 0 ? spine - 50 : spine + 42;
    pic.append(svg("text", { x: 10, y: labelY - 10, fill: INK, "font-size": 15, "font-weight": "bold" }, comb.names[s]));
    pic.append(svg("text", { x: 10, y: labelY + 7, fill: INK, "font-size": 13.5 }, t("web.sheet.seats", { seats: comb.seats[s].join("+") })));
    pic.append(svg("text", { x: 10, y: labelY + 23, fill: INK, "font-size": 13.5 }, t("web.sheet.ib.erased", { n: e })));
    const raY = spine + dir * len;
    pic.append(svg("text", { x: raX + 22, y: raY + 4 + dir * 12, fill: INK, "font-size": 14, "font-style": "italic" }, "rá"));
    if (comb.hung[s] && e < lines) pic.append(hangingMan(raX, raY));
  });
  return pic;
}

/** Each side's notes (on the rá, hung, won, klóra), as the explainer says them. */
function notesNode(comb, order) {
  const rows = order.filter((s) => comb.notes[s].length).map((s) =>
    el("div", {}, el("b", {}, `${comb.names[s]}: `), ...comb.notes[s].flatMap((m, i) => (i ? [" · ", msgNode(m)] : [msgNode(m)]))));
  return rows.length ? el("div", { class: "ib-notes" }, ...rows) : null;
}

/** The deals that scored: a row per deal, each side's points, what for. */
function dealsTable(deals, comb, order) {
  const rows = [];
  for (const d of deals) {
    if (!d.score) continue;
    const sides = order.map((s) => d.score.sides.find((x) => x.side === s));
    const how = sides.flatMap((side) => side.parts.map((p) => p.msg));
    rows.push(el("tr", {}, el("td", { class: "ib-n" }, d.number + 1),
      el("td", { class: "ib-n" }, sides.map((side) => side.cells[0]).join("–")),
      ...sides.map((side) => el("td", { class: "ib-n" }, side.total ? `+${side.total}` : "")),
      el("td", { class: "ib-how" }, ...how.flatMap((m, i) => (i ? ["; ", msgNode(m)] : [msgNode(m)])))));
  }
  if (!rows.length) return null;
  const head = el("tr", {}, el("th", {}, t("web.sheet.deal")), el("th", {}, t("web.sheet.tricks")),
    ...order.map((s) => el("th", {}, comb.names[s])), el("th", {}, t("web.sheet.ib.how")));
  return el("div", { class: "ib-deals" }, el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
}

export function sheet(ctx) {
  ensureStyle("ib-style", CSS);
  const explain = (ctx.view || {}).explain;
  const box = el("div", { class: "score-sheet icelandic-brus-sheet" });
  if (!explain) return box;
  const comb = explain.sheet;
  const order = comb.order; // the viewer's side first
  box.append(combPicture(comb, order));
  const notes = notesNode(comb, order);
  if (notes) box.append(notes);
  const said = explain.verdict || comb.worth_text;
  if (said) {
    const line = msgNode(said, "div");
    line.classList.add(explain.verdict ? "ib-verdict" : "ib-worth");
    box.append(line);
  }
  const deals = dealsTable(ctx.deals || [], comb, order);
  if (deals) box.append(deals);
  return box;
}
