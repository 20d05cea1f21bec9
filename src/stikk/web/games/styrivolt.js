// Stýrivolt (rules/styrivolt.md): the chalk board as rules §10.1 describes it, and the deals
// of the session.  Every fact comes from the server: the board after each deal (the deals'
// `sheet`, and the view's for the board now), what each deal scored (the deals' `score`,
// the explainer's parts), and what the drawing needs beside the sheet (view.explain.sheet:
// the halves a side has on a line, what a monk's cross is worth, the board a session starts
// with).  Nothing here knows a rule; the words under the board are the explainer's.
//
// The drawing: a vertical chalk line crossed by the strokes; side A owns the left halves,
// side B the right ones; a rubbed-out half is a faint smear; the crosses (one bar) and monk's
// crosses (two bars) stand under the side that holds them; the lines finished so far are
// drawn small underneath.
import { el, svg, ensureStyle, fitted } from "./common.js";
import { t } from "../i18n.js";

const CSS = `
.styrivolt-sheet { max-width: 100%; }
.styrivolt-sheet .styrivolt-board { display: block; width: 100%; max-width: 560px; margin: 0 auto; }
.styrivolt-sheet .styrivolt-legend { font-size: 0.8rem; color: var(--muted, #666); text-align: center; margin: 2px 0 6px; }
.styrivolt-sheet .styrivolt-deals { overflow-x: auto; max-width: 100%; }
.styrivolt-sheet table { border-collapse: collapse; font-size: 0.8rem; margin: 0 auto; font-variant-numeric: tabular-nums; }
.styrivolt-sheet th, .styrivolt-sheet td { padding: 1px 6px; border-bottom: 1px solid var(--rule, #e2dccb); text-align: start; vertical-align: top; }
.styrivolt-sheet td.styrivolt-n { text-align: end; white-space: nowrap; }
.styrivolt-sheet td.styrivolt-board-after { white-space: nowrap; }
.styrivolt-sheet .styrivolt-penalty { color: var(--danger, #b3261e); }
`;

const CHALK = "#f4f1e6";
const SLATE = "#24332d";
const CROSS = "✝"; // an upright cross, as drawn on the board (diagonal ones are a variant, §12.8)
const MONK = "☨"; // a cross with two bars

function chalk(attrs) {
  return svg("line", { stroke: CHALK, "stroke-linecap": "round", "stroke-width": 3, ...attrs });
}

/** A rubbed-out half: a faint smear where the stroke was. */
function smear(x1, y, x2, scale) {
  const g = svg("g", {});
  g.append(svg("path", { d: `M${x1} ${y} Q${(x1 + x2) / 2} ${y - 2 * scale} ${x2} ${y}`, stroke: CHALK,
    "stroke-opacity": 0.13, "stroke-width": 4 * scale, fill: "none", "stroke-linecap": "round" }));
  g.append(svg("line", { x1, y1: y, x2, y2: y, stroke: CHALK, "stroke-opacity": 0.2, "stroke-width": 0.5 * scale,
    "stroke-dasharray": `${scale} ${2 * scale}` }));
  return g;
}

/** A cross (one bar) or a monk's cross (two bars), centred at x, y. */
function cross(x, y, size, monk) {
  const g = svg("g", {});
  const w = size * 0.32;
  g.append(chalk({ x1: x, y1: y - size / 2, x2: x, y2: y + size / 2, "stroke-width": 2.6 }));
  const bars = monk ? [[-0.26, 0.65], [-0.02, 1]] : [[-0.15, 1]];
  for (const [dy, span] of bars) {
    g.append(chalk({ x1: x - w * span, y1: y + size * dy, x2: x + w * span, y2: y + size * dy, "stroke-width": 2.4 }));
  }
  return g;
}

/** One figure: the vertical line and its strokes, A's halves left, B's right. */
function figure(g, cx, top, height, half, erased, halves, width = 3) {
  g.append(chalk({ x1: cx, y1: top, x2: cx, y2: top + height, "stroke-width": width }));
  for (let i = 0; i < halves; i++) {
    const y = top + height * (i + 1) / (halves + 1);
    for (const s of [0, 1]) {
      const x1 = s === 0 ? cx - half : cx;
      const x2 = s === 0 ? cx : cx + half;
      if (i < erased[s]) g.append(smear(x1, y, x2, width));
      else g.append(chalk({ x1, y1: y, x2, y2: y, "stroke-width": width }));
    }
  }
}

/** The holder's crosses under its half of the board: drawn one by one, or counted when many. */
function crossRows(g, x0, y0, singles, monks) {
  if (singles + monks <= 4) {
    [...Array(monks).fill(true), ...Array(singles).fill(false)]
      .forEach((monk, i) => g.append(cross(x0 + 14 + i * 26, y0 + 8, 30, monk)));
    return;
  }
  [[true, monks], [false, singles]].filter(([, n]) => n).forEach(([monk, n], i) => {
    g.append(cross(x0 + 14 + i * 56, y0 + 8, 30, monk));
    g.append(svg("text", { x: x0 + 26 + i * 56, y: y0 + 14, fill: CHALK, "font-size": 14 }, `×${n}`));
  });
}

/** "A (we)" / "B (they)" (side A: seats 0 and 2), or just "A" for a spectator. */
function sideTag(side, mySeat) {
  if (mySeat === null || mySeat === undefined) return "AB"[side];
  return t(side === mySeat % 2 ? "web.sheet.sv.side_we" : "web.sheet.sv.side_they", { side: "AB"[side] });
}

/** The side whose result a deal's score names: the one that scored lines or its own monk's
 *  crosses (the explainer's parts; a penalty is the other kind of part). */
function scorer(deal) {
  const sides = deal.score ? deal.score.sides : [];
  const own = sides.find((s) => s.parts.some((p) => p.msg.id !== "sv.part_penalty"));
  return own ? own.side : null;
}

/**
 * The lines finished so far, read off the boards after each deal: a deal after which a new
 * line is drawn finished the one before it, its scorer's halves all rubbed out and the other
 * side's as they stood before the deal.
 */
function finishedLines(deals, start, halves) {
  const out = [];
  let before = start;
  for (const d of deals) {
    const after = d.sheet;
    const side = scorer(d);
    if (after && before && side !== null && after.line_number > before.line_number) {
      const erased = [0, 0];
      erased[side] = halves;
      erased[1 - side] = before.erased[1 - side];
      out.push({ number: before.line_number, side, erased });
    }
    if (after) before = after;
  }
  return out;
}

function boardPicture(f, finished, mySeat, halves) {
  const W = 360;
  const showOld = finished.slice(-6);
  const H = showOld.length ? 346 : 262;
  const holder = f.owner ? t("web.sheet.sv.holds", { owner: f.owner, singles: f.singles, monks: f.monks })
    : t("web.sheet.sv.no_crosses");
  const pic = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "styrivolt-board", role: "img",
    "aria-label": t("web.sheet.sv.aria", { line: f.line_number, a: f.erased[0], b: f.erased[1], halves, holder }),
    style: "font-family: 'Comic Sans MS', 'Chalkboard', system-ui, sans-serif" });
  pic.append(svg("rect", { x: 3, y: 3, width: W - 6, height: H - 6, rx: 8, fill: SLATE, stroke: "#7a5a32", "stroke-width": 6 }));
  const g = svg("g", {});
  pic.append(g);
  g.append(svg("text", { x: 16, y: 26, fill: CHALK, "font-size": 14, opacity: 0.85 }, t("web.sheet.sv.line", { n: f.line_number })));
  for (const s of [0, 1]) {
    const x = s === 0 ? 110 : 250;
    // each side's words keep to its half of the board (130 units), however long in translation
    const tag = sideTag(s, mySeat);
    g.append(svg("text", fitted({ x, y: 48, fill: CHALK, "font-size": 14, "text-anchor": "middle" }, tag, 130), tag));
    const rubbed = t("web.sheet.sv.rubbed", { n: f.erased[s], halves });
    g.append(svg("text", fitted({ x, y: 198, fill: CHALK, "font-size": 13.5, "text-anchor": "middle", opacity: 0.75 },
                                rubbed, 130), rubbed));
  }
  figure(g, 180, 58, 120, 100, f.erased, halves);
  if (f.owner) {
    crossRows(g, f.owner === "A" ? 62 : 202, 222, f.singles, f.monks);
  } else {
    g.append(svg("text", { x: 180, y: 228, fill: CHALK, "font-size": 13.5, "text-anchor": "middle", opacity: 0.7 }, t("web.sheet.sv.no_crosses")));
  }
  if (showOld.length) {
    g.append(chalk({ x1: 14, y1: 258, x2: W - 14, y2: 258, "stroke-width": 1, "stroke-opacity": 0.3 }));
    const more = finished.length - showOld.length;
    g.append(svg("text", { x: 16, y: 276, fill: CHALK, "font-size": 13.5, opacity: 0.75 },
      more ? t("web.sheet.sv.finished_last", { k: showOld.length, n: finished.length }) : t("web.sheet.sv.finished")));
    showOld.forEach((d, i) => {
      const cx = 36 + i * 56;
      const sub = svg("g", { opacity: 0.8 });
      figure(sub, cx, 286, 30, 18, d.erased, halves, 1.6);
      sub.append(svg("text", { x: cx, y: 334, fill: CHALK, "font-size": 13.5, "text-anchor": "middle" },
        `${d.number}: ${"AB"[d.side]}`));
      g.append(sub);
    });
  }
  return pic;
}

function crossesText(b) {
  return b.owner ? `${b.owner} ${CROSS.repeat(b.singles)}${MONK.repeat(b.monks)}` : t("web.sheet.sv.none");
}

/** One row per finished deal: its tricks, what it scored in the explainer's words, and the
 *  board after it. */
function dealsTable(deals) {
  const head = el("tr", {}, ...["web.sheet.deal", "web.sheet.sv.head_tricks", "web.sheet.sv.head_result",
                                 "web.sheet.sv.head_board"].map((id) => el("th", {}, t(id))));
  const rows = deals.map((d) => {
    const r = d.result;
    const tricks = [r.tricks[0] + r.tricks[2], r.tricks[1] + r.tricks[3]];
    const score = d.score;
    const penalties = score ? score.sides.flatMap((s) => s.parts.filter((p) => p.msg.id === "sv.part_penalty")
      .map((p) => el("div", { class: "styrivolt-penalty" }, `${"AB"[s.side]}: ${p.msg.text}`))) : [];
    const b = d.sheet;
    return el("tr", {}, el("td", { class: "styrivolt-n" }, d.number + 1),
      el("td", { class: "styrivolt-n" }, `${tricks[0]}–${tricks[1]}`),
      el("td", {}, score ? score.short.text : r.outcome, ...penalties),
      el("td", { class: "styrivolt-board-after" }, `${b.erased[0]}/${b.erased[1]}, ${b.line_number}, ${crossesText(b)}`));
  });
  return el("div", { class: "styrivolt-deals" },
    el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
}

export function sheet(ctx) {
  ensureStyle("styrivolt-style", CSS);
  const view = ctx.view || {};
  const drawing = view.explain ? view.explain.sheet : null;
  const box = el("div", { class: "score-sheet styrivolt-sheet" });
  if (!drawing) return box;
  const deals = ctx.deals || [];
  const f = view.sheet || (deals.length ? deals[deals.length - 1].sheet : drawing.start);
  const finished = finishedLines(deals, drawing.start, drawing.halves);
  box.append(boardPicture(f, finished, ctx.mySeat, drawing.halves));
  box.append(el("div", { class: "styrivolt-legend" }, t("web.sheet.sv.legend", { worth: drawing.monk_worth })));
  if (deals.length) box.append(dealsTable(deals));
  return box;
}
