// Icelandic Brús (rules/brus.md §3): the info panel, the comb, the deal summary, action labels
// and the hand order.  Drawn from the table messages only: the view (IcelandicBrusView:
// cut_card, cut_point, stock, tricks_won, risks, erased, hung, deal_score, awards), the sheet
// ({erased, value, over, winner}), the finished deals ({result, sheet, final: the view at the
// deal's end}) and the table options (ctx.options).
//
// The comb (IS-6): five lines a side, the fifth one the rá; every point erases a line, the
// first side to erase all five wins, worth the loser's unerased lines, 6 for a scratch
// (klóra) and 2 instead of 1 when the loser was hung on the rá (IS-7.2).
import { el, svg, cardSpan, cardText, seatName, sideNaming, plural, line } from "./common.js";
import { STIKKORT, moduleBox, rankIndex, suitIndex } from "./brus.js";

const LINES = 5;
const POWER = Object.fromEntries(STIKKORT.map((c, i) => [c, STIKKORT.length - i])); // IS-2.1
const RISK_KINDS = new Set(["risk", "risk_beaten", "risk_illegal"]);

function orderKey(code) {
  const p = POWER[code] || 0;
  return p ? [0, -p, 0] : [1, -rankIndex(code), suitIndex(code)];
}

function sortCards(cards) {
  return [...cards].sort((a, b) => {
    const x = orderKey(a);
    const y = orderKey(b);
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
}

/** IS-7.2: the value of a win against a loser with `erased` lines gone. */
function gameValue(erased, hung) {
  if (erased === 0) return 6;
  if (erased === 4 && hung) return 2;
  return LINES - erased;
}

/** (success, beaten) points of a risk by the K♥'s place in the trick (IS-5.3). */
function riskValues(pos) {
  return pos === 0 ? [2, 3] : [1, 2];
}

function riskKind(pos) {
  if (pos === 0) return "risking the round (voga rúntinn)";
  return pos < 3 ? "under one (undir þig)" : "as the fourth card";
}



function sideTricks(perSeat) {
  return [perSeat[0] + perSeat[2], perSeat[1] + perSeat[3]];
}

/** Why the seat to act may not risk its K♥ now (IS-5.2), from what it sees; null if nothing stops it. */
function riskBar(view, opts) {
  const hand = view.hand || [];
  if (!hand.includes("KH")) return null;
  const played = new Set([...(view.tricks || []).flatMap((t) => t.plays.map((p) => p[1])),
    ...(view.current_trick || []).map((p) => p[1])]);
  if ((view.current_trick || []).length === 3) return "you play the fourth card, no opponent is left after you (IS-5.2 condition 1)";
  if (!(view.tricks || []).length) return "this is the first trick of the deal (IS-5.2 condition 2)";
  if (played.has("JC")) return "J♣ has been played in this deal (IS-5.2 condition 3)";
  if (hand.includes("JC")) return "you hold J♣ yourself (IS-5.2 condition 3)";
  if (view.erased[view.seat % 2] >= LINES - 1) return "your side is on the rá, one point from winning (IS-5.2 condition 4)";
  if (opts.no_risk_last_trick && view.stock === 0 && hand.length === 1) {
    return "everyone plays his last card (no_risk_last_trick, IS-5.2 condition 5)";
  }
  return null;
}

/** Why each award of the view's deal was made, in words (IS-3.3, IS-4.5, IS-5.3, IS-5.6). */
function awardReasons(view, names, ctx) {
  const risks = view.risks || [];
  const t = sideTricks(view.tricks_won || [0, 0, 0, 0]);
  let r = 0;
  return (view.awards || []).map(([side, pts, kind]) => {
    let why;
    if (kind === "cut") why = `the cut: ${cardText(view.cut_card)} at the bottom (IS-3.3)`;
    else if (RISK_KINDS.has(kind)) {
      const [trick, seat] = risks[r++] || [null, null];
      const tr = trick !== null ? (view.tricks || [])[trick] : null;
      // an older deal's summary has no tricks: then where the K♥ was played goes unsaid
      const pos = tr ? tr.plays.findIndex((p) => p[0] === seat) : null;
      const who = seat === null ? "a" : seat === ctx.mySeat ? "your" : `${seatName(seat, ctx)}'s`;
      const where = pos === null ? "" : pos === 0 ? " (led)" : " (under one)";
      if (kind === "risk") why = `${who} risked K♥${where}, held in trick ${trick + 1} (IS-5.3)`;
      else if (kind === "risk_beaten") why = `${who} risked K♥${where}, beaten by J♣ in trick ${trick + 1} (IS-5.3)`;
      else why = `${who} illegal risk in trick ${trick + 1}: the penalty (IS-5.6)`;
    } else if (kind === "jana") why = "jana: five tricks to none, the deal and one extra point (IS-4.5)";
    else why = `the deal, ${t[side]} tricks to ${t[1 - side]} (IS-4.5)`;
    return { side, pts, kind, why };
  });
}

export function info(view, ctx) {
  const opts = ctx.options;
  const names = sideNaming(4, ctx);
  const box = moduleBox("game-info icelandic-brus-info");
  box.append(line("Sides:", names.columns.map(names.label).join(" against ")));
  const cutter = (view.dealer + 3) % 4;
  if (view.cut_point) {
    box.append(line("Cut:", `${seatName(cutter, ctx)} (the dealer's right) cut `, cardSpan(view.cut_card),
      " to the bottom: a point to the dealer's side, no deal this time (IS-3.3)."));
  } else {
    box.append(line("Cut card:", cardSpan(view.cut_card), ` (cut by ${seatName(cutter, ctx)}, the dealer's right)`,
      view.stock ? " — the bottom card of the stock, drawn last (IS-3.2)" : " — drawn last"));
    box.append(line("Stock:", view.stock ? plural(view.stock, "card") : "empty: play on with the cards in hand"));
    const t = sideTricks(view.tricks_won);
    box.append(line("Tricks this deal:", names.columns.map((s) => `${names.name(s)} ${t[s]}`).join(" · "),
      el("span", { class: "muted" }, " (5 win the deal; jana if the others have 0)")));
  }
  box.append(line("Comb:", names.columns.map((s) => {
    const e = view.erased[s];
    const notes = [e >= LINES ? "all gone: the game is won" : e === LINES - 1 ? "on the rá: one point wins" : ""];
    if (view.hung && view.hung[s] && e < LINES) notes.push("hung (IS-7.2)");
    return `${names.name(s)} ${e} erased` + notes.filter(Boolean).map((x) => `, ${x}`).join("");
  }).join(" · ")));
  if (Math.max(...view.erased) < LINES) {
    box.append(line("A win now is worth:", names.columns.map((s) => {
      const v = gameValue(view.erased[1 - s], view.hung && view.hung[1 - s]);
      const why = view.erased[1 - s] === 0 ? ", a scratch" : v === 2 && view.erased[1 - s] === 4 ? ", hung" : "";
      return `${names.name(s)} ${v}${why}`;
    }).join(" · "), el("span", { class: "muted" }, " (IS-7.2)")));
  }
  // risks, with what came of them
  for (const [trick, seat] of view.risks || []) {
    const tr = (view.tricks || [])[trick];
    const cur = !tr;
    const plays = cur ? view.current_trick : tr.plays;
    const pos = plays.findIndex((p) => p[0] === seat);
    const [ok, bad] = riskValues(pos);
    let what;
    if (cur) what = `in this trick: ${names.name(seat % 2)} +${ok} if held, ${names.name(1 - seat % 2)} +${bad} if J♣ beats it`;
    else {
      const held = tr.winner % 2 === seat % 2;
      const award = (view.awards || []).find((a) => RISK_KINDS.has(a[2]));
      what = held ? "held" : "beaten";
      if (award && award[2] === "risk_illegal") what = held ? "held but illegal" : "beaten, illegal";
      if (award) what += `: ${names.name(award[0])} +${award[1]}`;
    }
    box.append(line("Risk:", `${seatName(seat, ctx)} `, cardSpan("KH"),
      ` in trick ${trick + 1}, ${riskKind(pos)} — ${what}`));
  }
  const reasons = awardReasons(view, names, ctx);
  if (reasons.length) {
    box.append(line("Points this deal:", reasons.map((a) => `${names.name(a.side)} +${a.pts} (${a.why})`).join(" · ")));
  }
  const cur = view.current_trick || [];
  if (cur.length) {
    let best = cur[0];
    for (const p of cur.slice(1)) if ((POWER[p[1]] || 0) > (POWER[best[1]] || 0)) best = p;
    box.append(line(`Trick ${(view.tricks || []).length + 1}:`, "best so far ", cardSpan(best[1]),
      ` (${seatName(best[0], ctx)})`, POWER[best[1]] ? "" : el("span", { class: "muted" }, ", no beating card yet: the lead wins")));
  }
  // the K♥ question for the player to act
  const legal = view.legal || [];
  if (legal.includes("PLAY KH")) {
    const bar = riskBar(view, opts);
    const pos = cur.length;
    const [ok, bad] = riskValues(pos);
    if (legal.includes("PLAY KH RISK") && !bar) {
      box.append(el("div", { class: "info-line good" }, `You may risk K♥ — ${riskKind(pos)}: ${ok} if your side takes the trick, ${bad} to the others if J♣ beats it (IS-5.3).`));
    } else if (legal.includes("PLAY KH RISK")) {
      box.append(el("div", { class: "info-line bad" }, `Risking K♥ now breaks the rule: ${bar}. If you do, the opponents score ${bad} (IS-5.6).`));
    } else if (bar) {
      box.append(el("div", { class: "info-line muted" }, `K♥ may be played but not risked now: ${bar}.`));
    }
  }
  box.append(line("Ranking:", cardSpan("JC"), " ", cardSpan("KH"), " ", cardSpan("8S"),
    " › 9s › aces › ", cardSpan("JS"), " ", cardSpan("JH"), " ", cardSpan("JD"),
    " › 6s (♣›♠›♥›♦); every other card is worthless"));
  const variants = [];
  if (opts.allow_illegal_risk) variants.push("an illegal K♥ risk is allowed and penalised (IS-5.6)");
  if (opts.no_risk_last_trick) variants.push("no risking in the last trick");
  if (variants.length) box.append(line("Variants:", variants.join(" · ")));
  return box;
}

// -- the comb -----------------------------------------------------------------------------------

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

/** A little man hanging from the end of the rá's yard (hengja menn á ránni, IS-7.2). */
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

/** The comb: one spine, five teeth; the top halves are one side's lines, the bottom halves the other's. */
function combPicture(erased, hung, names, { over, winner }) {
  const W = 360;
  const H = 210;
  const spine = 105;
  const len = 62;
  const xs = [120, 160, 200, 240, 292]; // the rá stands a little apart, last to go
  const pic = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img",
    "aria-label": "Comb: " + names.columns.map((s) => `${names.name(s)} ${erased[s]} of 5 lines erased`).join(", "),
    style: "max-width: 560px; display: block; font-family: system-ui, sans-serif" });
  pic.append(svg("rect", { x: 0, y: 0, width: W, height: H, rx: 10, fill: PAPER, stroke: "#d8cfb8" }));
  pic.append(svg("line", { x1: xs[0] - 18, y1: spine, x2: xs[4] + 22, y2: spine, stroke: INK, "stroke-width": 4, "stroke-linecap": "round" }));
  names.columns.forEach((s, row) => {
    const dir = row === 0 ? -1 : 1;
    const e = Math.min(LINES, erased[s]);
    xs.forEach((x, i) => pic.append(tooth(x, spine, dir, len, { erased: i < e, ra: i === LINES - 1 })));
    const labelY = dir < 0 ? spine - 50 : spine + 42;
    pic.append(svg("text", { x: 10, y: labelY - 8, fill: INK, "font-size": 14, "font-weight": "bold" }, names.name(s)));
    pic.append(svg("text", { x: 10, y: labelY + 7, fill: INK, "font-size": 11 }, `seats ${s}+${s + 2}`));
    pic.append(svg("text", { x: 10, y: labelY + 20, fill: INK, "font-size": 11 }, `${e} erased`));
    const raY = spine + dir * len;
    pic.append(svg("text", { x: xs[4] + 22, y: raY + 4 + dir * 12, fill: INK, "font-size": 12, "font-style": "italic" }, "rá"));
    if (hung && hung[s] && e < LINES) {
      pic.append(hangingMan(xs[4], raY));
      pic.append(svg("text", { x: xs[4] - 24, y: raY + 4 + dir * 12, fill: ERASE, "font-size": 12, "text-anchor": "end" }, "hung"));
    }
    if (over && winner === "AB"[s]) {
      pic.append(svg("text", { x: 10, y: labelY + 34, fill: "#1e7d32", "font-size": 12, "font-weight": "bold" }, "wins"));
    } else if (over && e === 0) {
      pic.append(svg("text", { x: 10, y: labelY + 34, fill: ERASE, "font-size": 12, "font-weight": "bold" }, "klóra"));
    }
  });
  return pic;
}

/** The comb's hanging marks: from the view, else as the last finished deal left them. */
function hungNow(ctx) {
  const v = ctx.view || {};
  if (Array.isArray(v.hung)) return v.hung;
  const deals = ctx.deals || [];
  return deals.length ? deals[deals.length - 1].final.hung : [false, false];
}

/** Points per deal in words, from the awards its `final` view lists (the live view, with the
 *  deal's tricks, when it still shows this deal). */
function dealReasons(deal, ctx, names) {
  const v = ctx.view || {};
  if (v.deal_number === deal.number && v.to_act === null && Array.isArray(v.awards)) {
    return awardReasons(v, names, ctx);
  }
  return awardReasons({ ...deal.final, tricks: deal.tricks || [] }, names, ctx);
}

function dealsTable(ctx, names) {
  const table = el("table", { class: "sheet-table" });
  table.append(el("thead", {}, el("tr", {}, el("th", {}, "deal"), el("th", {}, "tricks"),
    ...names.columns.map((s) => el("th", {}, names.name(s))), el("th", {}, "why"))));
  const body = el("tbody");
  for (const d of ctx.deals || []) {
    const t = sideTricks(d.result.tricks);
    const reasons = dealReasons(d, ctx, names);
    const cut = reasons.length === 1 && reasons[0].kind === "cut";
    body.append(el("tr", {}, el("td", {}, d.number + 1),
      el("td", {}, cut ? "cut" : names.columns.map((s) => t[s]).join("–")),
      ...names.columns.map((s) => el("td", {}, d.result.score[s] ? `+${d.result.score[s]}` : "")),
      el("td", { class: "muted" }, reasons.map((r) => `${names.name(r.side)} +${r.pts} ${r.kind === "cut" ? "cut" : r.kind === "jana" ? "jana" : r.kind === "deal" ? "deal" : "risk"}`).join(", ") || "nothing")));
  }
  table.append(body);
  return table;
}

function gameEndText(sh, names, hung) {
  const w = "AB".indexOf(sh.winner[0]);
  const lose = 1 - w;
  const le = sh.erased[lose];
  const other = names.name(lose);
  const plural = ["We", "They"].includes(other);
  let why;
  if (le === 0) why = `${other} erased no line: a scratch (klóra) counts 6 instead of 5`;
  else if (le === LINES - 1 && hung[lose]) why = `${other} ${plural ? "were" : "was"} hung on the rá (4 lines erased while ${names.name(w).toLowerCase()} had none): 2 instead of 1`;
  else why = `${other} ${plural ? "have" : "has"} ${LINES - le} unerased line${LINES - le === 1 ? "" : "s"}`;
  return el("div", { class: "game-end" }, el("b", {}, `${names.verb(w, "win", "wins")} the game, worth ${sh.value}`), `: ${why} (IS-7.2).`);
}

export function sheet(ctx) {
  const v = ctx.view || {};
  const names = sideNaming(4, ctx);
  const deals = ctx.deals || [];
  const sh = v.sheet || (deals.length ? deals[deals.length - 1].sheet : { erased: [0, 0], value: null, over: false, winner: null });
  const erased = Array.isArray(v.erased) ? v.erased : sh.erased;
  const hung = hungNow(ctx);
  const box = moduleBox("score-sheet icelandic-brus-sheet");
  box.append(combPicture(erased, hung, names, { over: sh.over, winner: sh.winner && sh.winner[0] }));
  if (sh.over && sh.winner) box.append(gameEndText(sh, names, hung));
  else {
    box.append(el("div", { class: "info-line" }, el("b", {}, "A win now is worth: "), names.columns.map((s) => {
      const val = gameValue(erased[1 - s], hung[1 - s]);
      const why = erased[1 - s] === 0 ? " (klóra, a scratch)" : val === 2 && erased[1 - s] === 4 ? " (hung)" : "";
      return `${names.name(s)} ${val}${why}`;
    }).join(" · ")));
  }
  box.append(el("div", { class: "muted sheet-legend" },
    "Five lines a side, the last one the rá; every point erases a line (✕). The first side to erase all five wins, worth the loser's lines still standing: 6 if it erased none (klóra), 2 instead of 1 if it was hung on the rá (IS-6, IS-7)."));
  if (deals.length) box.append(dealsTable(ctx, names));
  return box;
}

export function dealSummary(deal, ctx) {
  const names = sideNaming(4, ctx);
  const box = moduleBox("deal-summary icelandic-brus-summary");
  box.append(el("h3", {}, `Deal ${deal.number + 1} · dealer ${seatName(deal.dealer, ctx)} · cut by ${seatName((deal.dealer + 3) % 4, ctx)}`));
  const reasons = dealReasons(deal, ctx, names);
  const cut = reasons.length === 1 && reasons[0].kind === "cut";
  if (cut) {
    box.append(el("p", {}, `No deal: ${cardText(deal.final.cut_card)} was cut to the bottom (IS-3.3); the same dealer deals again.`));
  } else {
    const t = sideTricks(deal.result.tricks);
    box.append(el("p", {}, "Tricks: " + names.columns.map((s) => `${names.name(s)} ${t[s]}`).join(" · ")));
    if (Math.max(...t) < 5 && deal.sheet.over) box.append(el("p", {}, "The game ended during the deal: the rest of it is abandoned (IS-6.3)."));
  }
  for (const s of names.columns) {
    const got = reasons.filter((r) => r.side === s);
    if (!got.length) continue;
    const pts = got.reduce((a, r) => a + r.pts, 0);
    box.append(el("p", {}, el("b", {}, `${names.verb(s, "score", "scores")} ${plural(pts, "point")}`),
      " — " + got.map((r) => `${r.pts} for ${r.why}`).join("; ") + "."));
  }
  if (!reasons.length) box.append(el("p", {}, "Nobody scores in this deal."));
  box.append(el("p", {}, el("b", {}, "Comb: "), names.columns.map((s) => `${names.name(s)} ${deal.sheet.erased[s]} of 5 erased`).join(" · ")));
  if (deal.sheet.over && deal.sheet.winner) box.append(gameEndText(deal.sheet, names, deal.final.hung));
  return box;
}

/** "PLAY KH RISK" -> "K♥ and risk it: the round, 2 / 3"; "PLAY 9S" -> "9♠". */
export function actionLabel(text, view) {
  const m = /^PLAY (\S+)( RISK)?/.exec(text);
  if (!m) return text;
  if (!m[2]) return cardText(m[1]);
  // the points depend on the K♥'s place in the trick: known for the viewer's own button only
  if (!view || !(view.legal || []).includes(text)) return `${cardText(m[1])} and risk it`;
  const pos = view.current_trick ? view.current_trick.length : 0;
  const [ok, bad] = riskValues(pos);
  return `${cardText(m[1])} and risk it (${pos === 0 ? "the round" : "under one"}: +${ok}, or +${bad} to them)`;
}

export function handOrder(cards) {
  return sortCards(cards);
}
