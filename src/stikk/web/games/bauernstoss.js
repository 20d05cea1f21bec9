// Bauernstoss (rules/bauernstoss.md): the score sheet as it is kept in chalk (rules §9.6) — a
// horizontal line, one side's tally strokes above it and the other's below, in fives, on the way
// to the marks that win a game; the chalk with the side that has it; the games won; each game's
// deals in a few words.  Every fact comes from the server: the sheets after each deal, each
// deal's score in the explainer's words (deal.score: its title holds the short result) and the
// explainer's sheet data (view.explain.sheet: the marks that win a game).  Nothing here knows a
// rule; the panel, the deal summaries, the labels and the hand order are drawn by table.js and
// replay.js from view.explain.
import { el, svg, seatName, ensureStyle } from "./common.js";
import { t } from "../i18n.js";

const SIDES = "AB";

const CSS = `
.bs-sheet { max-width: 460px; margin: 0 auto; }
.bs-sheet svg { width: 100%; height: auto; display: block; }
.bs-sheet svg.bs-small { margin: 6px auto 0; }
.bs-board { background: var(--board, #2f3b33); color: var(--chalk, #f3f1e8); border-radius: 6px; }
.bs-sheet .bs-deals { font-size: 0.8rem; color: var(--muted, #666); margin: 4px 2px; }
`;

/** "You & Seat 2" / "Seat 1 & Seat 3". */
function members(side, ctx) {
  return t("web.sheet.bs.members", { a: seatName(side, ctx), b: seatName(side + 2, ctx) });
}

/**
 * The deals split into games: a game ends with the deal whose sheet says `over` (rules §9.5).
 * Each game: its deals with the marks before each, and its final sheet once ended.
 */
function gamesOf(ctx) {
  const games = [{ deals: [], ended: null }];
  let marks = [0, 0];
  for (const deal of ctx.deals) {
    let g = games[games.length - 1];
    if (g.ended) {
      g = { deals: [], ended: null };
      games.push(g);
      marks = [0, 0];
    }
    g.deals.push({ deal, before: marks });
    marks = deal.sheet.marks;
    if (deal.sheet.over) g.ended = deal.sheet;
  }
  return games;
}

/** A deal in the explainer's few words: "B +2 Schneider", "thrown in". */
function shortResult(deal) {
  return deal.score ? deal.score.short.text : "";
}

function dealsLine(deals) {
  return t("web.sheet.bs.deals", { list: deals.map((e, i) => `${i + 1}: ${shortResult(e.deal)}`).join(" · ") });
}

const W = 360;
const PITCH = 26; // one group of five strokes
const STROKE_H = 20;

/**
 * Tally strokes for `marks`, in fives (four strokes crossed by the fifth), from x0 along rows
 * growing away from the line (dir -1 upwards, +1 downwards); strokes from `fresh` on are the
 * last deal's (drawn brighter) and the ghost strokes up to `target` show the way still to go.
 */
function tally(g, marks, target, fresh, x0, yLine, dir, width) {
  const perRow = Math.max(1, Math.floor(width / PITCH)) * 5;
  const upto = Math.max(marks, target);
  for (let k = 0; k < upto; k++) {
    const row = Math.floor(k / perRow);
    const kk = k % perRow;
    const grp = Math.floor(kk / 5), pos = kk % 5;
    const gx = x0 + grp * PITCH;
    const yTop = dir < 0 ? yLine - 8 - STROKE_H - row * (STROKE_H + 8) : yLine + 8 + row * (STROKE_H + 8);
    const ghost = k >= marks;
    const attrs = {
      stroke: ghost ? "currentColor" : k >= fresh ? "var(--chalk-new, #ffe27a)" : "currentColor",
      "stroke-width": ghost ? 1 : 2.2, "stroke-linecap": "round",
      opacity: ghost ? 0.18 : 1,
    };
    if (pos < 4) {
      const x = gx + pos * 5 + (k * 7 % 3) * 0.3; // a hand-drawn wobble
      g.append(svg("line", { x1: x, y1: yTop + (pos % 2), x2: x + 0.8, y2: yTop + STROKE_H, ...attrs }));
    } else {
      g.append(svg("line", { x1: gx - 3, y1: yTop + STROKE_H - 3, x2: gx + 19, y2: yTop + 3, ...attrs }));
    }
  }
  const rows = Math.max(1, Math.ceil(upto / perRow));
  return rows * (STROKE_H + 8) + 8;
}

/** A stick of chalk, where the side that has it writes. */
function chalkStick(x, y) {
  return svg("g", {},
    svg("title", {}, t("web.sheet.bs.chalk_title")),
    svg("rect", { x, y: y - 4, width: 22, height: 8, rx: 3, fill: "var(--chalk, #f3f1e8)",
                  transform: `rotate(-12 ${x + 11} ${y})` }),
    svg("text", { x: x + 26, y: y + 4, "font-size": 13.5, fill: "currentColor" }, t("web.sheet.bs.chalk")));
}

/** One game's board: the line, A above and B below, the target, the chalk. */
function board(sheetNow, target, ctx, { fresh = [Infinity, Infinity], title, small = false } = {}) {
  const g = svg("g", {});
  const labelW = 112; // room for "Seat 1 & Seat 3" beside the strokes
  const x0 = labelW + 8;
  const width = W - x0 - 40;
  const upRows = Math.max(1, Math.ceil(Math.max(sheetNow.marks[0], target) /
                                       (Math.floor(width / PITCH) * 5)));
  const yLine = 26 + upRows * (STROKE_H + 8) + 4;
  g.append(svg("text", { x: 6, y: 17, "font-size": 13.5, fill: "currentColor", opacity: 0.85 }, title));
  g.append(svg("line", { x1: 4, y1: yLine, x2: W - 4, y2: yLine, stroke: "currentColor",
                         "stroke-width": 2, "stroke-linecap": "round" }));
  const hB = Math.max(tally(g, sheetNow.marks[1], target, fresh[1], x0, yLine, +1, width), 44);
  tally(g, sheetNow.marks[0], target, fresh[0], x0, yLine, -1, width);
  // side letters at the left with the players' names next to the line, the marks at the end
  [0, 1].forEach((side) => {
    const y = side === 0 ? yLine - 22 : yLine + 38;
    g.append(svg("text", { x: 6, y, "font-size": 18, "font-weight": "bold", fill: "currentColor" },
                 SIDES[side]));
    g.append(svg("text", { x: 6, y: side === 0 ? yLine - 6 : yLine + 16, "font-size": 13,
                           fill: "currentColor", opacity: 0.8 }, members(side, ctx)));
    g.append(svg("text", { x: W - 8, y: y - 2, "font-size": 16, "text-anchor": "end",
                           fill: "currentColor" }, sheetNow.marks[side]));
    if (sheetNow.chalk === SIDES[side]) g.append(chalkStick(24, y - 6));
  });
  const height = yLine + hB + 6;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, role: "img",
                            "aria-label": t("web.sheet.bs.aria", { a: sheetNow.marks[0], b: sheetNow.marks[1] }),
                            class: small ? "bs-board bs-small" : "bs-board" }, g);
  return root;
}

export function sheet(ctx) {
  ensureStyle("bs-style", CSS);
  const facts = (ctx.view.explain && ctx.view.explain.sheet) || {};
  const target = facts.target || 0;
  const games = gamesOf(ctx);
  const box = el("div", { class: "bs-sheet" });
  // The game on the board: the last one, unless the last deal ended it and the view is a later
  // deal (the next game has begun).  Its marks are those after its last deal (a replay's view
  // carries the sheet from before the deal), else the view's own sheet.
  const last = games[games.length - 1];
  const lastDeal = ctx.deals[ctx.deals.length - 1];
  const begun = last.ended && ctx.view.deal_number > lastDeal.number;
  const current = begun ? { deals: [], ended: null } : last;
  const lastEntry = current.deals[current.deals.length - 1];
  const empty = { marks: [0, 0], chalk: null, games: lastDeal ? lastDeal.sheet.games : [0, 0] };
  const sh = lastEntry ? lastEntry.deal.sheet : (begun ? empty : ctx.view.sheet || empty);
  const finished = games.filter((g) => g.ended && g !== current);
  // strokes beyond the marks before the last deal are that deal's, drawn brighter
  const fresh = lastEntry ? lastEntry.before : [Infinity, Infinity];
  const won = sh.games || [0, 0];
  const game = { n: finished.length + 1, a: won[0], b: won[1] };
  const title = current.ended
    ? t("web.sheet.bs.game_won", { ...game, winner: current.ended.winner[0] })
    : t("web.sheet.bs.game_on", { ...game, target });
  box.append(board(sh, target, ctx, { fresh, title }));
  box.append(el("div", { class: "bs-deals" }, current.deals.length ? dealsLine(current.deals)
    : t("web.sheet.bs.no_deal")));
  // earlier games, the most recent first, as they were left on the board
  finished.slice().reverse().forEach((g) => {
    const n = games.indexOf(g) + 1;
    const w = g.ended.winner ? g.ended.winner[0] : "?";
    box.append(board(g.ended, target, ctx, {
      title: t("web.sheet.bs.game_old", { n, winner: w, a: g.ended.marks[0], b: g.ended.marks[1] }), small: true,
    }));
    box.append(el("div", { class: "bs-deals" }, dealsLine(g.deals)));
  });
  return box;
}
