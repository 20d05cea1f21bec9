// Danish Brus (rules/brus.md §2): the score sheet as the tradition keeps it (DK-10.1) — a heap
// of matchsticks per side, one thrown away per point, the first side with none left the
// winner — and a table of the deals.  Every fact comes from the server's explainer
// (view.explain.sheet: the sticks each side started with, held when the deal began and holds
// now, the sides' names and seats, the winner) and from the finished deals (their sheet and
// their score in parts: the tricks, the sticks left, how the deal ended); nothing here knows
// a rule.  The panel, the labels, the hand order and the deal summaries are drawn by table.js
// and replay.js from view.explain.
import { el, svg, ensureStyle } from "./common.js";
import { t } from "../i18n.js";

const MAX_DRAWN = 30; // sticks beyond this many are written as a number (target may be huge)

const CSS = `
.brus-sheet .sheet-legend { font-size: 0.8rem; margin: 0.3em 0; color: var(--muted, #6b6b6b); }
.brus-sheet table { border-collapse: collapse; font-size: 0.875rem; margin: 0.4em 0; width: 100%;
  font-variant-numeric: tabular-nums; table-layout: fixed; }
.brus-sheet th, .brus-sheet td { padding: 0.1em 0.3em; text-align: end; overflow-wrap: anywhere; }
.brus-sheet th { font-weight: 600; border-bottom: 1px solid #e2dccb; }
.brus-sheet th.brus-no, .brus-sheet td.brus-no { width: 2.2em; }
.brus-sheet td .brus-tricks { font-weight: 600; }
.brus-sheet td .brus-sticks { display: block; font-size: 0.8rem; white-space: nowrap; }
.brus-sheet tr.brus-note td { text-align: start; font-size: 0.8rem; color: var(--muted, #6b6b6b);
  border-bottom: 1px solid #e2dccb; padding-bottom: 0.25em; }
.brus-sheet .brus-thrown { color: #b3261e; }
`;

/** A pseudo-random but stable number in [0, 1) for the i-th thrown stick (so it never jumps). */
function jitter(i, salt) {
  const x = Math.sin((i + 1) * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

function matchstick(x, y, angle, { dim = false, fresh = false } = {}) {
  const g = svg("g", { transform: `translate(${x} ${y}) rotate(${angle})`, opacity: dim ? 0.55 : 1 });
  if (fresh) g.append(svg("line", { x1: 0, y1: -17, x2: 0, y2: 19, stroke: "#ffd54a", "stroke-width": 7,
    "stroke-linecap": "round", opacity: 0.45 }));
  g.append(svg("line", { x1: 0, y1: -15, x2: 0, y2: 19, stroke: "#e8c88a", "stroke-width": 3.2,
    "stroke-linecap": "round" }));
  g.append(svg("ellipse", { cx: 0, cy: -16, rx: 2.7, ry: 3.8, fill: "#b3261e" }));
  return g;
}

/** One side's row: its heap of sticks still held, standing, and the sticks thrown beside it. */
function sideRow(y, label, left, thrownBefore, thrownNow, salt) {
  const g = svg("g", { transform: `translate(0 ${y})` });
  g.append(svg("text", { x: 10, y: 17, fill: "#fff", "font-size": 14, "font-weight": "bold" }, label));
  // the count under the heap, leaving the top line to the side's name (it may be long)
  g.append(svg("text", { x: 10, y: 89, fill: "#e9f1ea", "font-size": 13.5 },
    t("web.sheet.brus.heap", { left, thrown: thrownBefore + thrownNow })));
  // the heap: standing sticks in groups of five (easy to count)
  const shown = Math.min(left, MAX_DRAWN);
  const gap = Math.min(10, 170 / Math.max(shown + Math.floor(shown / 5) * 0.6, 1));
  let x = 16;
  for (let i = 0; i < shown; i++) {
    if (i && i % 5 === 0) x += gap * 0.6;
    g.append(matchstick(x, 48, 0));
    x += gap;
  }
  if (left > shown) g.append(svg("text", { x: x + 4, y: 54, fill: "#fff", "font-size": 13.5 }, `+${left - shown}`));
  if (!left) g.append(svg("text", { x: 16, y: 54, fill: "#ffd54a", "font-size": 14, "font-weight": "bold" }, t("web.sheet.brus.none_left")));
  // the thrown sticks: lying in a tumble, this deal's highlighted
  g.append(svg("line", { x1: 200, y1: 26, x2: 200, y2: 72, stroke: "#ffffff", "stroke-opacity": 0.25,
    "stroke-dasharray": "3 3" }));
  const total = thrownBefore + thrownNow;
  const drawn = Math.min(total, MAX_DRAWN);
  for (let i = 0; i < drawn; i++) {
    const fresh = i >= drawn - Math.min(thrownNow, drawn);
    const px = 218 + jitter(i, salt) * 118;
    const py = 38 + jitter(i + 50, salt) * 26;
    const angle = 55 + jitter(i + 100, salt) * 70 * (jitter(i + 7, salt) > 0.5 ? 1 : -1);
    g.append(matchstick(px, py, angle, { dim: !fresh, fresh }));
  }
  if (total > drawn) g.append(svg("text", { x: 350, y: 89, fill: "#fff", "font-size": 13.5, "text-anchor": "end" }, `+${total - drawn}`));
  return g;
}

/** The sides in the order drawn: the viewer's own side first. */
function columns(data, mySeat) {
  const order = data.seats.map((_, s) => s);
  const mine = data.seats.findIndex((seats) => seats.includes(mySeat));
  return mine < 0 ? order : [mine, ...order.filter((s) => s !== mine)];
}

function sideLabel(data, s) {
  return data.seats[s].length > 1 ? t("web.sheet.side_seats", { side: data.names[s], seats: data.seats[s].join("+") })
    : data.names[s];
}

/** The heaps: every side's sticks held now, those thrown before this deal and in it. */
function heaps(data, order) {
  const rowH = 96;
  const height = rowH * order.length + 8;
  const pic = svg("svg", { viewBox: `0 0 360 ${height}`, width: "100%", role: "img",
    "aria-label": t("web.sheet.brus.aria", {
      sides: order.map((s) => t("web.sheet.brus.aria_side", { side: data.names[s], n: data.left[s] })).join(", "),
    }),
    style: "max-width: 560px; display: block; font-family: system-ui, sans-serif" });
  pic.append(svg("rect", { x: 0, y: 0, width: 360, height, rx: 10, fill: "#2f5d43" }));
  order.forEach((s, i) => {
    const label = data.winner === s ? t("web.sheet.brus.wins", { side: sideLabel(data, s) }) : sideLabel(data, s);
    const thrownNow = Math.max(0, data.start[s] - data.left[s]);
    const thrownBefore = Math.max(0, data.target - data.start[s]);
    pic.append(sideRow(4 + i * rowH, label, data.left[s], thrownBefore, thrownNow, s + 1));
  });
  return pic;
}

/**
 * The deals as kept on paper: a column per side (its tricks, then the sticks it threw and
 * has left), and under each deal how it ended.  One narrow column per side, so three sides fit
 * the side panel of a laptop and a phone alike.
 */
function dealsTable(deals, data, order) {
  const head = el("tr", {}, el("th", { class: "brus-no", title: t("web.sheet.deal") }, "#"),
    ...order.map((s) => el("th", { title: sideLabel(data, s) }, data.names[s])));
  const body = el("tbody");
  deals.forEach((d, i) => {
    if (!d.score) return;
    const before = i ? deals[i - 1].sheet.sticks : data.seats.map(() => data.target);
    const row = el("tr", {}, el("td", { class: "brus-no" }, d.number + 1));
    for (const s of order) {
      const side = d.score.sides.find((x) => x.side === s);
      const left = side.after[0];
      const thrown = before[s] - left;
      row.append(el("td", { title: t("web.sheet.brus.cell", { side: side.name, tricks: side.cells[0], left }) },
        el("span", { class: "brus-tricks" }, side.cells[0]),
        el("span", { class: "brus-sticks" },
           thrown ? el("span", { class: "brus-thrown" }, `−${thrown}`) : "", thrown ? ` → ${left}` : String(left))));
    }
    body.append(row);
    const note = d.score.notes.length ? d.score.notes[0].text : "";
    body.append(el("tr", { class: "brus-note" }, el("td", {}, ""),
      el("td", { colspan: order.length }, note)));
  });
  return el("table", {}, el("thead", {}, head), body);
}

export function sheet(ctx) {
  ensureStyle("brus-sheet-style", CSS);
  const explain = ctx.view && ctx.view.explain;
  if (!explain || !explain.sheet || !explain.sheet.left) return el("div", { class: "brus-sheet" });
  const data = explain.sheet;
  const order = columns(data, ctx.mySeat);
  const box = el("div", { class: "brus-sheet" }, heaps(data, order),
    el("div", { class: "sheet-legend" }, t("web.sheet.brus.legend_heaps")));
  const deals = ctx.deals || [];
  if (deals.length) {
    box.append(dealsTable(deals, data, order),
      el("div", { class: "sheet-legend" }, t("web.sheet.brus.legend_deals")));
  }
  return box;
}

// Shared with styrivolt.js, which imports them from here: a module's outer box with its small
// style sheet (class "nordic"), and the rank of a card code.  Neither knows a rule.
const NORDIC = `
.nordic .info-line { margin: 0.15em 0; }
.nordic .good { color: #1e7d32; }
.nordic .bad { color: #b3261e; }
.nordic .muted { color: var(--muted, #6b6b6b); }
.nordic .sheet-legend { font-size: 0.8rem; margin: 0.3em 0; }
.nordic .game-end { margin: 0.4em 0; }
.nordic table.sheet-table { border-collapse: collapse; font-size: 0.8rem; margin: 0.4em 0; }
.nordic .sheet-table th, .nordic .sheet-table td { padding: 0.1em 0.45em; text-align: end; border-bottom: 1px solid #e2dccb; }
.nordic .sheet-table th { font-weight: 600; }
.nordic p { margin: 0.35em 0; }
.nordic ul { margin: 0.3em 0; padding-inline-start: 1.3em; }
`;

/** A module's outer box (info panel, sheet, deal summary), its style sheet in place. */
export function moduleBox(cls) {
  ensureStyle("nordic-games-style", NORDIC);
  return el("div", { class: `${cls} nordic` });
}

const RANKS = "23456789TJQKA";
export function rankIndex(code) { return RANKS.indexOf(code[0]); }
