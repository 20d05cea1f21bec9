// Sjavs (rules/sjavs.md): the score sheet as it is kept on paper — a column per side ("We" /
// "They") or per player, each counting down from its start; each new figure is written on the
// next line under the last one and the old figure struck through; a flag on the hook; crosses
// under the winners of each rubber.  Every fact comes from the server: where the figures start,
// the figure on the hook and the columns (view.explain.sheet), and each finished deal's result,
// sheet and score in parts (the tie bonus, the vol); nothing here knows a rule.
import { el, svg, seatName, ensureStyle, fitted, SUIT_SYMBOL } from "./common.js";
import { t } from "../i18n.js";

const CROSS = "✕";

const CSS = `
.sj-sheet { max-width: 460px; margin: 0 auto; }
.sj-sheet svg { width: 100%; height: auto; display: block; background: var(--paper, #fffdf6);
  color: var(--ink, #222); font-family: Georgia, "Times New Roman", serif; }
.sj-sheet .sj-legend { font-size: 0.8rem; color: var(--muted, #666); text-align: center; margin: 4px 0; }
`;

function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}

/** A column's heading: We / They for a seated player, A / B for a spectator, else a seat. */
function colName(col, data, ctx) {
  if (!data.partnership) return seatName(col.side, ctx);
  if (ctx.mySeat === null || ctx.mySeat === undefined) return "AB"[col.side];
  return t(col.mine ? "web.sheet.we" : "web.sheet.they");
}

/** The seats behind a column, for its sub-heading (partnerships only). */
function colMembers(col, data, ctx) {
  return data.partnership ? col.seats.map((s) => seatName(s, ctx)).join(" + ") : "";
}

/** The part of a side's score the explainer named ``id`` (sj.part_tie_bonus …), if any. */
function part(deal, side, prefix) {
  const sides = deal.score ? deal.score.sides : [];
  const s = sides.find((x) => x.side === side);
  return s ? s.parts.find((p) => p.msg.id.startsWith(prefix)) : undefined;
}

// -- the sheet's lines, from the finished deals --------------------------------------------------

/**
 * The rubbers as written on paper: each a list of lines (a scoring game writes the new figures
 * of the columns that scored; a 60–60 tie writes nothing but a note) and, once won, the crosses
 * drawn under the winners.  A redeal writes nothing.  The values, the tie bonus and the vol are
 * the deals' own results and score parts; the crosses are what each deal's sheet added.
 */
function rubbersOf(ctx) {
  const rubbers = [{ lines: [], crosses: null }];
  let crossesBefore = null;
  for (const deal of ctx.deals) {
    const res = deal.result;
    if (!res) continue;
    let rubber = rubbers[rubbers.length - 1];
    if (rubber.crosses) {
      rubber = { lines: [], crosses: null };
      rubbers.push(rubber);
    }
    const scored = res.score.map((v, c) => (v ? c : -1)).filter((c) => c >= 0);
    if (res.outcome === "tie") {
      rubber.lines.push({ deal, tie: true, figures: {} });
    } else if (scored.length) {
      const figures = {};
      for (const c of scored) figures[c] = deal.sheet.figures[c];
      const bonus = part(deal, scored[0], "sj.part_tie_bonus");
      const vol = part(deal, scored[0], "sj.part_vol");
      rubber.lines.push({ deal, tie: false, figures, value: res.score[scored[0]],
                          bonus: bonus ? bonus.points : 0, vol: Boolean(vol) });
    }
    const crosses = deal.sheet.crosses;
    if (deal.sheet.over) {
      rubber.crosses = {};
      crosses.forEach((x, c) => {
        const gained = x - (crossesBefore ? crossesBefore[c] : 0);
        if (gained > 0) rubber.crosses[c] = gained;
      });
    }
    crossesBefore = crosses;
  }
  // the deal in play after a rubber was won opens the next rubber
  const lastDeal = ctx.deals[ctx.deals.length - 1];
  if (rubbers[rubbers.length - 1].crosses && lastDeal && ctx.view.deal_number > lastDeal.number) {
    rubbers.push({ lines: [], crosses: null });
  }
  return rubbers;
}

// -- the drawing -----------------------------------------------------------------------------------

const W = 360; // viewBox width: one unit is one CSS pixel on a 390 px phone
const ROW = 24;

/** A small flag on its pole: the figure on the hook. */
function hookFlag(x, y) {
  return svg("g", { class: "sj-flag" },
    svg("title", {}, t("web.sheet.sj.hook")),
    svg("line", { x1: x, y1: y + 2, x2: x, y2: y - 16, stroke: "currentColor", "stroke-width": 1.2 }),
    svg("path", { d: `M${x} ${y - 16} L${x + 11} ${y - 12} L${x} ${y - 8} Z`,
                  fill: "var(--flag, #c0152a)" }));
}

/** A chalk cross (two strokes) centred at (x, y). */
function cross(x, y, size = 8) {
  return svg("path", { d: `M${x - size} ${y - size} L${x + size} ${y + size} ` +
                          `M${x + size} ${y - size} L${x - size} ${y + size}`,
                       stroke: "var(--ok, #1b7a2f)", "stroke-width": 2.4,
                       "stroke-linecap": "round", fill: "none" });
}

/** The note beside a line, in parts: what was scored, with which trumps and by whose making. */
function lineNote(line, ctx) {
  if (line.tie) return [ctx.view.explain.sheet.tie.join("–")];
  const res = line.deal.result;
  const maker = res.maker === ctx.mySeat ? seatName(res.maker, ctx) : t("web.sheet.seat_short", { n: res.maker });
  const note = [`−${line.value} · ${SUIT_SYMBOL[res.trump]} ${maker}`];
  if (line.vol) note.push(t("web.sheet.sj.vol"));
  if (line.bonus) note.push(t("web.sheet.sj.tie", { n: line.bonus }));
  return note;
}

const NOTE = 13.5; // the notes' font size
const NOTE_LEAD = 15; // and their line height, when a note takes two lines

/**
 * The note's parts in lines that fit ``room`` units (a character taken as half the font size,
 * a fair width for a serif face): one line as a rule, more where a vol or a tie bonus would
 * run off the sheet.  Each line but the last keeps its trailing space, so the note reads as
 * one text.
 */
function noteLines(parts, room) {
  const fit = Math.max(8, Math.floor(room / (NOTE * 0.5)));
  const lines = [];
  for (const p of parts) {
    const i = lines.length - 1;
    if (i >= 0 && (lines[i] + " " + p).length <= fit) lines[i] += " " + p;
    else lines.push(p);
  }
  return lines.map((l, i) => (i < lines.length - 1 ? l + " " : l));
}

/** The heading of a rubber: its number, the column names (and seats), the double rule. */
function drawHeading(g, layout, number, y) {
  const { cols, data, ctx, left, colW, xOf } = layout;
  g.append(svg("text", { x: 4, y: y + 13, "font-size": 13.5, fill: "var(--muted, #777)" },
               t("web.sheet.sj.rubber", { n: number })));
  y += 20;
  cols.forEach((col, i) => {
    // a column's words keep to its width, however long in translation
    const name = colName(col, data, ctx);
    g.append(svg("text", fitted({ x: xOf(i), y: y + 14, "text-anchor": "middle", "font-size": 16,
                                  "font-weight": "bold", fill: "currentColor" }, name, colW - 8), name));
    const members = colMembers(col, data, ctx);
    if (members) {
      g.append(svg("text", fitted({ x: xOf(i), y: y + 30, "text-anchor": "middle", "font-size": 13,
                                    fill: "var(--muted, #777)" }, members, colW - 8), members));
    }
  });
  y += layout.headH;
  const right = left + cols.length * colW;
  g.append(svg("line", { x1: left, y1: y, x2: right, y2: y, stroke: "currentColor" }));
  g.append(svg("line", { x1: left, y1: y + 3, x2: right, y2: y + 3, stroke: "currentColor" }));
  return y;
}

/** Every figure written, column by column, the earlier ones struck through. */
function drawFigures(g, layout, written) {
  written.forEach((list, i) => {
    list.forEach((f, j) => {
      const last = j === list.length - 1;
      const x = layout.xOf(i);
      g.append(svg("text", { x, y: f.y, "text-anchor": "middle", "font-size": 18,
                             "font-weight": last && f.value <= 0 ? "bold" : "normal",
                             fill: "currentColor", opacity: last ? 1 : 0.75 }, num(f.value)));
      if (!last) {
        g.append(svg("line", { x1: x - 14, y1: f.y - 4, x2: x + 14, y2: f.y - 7,
                               stroke: "currentColor", "stroke-width": 1.3 }));
      }
      if (last && f.value === layout.data.hook) g.append(hookFlag(x + 16, f.y));
    });
  });
}

/** The crosses under the winners of a finished rubber. */
function drawCrosses(g, layout, rubber, y) {
  const { cols, left, colW, xOf, noteX } = layout;
  g.append(svg("line", { x1: left, y1: y + 2, x2: left + cols.length * colW, y2: y + 2,
                         stroke: "currentColor" }));
  y += 8;
  cols.forEach((col, i) => {
    const k = rubber.crosses[col.side] || 0;
    for (let j = 0; j < k; j++) g.append(cross(xOf(i) + (j - (k - 1) / 2) * 22, y + 12));
  });
  const k = Math.max(...Object.values(rubber.crosses));
  g.append(svg("text", { x: noteX, y: y + 17, "font-size": 13.5, fill: "var(--ok, #1b7a2f)" },
               t(k > 1 ? "web.sheet.sj.double" : "web.sheet.sj.rubber_won")));
  return y + 30;
}

function drawRubber(g, layout, rubber, number, y0) {
  const { cols, data, ctx, left, colW, noteX } = layout;
  const n = cols.length;
  let y = drawHeading(g, layout, number, y0);
  const top = y;
  y += 6;
  const written = cols.map(() => [{ y: y + ROW - 6, value: data.start }]);
  y += ROW;
  for (const line of rubber.lines) {
    g.append(svg("text", { x: 4, y: y + ROW - 7, "font-size": 13.5, fill: "var(--muted, #888)" },
                 line.deal.number + 1));
    cols.forEach((col, i) => {
      if (col.side in line.figures) written[i].push({ y: y + ROW - 6, value: line.figures[col.side] });
    });
    const note = noteLines(lineNote(line, ctx), W - noteX - 2);
    g.append(svg("text", { x: noteX, y: y + ROW - 8, "font-size": NOTE,
                           fill: line.tie ? "var(--accent2, #8a2c8f)" : "var(--muted, #666)" },
                 ...(note.length === 1 ? note
                   : note.map((l, i) => svg("tspan", { x: noteX, dy: i ? NOTE_LEAD : 0 }, l)))));
    if (line.tie) {
      g.append(svg("text", { x: left + (n * colW) / 2, y: y + ROW - 8, "text-anchor": "middle",
                             "font-size": 13.5, fill: "var(--accent2, #8a2c8f)" },
                 `— ${data.tie.join(" : ")} —`));
    }
    y += ROW + (note.length - 1) * NOTE_LEAD;
  }
  drawFigures(g, layout, written);
  for (let i = 1; i < n; i++) { // the column rules, from the heading to the last line
    g.append(svg("line", { x1: left + colW * i, y1: top - layout.headH + 2, x2: left + colW * i,
                           y2: y, stroke: "currentColor", "stroke-width": 1 }));
  }
  if (rubber.crosses) y = drawCrosses(g, layout, rubber, y);
  return y + 10;
}

export function sheet(ctx) {
  ensureStyle("sj-style", CSS);
  const data = ctx.view.explain ? ctx.view.explain.sheet : null;
  if (!data || !data.columns) return el("div", { class: "sj-sheet" });
  const cols = data.columns;
  const left = 24; // deal numbers
  const colW = cols.length === 3 ? 72 : 100; // room for "Seat 1 + Seat 3" under a heading
  const layout = { cols, data, ctx, left, colW, noteX: left + cols.length * colW + 8,
                   xOf: (i) => left + colW * i + colW / 2,
                   headH: colMembers(cols[0], data, ctx) ? 35 : 22 };
  // crosses as after the last finished deal (a replay's view carries an older sheet)
  const lastDeal = ctx.deals[ctx.deals.length - 1];
  const sh = (lastDeal && lastDeal.sheet) || ctx.view.sheet || {};
  const g = svg("g", {});
  let y = 4;
  rubbersOf(ctx).forEach((rubber, i) => {
    if (i) {
      g.append(svg("line", { x1: 0, y1: y - 6, x2: W, y2: y - 6, stroke: "var(--rule, #c9c2ad)",
                             "stroke-dasharray": "4 3" }));
    }
    y = drawRubber(g, layout, rubber, i + 1, y);
  });
  const crosses = sh.crosses || [];
  const total = cols.map((col) =>
    `${colName(col, data, ctx)} ${crosses[col.side] ? CROSS.repeat(crosses[col.side]) : "0"}`);
  g.append(svg("text", { x: 4, y: y + 15, "font-size": 14, fill: "currentColor" },
               t("web.sheet.sj.crosses", { list: total.join(" · ") })));
  y += 26;
  const root = svg("svg", { viewBox: `0 0 ${W} ${y}`, role: "img",
                            "aria-label": t("web.sheet.sj.aria") }, g);
  return el("div", { class: "sj-sheet" }, root,
            el("div", { class: "sj-legend" }, t("web.sheet.sj.legend")));
}
