// Danish Brus (rules/brus.md §2): the info panel, the matchstick sheet, the deal summary,
// action labels and the hand order.  Everything is drawn from the table messages: the view
// (BrusView: stock, trick_counts, sticks, points, risks, awards), the match sheet
// ({sticks, over, winner}), the finished deals ({result: {tricks, score}, sheet, final}) and
// the table options (ctx.options).
//
// The score is kept the tradition's way (DK-10.1): each side starts with a heap of
// matchsticks and throws one away per point; the first side with none left wins.
//
// Also exported for the Icelandic module (the same ranking of beating cards) and the
// Stýrivolt module: moduleBox, rankIndex, suitIndex, STIKKORT.
import { el, svg, cardSpan, cardText, seatName, gameOptions, ensureStyle, sideNaming, plural, line, joinNodes } from "./common.js";

// -- cards -------------------------------------------------------------------------------------

const SUITS = "CSHD"; // suit order C > S > H > D (rules §1.1)
const RANKS = "23456789TJQKA";

export function suitIndex(code) { return SUITS.indexOf(code[1]); }
export function rankIndex(code) { return RANKS.indexOf(code[0]); }

/** DK-2.1: the 18 beating cards, highest first (also the Icelandic order, IS-2.1). */
export const STIKKORT = "JC KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D".split(" ");
const LOW_FIVES = "5C 5S 5H 5D 8C 8H 8D QC QS QH QD KD".split(" "); // DK-12.13
const LOW_TENS = "TC TS TH TD 8C 8H 8D QC QS QH QD KD".split(" ");
const SEVENS = ["7C", "7S", "7H", "7D"];
const BLACK_KINGS = ["KC", "KS"];
const HONOUR_NAME = { JC: "Spids", KH: "Brus", "8S": "Galhund" };
const RISK_NAME = { KH: "the Brus", "8S": "the Galhund", KC: "the Korsfarer" };
const WORDS = { 1: "one", 2: "two", 3: "three", 4: "four" };
const TRICK_WORDS = { 1: "single", 2: "double", 3: "triple", 4: "fourfold" };
const RISK_KINDS = new Set(["risk", "nonwinning_risk", "oversmaek"]);
const DEAL_KINDS = new Set(["deal", "storm", "first_five", "jan"]);
const MAX_DRAWN = 30; // sticks beyond this many are written as a number (target may be huge)

/** Beating power by card code for the options in force (DK-2.1, DK-12.13). */
function powerTable(opts) {
  const order = STIKKORT.concat(opts.no_stock ? (opts.tens_instead_of_fives ? LOW_TENS : LOW_FIVES) : []);
  const power = {};
  order.forEach((c, i) => { power[c] = order.length - i; });
  return power;
}

/** Terminal order: stikkort by power, then sevens and black kings, then the worthless cards. */
function orderKey(code, power) {
  const p = power[code] || 0;
  if (p) return [0, -p, 0];
  if (SEVENS.includes(code)) return [1, 0, suitIndex(code)];
  if (BLACK_KINGS.includes(code)) return [1, 1, suitIndex(code)];
  return [2, -rankIndex(code), suitIndex(code)];
}

function compareKeys(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function sortCards(cards, power) {
  return [...cards].sort((a, b) => compareKeys(orderKey(a, power), orderKey(b, power)));
}

// -- who is winning the trick (display only; the server decides) -------------------------------

function beats(x, y, seven, power) {
  if (!seven) return (power[x] || 0) > 0 && (power[x] || 0) > (power[y] || 0); // DK-6.2
  if (SEVENS.includes(x) && SEVENS.includes(y)) return suitIndex(x) < suitIndex(y); // DK-6.3
  if (x === "KC" && SEVENS.includes(y)) return true;
  return x === "KS" && y === "KC";
}

function permutations(list) {
  if (list.length <= 1) return [list];
  return list.flatMap((x, i) =>
    permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((p) => [x, ...p]));
}

/** DK-6.4: a set beats a set when its cards can be paired each beating one. */
function setBeats(next, cur, seven, power) {
  return permutations(next).some((p) => p.every((c, i) => beats(c, cur[i], seven, power)));
}

/** Index in plays ([[seat, "7C+7H"], ...]) of the set winning so far (DK-6.5, DK-12.2). */
function winnerNow(plays, opts, power) {
  const sets = plays.map(([, p]) => p.split("+"));
  const seven = sets[0][0][0] === "7";
  let win = 0;
  for (let i = 1; i < sets.length; i++) {
    const ks4 = opts.honour_beats_ks_fourth && opts.players === 4 && seven && i === 3 &&
      sets[i].length === 1 && HONOUR_NAME[sets[i][0]] && sets[1].join() === "KC" &&
      sets[2].join() === "KS";
    if (ks4 || setBeats(sets[i], sets[win], seven, power)) win = i;
  }
  return win;
}


/** "We throw" -> "we throw" inside a sentence ("Seat 2 throws" stays). */
function inSentence(text) {
  return /^(We|They|You)\b/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/** "We" -> "our", "Side A" -> "side A's", "Seat 1" -> "Seat 1's". */
function possessive(name) {
  return { We: "our", They: "their", You: "your" }[name] || `${name.replace(/^Side/, "side")}'s`;
}

function sideTricks(perSeat, names) {
  const out = Array(names.sides).fill(0);
  perSeat.forEach((t, seat) => { out[names.sideOf(seat)] += t; });
  return out;
}

// -- small DOM pieces -----------------------------------------------------------------------------

// The page's style sheet knows nothing of these modules' tables and notes: a few rules of
// their own, scoped to their boxes (class "nordic"), added to the document once.
const STYLE = `
.nordic .info-line { margin: 0.15em 0; }
.nordic .good { color: #1e7d32; }
.nordic .bad { color: #b3261e; }
.nordic .muted { color: var(--muted, #6b6b6b); }
.nordic .sheet-legend { font-size: 0.8rem; margin: 0.3em 0; }
.nordic .game-end { margin: 0.4em 0; }
.nordic table.sheet-table { border-collapse: collapse; font-size: 0.8rem; margin: 0.4em 0; }
.nordic .sheet-table th, .nordic .sheet-table td { padding: 0.1em 0.45em; text-align: right; border-bottom: 1px solid #e2dccb; }
.nordic .sheet-table th { font-weight: 600; }
.nordic p { margin: 0.35em 0; }
.nordic ul { margin: 0.3em 0; padding-left: 1.3em; }
`;

/** A module's outer box (info panel, sheet, deal summary), its style sheet in place. */
export function moduleBox(cls) {
  ensureStyle("nordic-games-style", STYLE);
  return el("div", { class: `${cls} nordic` });
}



function setNodes(codes, power) {
  return joinNodes(sortCards(codes, power).map(cardSpan), " + ");
}

function rankingLine(opts, power) {
  const parts = [];
  for (const c of ["JC", "KH", "8S"]) parts.push(cardSpan(c), ` ${HONOUR_NAME[c]} › `);
  parts.push("9s › aces › ", ...joinNodes(["JS", "JH", "JD"].map(cardSpan), " "), " › 6s (♣›♠›♥›♦)");
  const out = [line("Ranking:", ...parts)];
  if (opts.no_stock) {
    const low = Object.keys(power).filter((c) => power[c] <= 12).sort((a, b) => power[b] - power[a]);
    out.push(line("Then (no stock, DK-12.13):", ...joinNodes(low.map(cardSpan), " ")));
  }
  return out;
}

function sevenLine() {
  return line("A 7 was led:", ...joinNodes(SEVENS.map(cardSpan), " › "), ", ", cardSpan("KC"),
    " beats any 7, ", cardSpan("KS"), " beats ", cardSpan("KC"), "; nothing else beats (DK-6.3)");
}

/** The variants in force, in words (DK-12). */
function variantsText(opts) {
  const words = {
    tens_instead_of_fives: "10s instead of 5s",
    honour_beats_ks_fourth: "an honour 4th beats K♠ after 7-K♣-K♠",
    no_risk_after_stock_empty: "no risking once the stock is empty",
    risk_nonwinning_honour: "risks even when the honour cannot win",
    no_risk_on_game_point: "no risking with one stick left",
    oversmaek: "oversmæk (2/3/4 points, Brus over Galhund)",
    risk_king_of_clubs: "K♣ may be risked on a led 7",
    automatic_risk: "every legal risk is automatic",
    whistle: "leading 3 (or 4) cards whistles: 1 point",
    four_card_brus: "hands of 4",
    no_stock: "no stock: all cards dealt, every trick played",
    jan_replaces_storm: "Jan (all tricks) scores 2, no first-five bonus",
  };
  const on = Object.keys(words).filter((k) => opts[k] === true).map((k) => words[k]);
  if (opts.target !== 12) on.push(`${opts.target} sticks a side`);
  if (opts.game_bonus) on.push(`game bonus ${opts.game_bonus}`);
  return on.join(" · ");
}

// -- risks and their outcome -------------------------------------------------------------------

/**
 * Every risk of the deal with its trick number and, once decided, its award:
 * [{seat, card, trick, held, side, points, kind, lost, pending}] (DK-9.3 - DK-9.5, DK-12.4,
 * DK-12.6, DK-12.13).  The view lists risks and awards in the order the rules apply them.
 */
function riskNotes(view, names, opts) {
  const n = view.players;
  // the trick of a risk: the history entry where its card was played with RISK
  const plays = view.history || [];
  const notes = (view.risks || []).map(([seat, card]) => {
    const idx = plays.findIndex(([s, t]) => s === seat && / RISK/.test(t) &&
      t.split(" ")[1].split("+").includes(card));
    return { seat, card, trick: idx < 0 ? null : Math.floor(idx / n) + 1 };
  });
  const done = (view.tricks || []).length;
  const over = view.to_act === null;
  // a finished deal's `final` has no history (no trick numbers): every risk is decided
  const todo = notes.filter((r) => (over && r.trick === null) || (r.trick !== null && r.trick <= done));
  for (const [side, pts, kind] of (view.awards || []).filter((a) => RISK_KINDS.has(a[2]))) {
    if (!todo.length) break;
    const group = kind === "oversmaek" && todo[0].trick !== null ? todo.filter((r) => r.trick === todo[0].trick) : [todo[0]];
    for (const r of group) {
      todo.splice(todo.indexOf(r), 1);
      Object.assign(r, { side, kind, held: side === names.sideOf(r.seat), points: 0 });
    }
    (group.find((r) => r.held) || group[0]).points = pts;
  }
  for (const r of todo) {
    if (opts.no_stock && !over) r.pending = true; // DK-12.13: settled with the deal's awards
    else if (!opts.no_stock || (view.sticks || []).some((x) => x === 0)) r.lost = "the game was already over (DK-10.4)";
    else r.lost = "the deal is void (DK-12.13)";
  }
  return notes;
}

function riskNodes(notes, names, ctx) {
  return joinNodes(notes.map((r) => {
    const out = el("span", { class: "risk" }, `${seatName(r.seat, ctx)} `, cardSpan(r.card),
      ` (${RISK_NAME[r.card].slice(4)}${r.trick ? `, trick ${r.trick}` : ""}) `);
    if (r.lost) out.append(`no point: ${r.lost}`);
    else if (r.pending) out.append("settled at the end of the deal");
    else if (r.held === undefined) out.append("in play");
    else {
      out.append(el("b", { class: r.held ? "good" : "bad" }, r.held ? "held" : "beaten"));
      if (r.points) out.append(`: ${names.name(r.side)} +${r.points}`);
      if (r.kind === "oversmaek") out.append(" (oversmæk)");
    }
    return out;
  }), " · ");
}

const AWARD_WORDS = {
  risk: "risk", nonwinning_risk: "non-winning risk", oversmaek: "oversmæk", whistle: "whistle",
  first_five: "first five tricks", deal: "the deal", storm: "storming", jan: "Jan",
};

// -- the module interface -----------------------------------------------------------------------

export function info(view, ctx) {
  const opts = ctx.options;
  const power = powerTable(opts);
  const names = sideNaming(view.players, ctx);
  const box = moduleBox("game-info brus-info");
  if (view.players === 4) {
    box.append(line("Sides:", names.columns.map(names.label).join(" against ")));
  } else {
    box.append(line("Solo Brus:", "three players, each for himself (DK-11)"));
  }
  box.append(line("Stock:", opts.no_stock ? "none — all cards dealt (DK-12.13)"
    : view.stock ? plural(view.stock, "card") : "empty: play on with the cards in hand (DK-7.5)"));
  box.append(line("Tricks this deal:",
    names.columns.map((s) => `${names.name(s)} ${view.trick_counts[s]}`).join(" · "),
    el("span", { class: "muted" }, opts.no_stock ? " (all tricks are played)" : " (first to 5 wins the deal)")));

  // sticks: the sheet holds the count at the start of the deal, the view the live one
  const start = view.sheet && !view.sheet.over ? view.sheet.sticks : null;
  box.append(line("Sticks left:", names.columns.map((s) => {
    const thrown = start ? start[s] - view.sticks[s] : 0;
    return `${names.name(s)} ${view.sticks[s]}` + (thrown > 0 ? ` (${thrown} thrown this deal)` : "");
  }).join(" · ")));

  const notes = riskNotes(view, names, opts);
  if (notes.length) box.append(line("Risks this deal:", ...riskNodes(notes, names, ctx)));
  const awards = view.awards || [];
  if (awards.length) {
    box.append(line(opts.no_stock ? "Awards (applied at the end):" : "Points this deal:",
      awards.map(([side, pts, kind]) => `${names.name(side)} +${pts} ${AWARD_WORDS[kind] || kind}`).join(" · ")));
  }

  const cur = view.current_trick || [];
  if (cur.length) {
    const k = cur[0][1].split("+").length;
    const w = winnerNow(cur, { ...opts, players: view.players }, power);
    const what = k > 1 ? `a ${TRICK_WORDS[k]} trick: everyone plays ${WORDS[k]} cards, worth ${k} tricks`
      : "a single trick";
    box.append(line(`Trick ${(view.tricks || []).length + 1}:`,
      `${seatName(cur[0][0], ctx)} led ${what}; best so far `, ...setNodes(cur[w][1].split("+"), power),
      ` (${seatName(cur[w][0], ctx)})`));
    if (cur[0][1][0] === "7") box.append(sevenLine());
    if (k > 1) {
      box.append(el("div", { class: "info-line muted" },
        `To take it, play ${k} cards that each beat a different card of the best set (DK-6.4).`));
    }
  } else if (view.to_act !== null && view.to_act !== undefined) {
    // the leader's choices, as far as this seat can see them (its own hand only)
    let what = "";
    if (view.to_act === view.seat && view.hand) {
      const ranks = view.hand.map((c) => c[0]);
      const most = Math.min(opts.four_card_brus ? 4 : 3, Math.max(0, ...ranks.map((r) => ranks.filter((x) => x === r).length)));
      what = " one card" + (most >= 2 ? `, or ${most === 2 ? "2" : `2–${most}`} cards of one rank (a multiple trick, DK-5.2)` : "");
    }
    box.append(line(`Trick ${(view.tricks || []).length + 1}:`, `${seatName(view.to_act, ctx)} to lead${what}`));
  }
  box.append(...rankingLine(opts, power));
  const variants = variantsText(opts);
  if (variants) box.append(line("Variants:", variants));
  return box;
}

/** The sticks at the start of the view's deal, and left now, per side. */
function sticksNow(ctx, opts, sides) {
  const v = ctx.view || {};
  const deals = ctx.deals || [];
  const full = Array(sides).fill(opts.target);
  const dn = v.deal_number !== undefined ? v.deal_number : deals.length;
  const start = dn > 0 && deals[dn - 1] ? deals[dn - 1].sheet.sticks : full;
  const sh = v.sheet || (deals.length ? deals[deals.length - 1].sheet : { sticks: full, over: false, winner: null });
  const left = Array.isArray(v.sticks) ? v.sticks : sh.sticks;
  return { start, left, sheet: sh };
}

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
  g.append(svg("text", { x: 10, y: 16, fill: "#fff", "font-size": 13, "font-weight": "bold" }, label));
  g.append(svg("text", { x: 350, y: 16, fill: "#e9f1ea", "font-size": 12, "text-anchor": "end" },
    `${left} left · ${thrownBefore + thrownNow} thrown`));
  // the heap: standing sticks in groups of five (easy to count)
  const shown = Math.min(left, MAX_DRAWN);
  const gap = Math.min(10, 170 / Math.max(shown + Math.floor(shown / 5) * 0.6, 1));
  let x = 16;
  for (let i = 0; i < shown; i++) {
    if (i && i % 5 === 0) x += gap * 0.6;
    g.append(matchstick(x, 48, 0));
    x += gap;
  }
  if (left > shown) g.append(svg("text", { x: x + 4, y: 54, fill: "#fff", "font-size": 12 }, `+${left - shown}`));
  if (!left) g.append(svg("text", { x: 16, y: 54, fill: "#ffd54a", "font-size": 13, "font-weight": "bold" }, "none left"));
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
  if (total > drawn) g.append(svg("text", { x: 340, y: 72, fill: "#fff", "font-size": 11, "text-anchor": "end" }, `+${total - drawn}`));
  return g;
}

/** What a finished deal came to, from its result and the awards its `final` view lists. */
function outcome(deal, ctx, opts, names) {
  const exact = deal.final.awards || [];
  const counts = sideTricks(deal.result.tricks, names);
  const top = Math.max(...counts);
  const ws = counts.indexOf(top);
  const others = counts.filter((_, s) => s !== ws);
  const tricks = [top, ...others].join("–");
  const dealPts = Array(names.sides).fill(0);
  exact.filter((a) => DEAL_KINDS.has(a[2])).forEach(([s, p]) => { dealPts[s] += p; });
  if (opts.no_stock) {
    if (names.sides === 3 && counts.filter((c) => c === top).length > 1) {
      return { text: `A tie at ${top} tricks: the deal is void, nobody scores (DK-12.13).`, short: "tie: void", dealPts };
    }
    return { text: `${names.verb(ws, "win", "wins")} the deal with ${plural(top, "trick")}; all its awards are applied at its end (DK-12.13).`,
      short: `${names.name(ws)} ${tricks}`, dealPts };
  }
  if (top < 5 && deal.sheet.over) {
    const last = exact.length ? exact[exact.length - 1] : null;
    const what = last ? `${last[2] === "whistle" ? "the whistle point" : "a risk point"} threw ${possessive(names.name(last[0]))} last stick`
      : "a point threw a side's last stick";
    return { text: `The deal ends at once: ${what}, the game is over (DK-10.4).`, short: "game over", dealPts };
  }
  if (top < 5) {
    return { text: "4–4–4: nobody reached five tricks, nobody scores for the deal; risk points stand (DK-8.3, DK-10.3).", short: "4–4–4", dealPts };
  }
  const storm = others.every((x) => x === 0);
  const thrown = dealPts[ws] ? `; ${inSentence(names.verb(ws, "throw", "throws"))} ${plural(dealPts[ws], "stick")}` : "";
  if (!dealPts[ws]) {
    return { text: `${names.verb(ws, "reach", "reaches")} five tricks, but the game was already over (DK-10.4).`, short: "game over", dealPts };
  }
  if (storm && dealPts[ws] === 2) {
    return { text: `${names.verb(ws, "storm", "storms")} the castle: ${tricks} (DK-8.2)${thrown}.`, short: `${names.name(ws)} storm ${tricks}`, dealPts };
  }
  return { text: `${names.verb(ws, "take", "takes")} five tricks first: ${tricks} (DK-8.1)${thrown}.`, short: `${names.name(ws)} 5 first`, dealPts };
}

function dealsTable(ctx, opts, names) {
  const deals = ctx.deals || [];
  const table = el("table", { class: "sheet-table" });
  const head = el("tr", {}, el("th", {}, "deal"));
  for (const s of names.columns) head.append(el("th", { colspan: 2 }, names.name(s)));
  if (names.sides === 2) head.append(el("th", {}, ""));
  const sub = el("tr", {}, el("th", {}, ""));
  for (const _ of names.columns) sub.append(el("th", {}, "tricks"), el("th", {}, "sticks"));
  if (names.sides === 2) sub.append(el("th", {}, ""));
  table.append(el("thead", {}, head, sub));
  const body = el("tbody");
  deals.forEach((d, i) => {
    const before = i ? deals[i - 1].sheet.sticks : Array(names.sides).fill(opts.target);
    const after = d.sheet.sticks;
    const counts = sideTricks(d.result.tricks, names);
    const row = el("tr", {}, el("td", {}, d.number + 1));
    for (const s of names.columns) {
      const thrown = before[s] - after[s];
      row.append(el("td", {}, counts[s]), el("td", { style: "white-space: nowrap" }, thrown ? `−${thrown}→${after[s]}` : after[s]));
    }
    const note = outcome(d, ctx, opts, names).short;
    if (names.sides === 2) {
      row.append(el("td", { class: "muted", style: "text-align: left" }, note));
      body.append(row);
    } else { // three sides leave no room for a note column on a phone: the note goes below
      body.append(row, el("tr", { class: "muted" }, el("td", {}, ""),
        el("td", { colspan: 2 * names.sides, style: "text-align: left; font-size: 11px" }, note)));
    }
  });
  table.append(body);
  return el("div", { style: "overflow-x: auto" }, table); // three sides may not fit a phone
}

export function sheet(ctx) {
  const v = ctx.view || {};
  const opts = ctx.options;
  const players = v.players || opts.players;
  const names = sideNaming(players, ctx);
  const { start, left, sheet: sh } = sticksNow(ctx, opts, names.sides);
  const box = moduleBox("score-sheet brus-sheet");
  const rowH = 84;
  const height = rowH * names.sides + 8;
  const pic = svg("svg", { viewBox: `0 0 360 ${height}`, width: "100%", role: "img",
    "aria-label": "Matchsticks: " + names.columns.map((s) => `${names.name(s)} ${left[s]} left`).join(", "),
    style: "max-width: 560px; display: block; font-family: system-ui, sans-serif" });
  pic.append(svg("rect", { x: 0, y: 0, width: 360, height, rx: 10, fill: "#2f5d43" }));
  names.columns.forEach((s, i) => {
    const thrownNow = Math.max(0, start[s] - left[s]);
    const thrownBefore = Math.max(0, opts.target - start[s]);
    const label = names.label(s) + (sh.over && sh.winner && String(sh.winner[0]) ===
      (players === 4 ? "AB"[s] : String(s)) ? " — wins" : "");
    pic.append(sideRow(4 + i * rowH, label, left[s], thrownBefore, thrownNow, s + 1));
  });
  box.append(pic);
  box.append(el("div", { class: "muted sheet-legend" },
    `Each side starts with ${plural(opts.target, "matchstick")} and throws one away per point; ` +
    "the first side to throw them all wins (DK-10). Highlighted: thrown in this deal."));
  if (sh.over && sh.winner) box.append(gameEnd(sh, opts, names, players));
  if ((ctx.deals || []).length) box.append(dealsTable(ctx, opts, names));
  return box;
}

function gameEnd(sh, opts, names, players) {
  const w = sh.winner[0];
  const side = players === 4 ? "AB".indexOf(w) : Number(w);
  const parts = names.columns.filter((s) => s !== side).map((s) => {
    const owed = sh.sticks[s] + (opts.game_bonus || 0);
    return players === 4 ? `${names.name(s)} (${names.members(s)}) pay ${owed} each` : `${names.name(s)} pays ${owed}`;
  });
  const bonus = opts.game_bonus ? ` + ${opts.game_bonus} game bonus` : "";
  return el("div", { class: "game-end" },
    el("b", {}, `${names.verb(side, "win", "wins")} the game: ${opts.target > 1 ? "all " : ""}${plural(opts.target, "stick")} thrown first (DK-10.5).`),
    el("div", { class: "muted" }, `Settlement (sticks still held${bonus}): ${parts.join("; ")}.`));
}

export function dealSummary(deal, ctx) {
  const v = ctx.view || {};
  const opts = ctx.options;
  const players = v.players || opts.players;
  const names = sideNaming(players, ctx);
  // the view still shows this deal when it ended the game: its history then dates the risks
  const same = v.deal_number === deal.number && v.to_act === null && Array.isArray(v.awards);
  const exact = deal.final.awards || [];
  const res = outcome(deal, ctx, opts, names);
  const counts = sideTricks(deal.result.tricks, names);
  const score = deal.result.score;
  const box = moduleBox("deal-summary brus-summary");
  box.append(el("h3", {}, `Deal ${deal.number + 1} · dealer ${seatName(deal.dealer, ctx)}`));
  const table = el("table", { class: "sheet-table" });
  table.append(el("tr", {}, el("th", {}, ""), ...names.columns.map((s) => el("th", {}, names.name(s)))));
  const row = (label, cells) => table.append(el("tr", {}, el("td", {}, label),
    ...names.columns.map((s) => el("td", {}, cells[s] ? String(cells[s]) : "–"))));
  row("tricks", counts.map(String));
  if (!opts.no_stock) {
    const whistle = Array(names.sides).fill(0);
    const risk = Array(names.sides).fill(0);
    exact.forEach(([s, p, k]) => { if (k === "whistle") whistle[s] += p; else if (RISK_KINDS.has(k)) risk[s] += p; });
    row("risk points", risk);
    if (whistle.some((x) => x)) row("whistles", whistle);
    row("deal points", res.dealPts);
  }
  row("total points", score);
  box.append(table);
  box.append(el("p", { class: "outcome" }, res.text));
  {
    const notes = riskNotes(same ? v : { ...deal.final, players, to_act: null }, names, opts);
    if (notes.length) box.append(el("p", {}, el("b", {}, "Risks: "), ...riskNodes(notes, names, ctx)));
  }
  const deals = ctx.deals || [];
  const i = deals.findIndex((d) => d.number === deal.number);
  const before = i > 0 ? deals[i - 1].sheet.sticks : Array(names.sides).fill(opts.target);
  box.append(el("p", {}, el("b", {}, "Sticks: "), names.columns.map((s) => {
    const thrown = before[s] - deal.sheet.sticks[s];
    return `${names.name(s)} ${deal.sheet.sticks[s]} left` + (thrown ? ` (−${thrown})` : "");
  }).join(" · ")));
  if (deal.sheet.over && deal.sheet.winner) box.append(gameEnd(deal.sheet, opts, names, players));
  return box;
}

/** "PLAY 8S+KH RISK 8S" -> "8♠ + K♥ risking 8♠ only"; "PLAY 7C+7H" on a lead -> "7♣ + 7♥ (two tricks' worth)". */
export function actionLabel(text, view) {
  const m = /^PLAY (\S+)(?: (RISK)(?: (\S+))?)?$/.exec(text);
  if (!m) return text;
  const opts = gameOptions(view && view.game); // no ctx here: the game string's options
  const power = powerTable(opts);
  const cards = sortCards(m[1].split("+"), power);
  let label = cards.map(cardText).join(" + ");
  const lead = !(view && view.current_trick && view.current_trick.length);
  if (lead && cards.length > 1) label += ` (${WORDS[cards.length]} tricks' worth)`;
  if (!m[2]) return label;
  const capable = cards.filter((c) => RISK_NAME[c] && (c !== "KC" || opts.risk_king_of_clubs));
  if (m[3]) {
    const named = m[3].split("+");
    if (named.length === capable.length) return `${label} risking ${named.map((c) => RISK_NAME[c]).join(" and ")}`;
    return `${label} risking ${named.map(cardText).join(" + ")} only`;
  }
  // bare RISK: every card whose risk is legal; the named variants in legal show which those are
  const legal = (view && view.legal) || [];
  const named = new Set();
  for (const t of legal) {
    const x = /^PLAY (\S+) RISK (\S+)$/.exec(t);
    if (x && x[1] === m[1]) x[2].split("+").forEach((c) => named.add(c));
  }
  const risked = named.size ? [...named] : capable.length === 1 ? capable : [];
  if (risked.length === 1) return `${label} and risk ${RISK_NAME[risked[0]]}`;
  if (risked.length > 1) return `${label} risking ${risked.length === 2 ? "both" : "all of"} ` +
    sortCards(risked, power).map((c) => RISK_NAME[c].slice(4)).join(" and ");
  return `${label} and risk`;
}

export function handOrder(cards, view) {
  return sortCards(cards, powerTable(gameOptions(view && view.game))); // no ctx here
}
