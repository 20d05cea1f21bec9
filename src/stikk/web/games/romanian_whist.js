// Romanian Whist (rules/romanian-whist.md): the round in play beside the table, and the score
// table of the whole schedule as it is kept on paper — one row per round, a column per player
// with the bid, the tricks taken, the points of the round and the running total.
import { el, cardSpan, suitSpan, actionText, seatName, ensureStyle, SUIT_NAME, plural } from "./common.js";

const SPECIAL = {
  blind8: { name: "Blind 8", note: "everybody bids before seeing his cards (rules §10.6)" },
  zero8: { name: "Zero 8", note: "every bid is 0 (rules §10.6)" },
  eight8: { name: "Eight 8", note: "every bid is 8 (rules §10.6)" },
};
const DISPLAY_SUITS = ["S", "H", "C", "D"]; // black, red, black, red (as the terminal)
const RANKS = "AKQJT98765432";

// -- options (the table's, resolved by the server: ctx.options) and the schedule (rules §3, §10) --

/** The options this module needs, in its own words. */
function rules(ctx) {
  const o = ctx.options;
  return {
    players: o.players,
    schedule: o.schedule,
    cardsPlusBid: o.score_formula === "cardsPlusBid",
    success: o.success_streak, // {length, points} or null
    failure: o.failure_streak,
    zeroPlay: o.zero_play,
    specials: ["blind8", "zero8", "eight8"].filter((x) => (o.final_special_rounds || []).includes(x)),
  };
}

// Copied engine logic (no field states the schedule): schedule.py round_plan.
/** Every round of the game as [cards, special] (schedule.py round_plan). */
function roundPlan(r) {
  const n = r.players;
  const ones = Array(n).fill(1), eights = Array(n).fill(8);
  const up = [2, 3, 4, 5, 6, 7], down = [7, 6, 5, 4, 3, 2];
  const sizes = r.schedule === "8-1-8" ? [...eights, ...down, ...ones, ...up, ...eights]
                                       : [...ones, ...up, ...eights, ...down, ...ones];
  return [...sizes.map((k) => [k, null]), ...r.specials.map((s) => [8, s])];
}

/** What an exact bid scores before any streak adjustment (rules §7, §10.2). */
function basePoints(r, cards, bid, tricks) {
  if (bid !== tricks) return -Math.abs(tricks - bid);
  return (r.cardsPlusBid ? cards : 5) + bid;
}

/** The view with `seat` null for a spectator (the engine's public view writes -1). */
function seated(view) {
  return Number.isInteger(view.seat) && view.seat >= 0 ? view : { ...view, seat: null };
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** A total with a true minus sign. */
function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}


function roundTitle(index, plan) {
  const [k, special] = plan[index] || [0, null];
  const each = k === 1 ? "1 card each" : `${k} cards each`;
  return `Round ${index + 1} of ${plan.length} · ${each}` +
    (special ? ` · ${SPECIAL[special].name}` : "");
}

/** The seat that dealt round i: the deal passes one seat clockwise every round (rules §4.1). */
function dealerOf(i, ctx) {
  const n = ctx.view.players;
  const first = ctx.deals.length ? ctx.deals[0].dealer
                                 : ctx.view.dealer - (ctx.view.round_index || 0);
  return (((first + i) % n) + n) % n;
}

// -- styles: one <style> for the module, so the sheet reads the same on any page ------------

const CSS = `
.rw-info table, .rw-summary table { border-collapse: collapse; }
.rw-info td, .rw-info th, .rw-summary td, .rw-summary th { padding: 2px 6px; text-align: right; }
.rw-info td:first-child, .rw-info th:first-child,
.rw-summary td:first-child, .rw-summary th:first-child { text-align: left; }
.rw-info .rw-note, .rw-summary .rw-note, .rw-sheet .rw-note { color: var(--muted, #666); font-size: 0.9em; }
.rw-info .rw-me, .rw-summary .rw-me { font-weight: bold; }
.rw-info .rw-toact { background: var(--highlight, #fff3c4); }
.rw-made { color: var(--ok, #1b7a2f); }
.rw-missed { color: var(--danger, #b3261e); }
.rw-sheet { overflow-x: auto; max-width: 100%; }
.rw-sheet table { border-collapse: collapse; font-size: 12px; font-variant-numeric: tabular-nums;
  margin: 0 auto; background: var(--paper, #fffdf6); color: var(--ink, #222); }
.rw-sheet th, .rw-sheet td { border: 1px solid var(--rule, #c9c2ad); padding: 1px 2px;
  text-align: center; vertical-align: middle; }
.rw-sheet thead th { position: sticky; top: 0; background: var(--paper, #fffdf6); }
.rw-sheet th.rw-me { text-decoration: underline; }
.rw-sheet td.rw-k { white-space: nowrap; text-align: left; }
.rw-sheet td.rw-no { color: var(--muted, #666); }
.rw-sheet .rw-cell { min-width: 34px; line-height: 1.15; }
.rw-sheet .rw-bt { font-size: 10px; white-space: nowrap; }
.rw-sheet .rw-tot { font-weight: bold; font-size: 13px; white-space: nowrap; }
.rw-sheet .rw-sp { display: block; font-size: 10px; }
.rw-sheet td.rw-made-cell { background: var(--good-bg, #e6f4e8); }
.rw-sheet td.rw-dealer { box-shadow: inset 3px 0 0 #7a5c00; }
.rw-sheet tr.rw-future td { color: var(--muted, #999); background: transparent; }
.rw-sheet tr.rw-now td { background: var(--highlight, #fff3c4); }
.rw-sheet tr.rw-special td.rw-k { font-style: italic; }
.rw-sheet tfoot td { font-weight: bold; border-top: 2px solid var(--ink, #222); }
.rw-sheet .rw-win { color: var(--ok, #1b7a2f); }
.rw-sheet .rw-legend { font-size: 11px; color: var(--muted, #666); margin: 4px 0; text-align: center; }
.rw-summary .rw-schedule span { white-space: nowrap; }
.rw-info td:first-child { white-space: nowrap; }
.rw-summary .rw-dealer-note { display: block; }
.rw-summary .rw-schedule .rw-past { color: var(--muted, #999); }
.rw-summary .rw-schedule .rw-this { font-weight: bold; border: 1px solid currentColor; padding: 0 2px; }
`;

const ensureRwStyle = () => ensureStyle("rw-style", CSS);

// -- info: the round beside the table -------------------------------------------------------

function trumpLine(view) {
  if (!view.trump_card) return el("div", {}, "No trumps (all cards are dealt)");
  return el("div", {}, "Trumps: ", suitSpan(view.trump), ` ${SUIT_NAME[view.trump]} (turned card `,
            cardSpan(view.trump_card), ")");
}

/** Why the viewer's own hand is face down while he bids (rules §10.6, §10.7). */
function hiddenNote(view) {
  const forehead = (view.seen_hands || []).some((h, s) => s !== view.seat && h);
  const yours = view.cards === 1 ? "your card" : `your ${view.cards} cards`;
  if (forehead) return "Forehead round: you see everyone's card but yours (rules §10.7).";
  if (view.special === "blind8") {
    return `Blind round: you bid before seeing ${yours} (rules §10.6).`;
  }
  return `Blind bidding: you bid before seeing ${yours} (rules §10.7).`;
}

function seatsTable(view, ctx) {
  const forehead = (view.seen_hands || []).some((h, s) => s !== view.seat && h);
  const bidding = view.phase === "declare" || view.phase === "bid";
  const led = view.current_trick && view.current_trick.length ? view.current_trick[0][0] : null;
  const head = ["", "bid", "tricks", "total"];
  if (forehead) head.push("card");
  head.push("");
  const rows = [];
  for (let s = 0; s < view.players; s++) {
    const b = view.bids[s];
    const notes = [];
    if (s === view.dealer) notes.push("dealer");
    if ((view.zero_play_declared || []).includes(s)) notes.push("Zero Play");
    if (s === led) notes.push("led");
    if (s === view.to_act) notes.push("◀ to act");
    const won = bidding ? "" : String(view.tricks_won[s]);
    const cls = (b !== null && !bidding && view.tricks_won[s] > b) ? "rw-missed" : null;
    const cells = [
      el("td", { class: s === ctx.mySeat ? "rw-me" : null }, seatName(s, ctx)),
      el("td", {}, b === null ? (s === view.to_act && view.phase === "bid" ? "?" : "–") : b),
      el("td", { class: cls, title: cls ? "more tricks than bid: the bid is lost" : null }, won),
      el("td", {}, view.sheet ? num(view.sheet.totals[s]) : ""),
    ];
    if (forehead) {
      const seen = view.seen_hands[s];
      cells.push(el("td", {}, s === view.seat ? "(hidden)" :
                                seen ? el("span", {}, ...seen.map(cardSpan)) : ""));
    }
    cells.push(el("td", { class: "rw-note" }, notes.join(", ")));
    rows.push(el("tr", { class: s === view.to_act ? "rw-toact" : null }, ...cells));
  }
  return el("table", { class: "rw-seats" },
            el("thead", {}, el("tr", {}, ...head.map((h) => el("th", {}, h)))),
            el("tbody", {}, ...rows));
}

function biddingLine(view, ctx) {
  const bids = view.bids.filter((b) => b !== null);
  const total = bids.reduce((a, b) => a + b, 0);
  const k = view.cards;
  if (view.phase === "declare") {
    return el("div", {}, "Zero Play: each player may declare, before the bidding, that he will " +
              "finish the game on exactly 0 (rules §10.5).");
  }
  if (view.phase === "bid") {
    let line = `Bids so far total ${total} for ${plural(k, "trick")}; ` +
      `${view.players - bids.length} still to bid.`;
    const hook = view.special === null || view.special === "blind8"; // zero8/eight8 force the bids
    if (hook && view.to_act === view.dealer) {
      const f = k - total; // the one bid that would make the total the cards dealt
      if (f >= 0 && f <= k) {
        line += ` The dealer (${seatName(view.dealer, ctx)}) may not bid ${f} (rules §5.2).`;
      }
    } else if (hook) {
      line += " The dealer, bidding last, may not make the total the cards dealt (rules §5.2).";
    }
    return el("div", {}, line);
  }
  const diff = total - k;
  return el("div", {}, `Bids total ${total} for ${plural(k, "trick")} (`,
            diff > 0 ? `over by ${diff}` : `under by ${-diff}`, ")");
}

function streakLine(view, ctx, r) {
  const sh = view.sheet || {};
  const parts = [];
  if (r.success && sh.success_counters) {
    parts.push(`exact bids in a row (bonus +${r.success.points} at ${r.success.length}): ` +
      sh.success_counters.map((c, s) => `${seatName(s, ctx)} ${c}`).join(" · "));
  }
  if (r.failure && sh.failure_counters) {
    parts.push(`misses in a row (penalty −${r.failure.points} at ${r.failure.length}): ` +
      sh.failure_counters.map((c, s) => `${seatName(s, ctx)} ${c}`).join(" · "));
  }
  return parts.length ? el("div", { class: "rw-note" }, "Streaks (rules §10.3–§10.4): ",
                           parts.join("; ")) : null;
}

export function info(view, ctx) {
  ensureRwStyle();
  view = seated(view);
  const r = rules(ctx);
  const plan = roundPlan(r);
  const box = el("div", { class: "rw-info" });
  box.append(el("div", {}, el("b", {}, roundTitle(view.round_index, plan)),
                ` · dealer ${seatName(view.dealer, ctx)}`));
  box.append(trumpLine(view));
  if (view.special) {
    box.append(el("div", {}, `Special round ${SPECIAL[view.special].name}: ` +
                  SPECIAL[view.special].note));
  }
  if (view.hand === null && view.seat !== null) {
    box.append(el("div", { class: "rw-note" }, hiddenNote(view)));
  }
  box.append(seatsTable(view, ctx));
  box.append(biddingLine(view, ctx));
  if (view.phase === "play") {
    const n = view.tricks.length + 1;
    box.append(el("div", {}, `Trick ${Math.min(n, view.cards)} of ${view.cards}`,
                  view.current_trick.length ? "" :
                    ` · ${seatName(view.to_act, ctx)} to lead`));
  }
  box.append(streakLine(view, ctx, r) || "");
  if (r.zeroPlay) {
    const zp = view.zero_play_declared || [];
    box.append(el("div", { class: "rw-note" }, "Zero Play declared by: ",
                  zp.length ? zp.map((s) => seatName(s, ctx)).join(", ") : "nobody"));
  }
  return box;
}

// -- the score table -------------------------------------------------------------------------

/** The label of a round in the "cards" column: the cards dealt and the trump or special. */
function roundLabel(k, special, trump) {
  const cell = el("span", {}, `${k} `);
  if (special) cell.append(el("span", { class: "rw-sp" }, SPECIAL[special].name.split(" ")[0]));
  else if (trump) cell.append(suitSpan(trump));
  else if (trump === null) cell.append(el("span", { title: "no trumps" }, "–"));
  return cell;
}

/** One player's cell of a finished round: bid/tricks and the round's points over the total. */
function scoredCell(r, k, bid, won, pts, total, dealer) {
  const made = bid === won;
  const adj = pts - basePoints(r, k, bid, won);
  const mark = adj > 0 ? el("span", { title: `streak bonus +${adj} (rules §10.3)` }, "★") :
               adj < 0 ? el("span", { title: `failure penalty −${-adj} (rules §10.4)` }, "▼") : "";
  if (mark) mark.classList.add(adj > 0 ? "rw-made" : "rw-missed");
  return el("td", {
    class: `rw-cell${made ? " rw-made-cell" : ""}${dealer ? " rw-dealer" : ""}`,
    title: `bid ${bid}, took ${won}: ${signed(pts)}` + (dealer ? " (dealer)" : ""),
  },
  el("div", { class: "rw-bt" }, `${bid}/${won} `,
     el("span", { class: made ? "rw-made" : "rw-missed" }, signed(pts))),
  el("div", { class: "rw-tot" }, num(total), mark));
}

export function sheet(ctx) {
  ensureRwStyle();
  const view = ctx.view;
  const r = rules(ctx);
  const plan = roundPlan(r);
  const n = view.players;
  // the sheet after the last finished round (the replay's views carry an older one), else the view's
  const lastDeal = ctx.deals[ctx.deals.length - 1];
  const sh = (lastDeal && lastDeal.sheet) || view.sheet || { totals: Array(n).fill(0) };
  const over = !!sh.over;
  const zp = sh.zero_play_declared || [];
  const heads = [el("th", { title: "round" }, "#"), el("th", { title: "cards dealt, trumps" }, "cards")];
  for (let s = 0; s < n; s++) {
    // five or six columns must fit a phone: "S2" for "Seat 2" there
    const name = n >= 5 && s !== ctx.mySeat ? `S${s}` : seatName(s, ctx);
    heads.push(el("th", { class: s === ctx.mySeat ? "rw-me" : null, title: seatName(s, ctx) },
                  name, zp.includes(s) ? el("span", { title: "declared Zero Play" }, " 0!") : ""));
  }
  const body = [];
  const running = Array(n).fill(0);
  plan.forEach(([k, special], i) => {
    const deal = ctx.deals[i];
    const dealer = dealerOf(i, ctx);
    const rowCls = [special ? "rw-special" : ""];
    const cells = [el("td", { class: "rw-no" }, i + 1)];
    if (deal && deal.result) {
      const res = deal.result;
      cells.push(el("td", { class: "rw-k" }, roundLabel(k, special, res.trump)));
      for (let s = 0; s < n; s++) {
        running[s] += res.score[s];
        cells.push(scoredCell(r, k, res.bids[s], res.tricks[s], res.score[s], running[s],
                              s === dealer));
      }
    } else if (i === view.round_index && view.phase !== "over") {
      rowCls.push("rw-now");
      cells.push(el("td", { class: "rw-k" }, roundLabel(k, special, view.trump)));
      for (let s = 0; s < n; s++) {
        const b = view.bids[s];
        const playing = view.phase === "play" || view.phase === "over";
        cells.push(el("td", { class: `rw-cell${s === dealer ? " rw-dealer" : ""}`,
                              title: s === dealer ? "dealer" : null },
                      el("div", { class: "rw-bt" },
                         b === null ? "…" : playing ? `${b}/${view.tricks_won[s]}` : `bid ${b}`),
                      el("div", { class: "rw-tot" }, "")));
      }
    } else {
      rowCls.push("rw-future");
      cells.push(el("td", { class: "rw-k" }, roundLabel(k, special, undefined)));
      for (let s = 0; s < n; s++) {
        cells.push(el("td", { class: `rw-cell${s === dealer ? " rw-dealer" : ""}`,
                              title: s === dealer ? "dealer" : null }, ""));
      }
    }
    body.push(el("tr", { class: rowCls.join(" ").trim() || null,
                         title: special ? SPECIAL[special].note : null }, ...cells));
  });
  const winners = over ? (sh.winner || []) : [];
  const foot = [el("td", {}, ""), el("td", { class: "rw-k" }, over ? "final" : "total")];
  for (let s = 0; s < n; s++) {
    const extra = [];
    if (r.success && sh.success_counters && !over) {
      extra.push(el("div", { class: "rw-note", title: "exact bids in a row" }, `✓${sh.success_counters[s]}/${r.success.length}`));
    }
    if (r.failure && sh.failure_counters && !over) {
      extra.push(el("div", { class: "rw-note", title: "misses in a row" }, `✗${sh.failure_counters[s]}/${r.failure.length}`));
    }
    foot.push(el("td", { class: winners.includes(s) ? "rw-win" : null },
                 num(sh.totals[s]), winners.includes(s) ? " ★" : "", ...extra));
  }
  const legend = ["bid/tricks, the round's points, the running total", "shaded: exact bid",
                  "bar: dealer", "– no trumps"];
  if (r.success) legend.push(`★ streak bonus (+${r.success.points} every ${r.success.length} exact bids)`);
  if (r.failure) legend.push(`▼ failure penalty (−${r.failure.points} every ${r.failure.length} misses)`);
  if (r.zeroPlay) legend.push("0! declared Zero Play");
  const scoring = r.cardsPlusBid ? "an exact bid scores cards dealt + bid" :
                                   "an exact bid scores 5 + bid";
  const box = el("div", { class: "rw-sheet" },
    el("div", { class: "rw-legend" },
       `Schedule ${r.schedule}${r.specials.length ? " + " + r.specials.map((s) => SPECIAL[s].name).join(", ") : ""}` +
       ` · ${scoring}; otherwise −1 a trick over or under`),
    el("table", {},
       el("thead", {}, el("tr", {}, ...heads)),
       el("tbody", {}, ...body),
       el("tfoot", {}, el("tr", {}, ...foot))),
    el("div", { class: "rw-legend" }, legend.join(" · ")));
  if (over && winners.length) box.append(el("div", { class: "rw-legend rw-win" }, winnerText(winners, sh, r, ctx)));
  return box;
}

function winnerText(winners, sh, r, ctx) {
  const names = winners.map((s) => seatName(s, ctx));
  const zero = r.zeroPlay && winners.every((s) => sh.totals[s] === 0 &&
                                                  (sh.zero_play_declared || []).includes(s));
  const why = zero ? "declared Zero Play and finished on exactly 0 (rules §10.5)"
                   : `with ${sh.totals[winners[0]]} points`;
  if (names.length === 1) return `Winner: ${names[0]} ${why}.`;
  return `Shared win: ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} ${why}.`;
}

// -- the end of a round ------------------------------------------------------------------------

export function dealSummary(deal, ctx) {
  ensureRwStyle();
  const view = ctx.view;
  const r = rules(ctx);
  const plan = roundPlan(r);
  const n = view.players;
  const res = deal.result;
  const i = deal.number;
  const [k, special] = plan[i] || [res.tricks.reduce((a, b) => a + b, 0), null];
  const totals = deal.sheet.totals;
  const box = el("div", { class: "rw-summary" });
  const trump = res.trump ? el("span", {}, " · trumps ", suitSpan(res.trump)) : " · no trumps";
  box.append(el("h3", {}, `${roundTitle(i, plan)}`, trump, " — result"));
  const rows = [];
  for (let s = 0; s < n; s++) {
    const made = res.bids[s] === res.tricks[s];
    const adj = res.score[s] - basePoints(r, k, res.bids[s], res.tricks[s]);
    const note = [made ? "made" : "missed"];
    if (adj > 0) note.push(`streak bonus +${adj}`);
    if (adj < 0) note.push(`failure penalty −${-adj}`);
    rows.push(el("tr", {},
      el("td", { class: s === ctx.mySeat ? "rw-me" : null }, seatName(s, ctx),
         s === deal.dealer ? el("span", { class: "rw-note rw-dealer-note" }, "dealer") : ""),
      el("td", {}, res.bids[s]), el("td", {}, res.tricks[s]),
      el("td", { class: made ? "rw-made" : "rw-missed" }, signed(res.score[s])),
      el("td", {}, num(totals[s])),
      el("td", { class: "rw-note", style: "text-align:left" }, note.join(", "))));
  }
  box.append(el("table", {},
    el("thead", {}, el("tr", {}, ...["", "bid", "tricks", "round", "total", ""].map((h) => el("th", {}, h)))),
    el("tbody", {}, ...rows)));
  const bidTotal = res.bids.reduce((a, b) => a + b, 0);
  const d = bidTotal - k;
  box.append(el("div", { class: "rw-note" },
    `Bids totalled ${bidTotal} for ${plural(k, "trick")} (${d > 0 ? `over by ${d}` : `under by ${-d}`}).`));
  const sched = el("div", { class: "rw-schedule" }, "Schedule: ");
  plan.forEach(([kk, sp], j) => {
    const cls = j < i ? "rw-past" : j === i ? "rw-this" : null;
    sched.append(el("span", { class: cls }, sp ? SPECIAL[sp].name : kk), " ");
  });
  if (i === plan.length - 1) sched.append(" (that was the last round)");
  box.append(sched);
  if (deal.sheet.over) box.append(standings(deal.sheet, r, ctx));
  return box;
}

function standings(sh, r, ctx) {
  const n = sh.totals.length;
  const order = [...Array(n).keys()].sort((a, b) => sh.totals[b] - sh.totals[a] || a - b);
  const rows = [];
  let place = 0;
  order.forEach((s, j) => {
    if (j === 0 || sh.totals[s] !== sh.totals[order[j - 1]]) place = j + 1;
    rows.push(el("tr", {}, el("td", {}, `${place}.`),
      el("td", { class: s === ctx.mySeat ? "rw-me" : null, style: "text-align:left" }, seatName(s, ctx)),
      el("td", {}, num(sh.totals[s])),
      el("td", { class: "rw-made" }, (sh.winner || []).includes(s) ? "★ winner" : "")));
  });
  return el("div", {}, el("h3", {}, "Final standings"), el("table", {}, el("tbody", {}, ...rows)),
            el("div", { class: "rw-made" }, winnerText(sh.winner || [], sh, r, ctx)));
}

// -- actions and the hand ----------------------------------------------------------------------

export function actionLabel(text, view) {
  const bid = /^BID (\d+)$/.exec(text);
  if (bid) return `Bid ${bid[1]}`;
  if (text === "ZERO_PLAY") return "Declare Zero Play";
  if (text === "NO_ZERO_PLAY") return "No Zero Play";
  return actionText(text);
}

/** ♠ ♥ ♣ ♦, high to low within a suit (the terminal's display order). */
export function handOrder(cards, view) {
  const key = (c) => DISPLAY_SUITS.indexOf(c[1]) * 16 + RANKS.indexOf(c[0]);
  return [...(cards || [])].sort((a, b) => key(a) - key(b));
}
