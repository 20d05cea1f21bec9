// Romanian Whist (rules/romanian-whist.md): the score table of the whole schedule as it is kept
// on paper — one row per round, a column per player with the bid, the tricks taken, the points
// of the round and the running total.  Every fact comes from the server's explainer
// (view.explain.sheet.plan: each round's cards, special round and dealer) and from the finished
// deals (their result, their sheet, their score in parts); nothing here knows a rule.
import { el, suitSpan, seatName, ensureStyle } from "./common.js";
import { t } from "../i18n.js";

const CSS = `
.rw-sheet { overflow-x: auto; max-width: 100%; }
.rw-sheet table { border-collapse: collapse; font-size: 0.875rem; font-variant-numeric: tabular-nums;
  margin: 0 auto; background: var(--paper, #fffdf6); color: var(--ink, #222); }
.rw-sheet th, .rw-sheet td { border: 1px solid var(--rule, #c9c2ad); padding: 1px 2px;
  text-align: center; vertical-align: middle; }
.rw-sheet thead th { position: sticky; top: 0; background: var(--paper, #fffdf6); }
.rw-sheet th.rw-me { text-decoration: underline; }
.rw-sheet td.rw-k { white-space: nowrap; text-align: start; }
.rw-sheet td.rw-no { color: var(--muted, #666); }
.rw-sheet .rw-cell { min-width: 34px; line-height: 1.15; }
.rw-sheet .rw-bt { font-size: 0.8rem; }
.rw-sheet .rw-bt span { white-space: nowrap; }
.rw-sheet .rw-tot { font-weight: bold; font-size: 0.95rem; white-space: nowrap; }
.rw-sheet .rw-sp { display: block; font-size: 0.8rem; }
.rw-sheet td.rw-made-cell { background: var(--good-bg, #e6f4e8); }
.rw-sheet td.rw-dealer { box-shadow: inset 3px 0 0 #7a5c00; }
.rw-sheet tr.rw-future td { color: var(--muted, #999); background: transparent; }
.rw-sheet tr.rw-now td { background: var(--highlight, #fff3c4); }
.rw-sheet tr.rw-special td.rw-k { font-style: italic; }
.rw-sheet tfoot td { font-weight: bold; border-top: 2px solid var(--ink, #222); }
.rw-sheet .rw-made { color: var(--ok, #1b7a2f); }
.rw-sheet .rw-missed { color: var(--danger, #b3261e); }
.rw-sheet .rw-win { color: var(--ok, #1b7a2f); }
.rw-sheet .rw-legend { font-size: 0.8rem; color: var(--muted, #666); margin: 4px 0; text-align: center; }
`;

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}

/** The "cards" column: the cards dealt, and the trump suit or the special round's name. */
function roundLabel(round, trump) {
  const cell = el("span", {}, `${round.cards} `);
  if (round.special) cell.append(el("span", { class: "rw-sp" }, round.special));
  else if (trump) cell.append(suitSpan(trump));
  else if (trump === null) cell.append(el("span", { title: t("web.sheet.rw.no_trumps") }, "–"));
  return cell;
}

/** A streak's mark in a cell: the parts of the seat's score the explainer named. */
function streakMark(parts) {
  for (const p of parts || []) {
    if (p.msg.id === "rw.streak_bonus") return el("span", { class: "rw-made", title: p.msg.text }, "★");
    if (p.msg.id === "rw.failure_penalty") return el("span", { class: "rw-missed", title: p.msg.text }, "▼");
  }
  return "";
}

/** One player's cell of a finished round: bid/tricks and the round's points over the total. */
function scoredCell(bid, won, pts, total, dealer, parts) {
  const made = bid === won;
  return el("td", {
    class: `rw-cell${made ? " rw-made-cell" : ""}${dealer ? " rw-dealer" : ""}`,
    title: t(dealer ? "web.sheet.rw.cell_dealer" : "web.sheet.rw.cell", { bid, won, points: signed(pts) }),
  },
  el("div", { class: "rw-bt" }, `${bid}/${won} `,
     el("span", { class: made ? "rw-made" : "rw-missed" }, signed(pts))),
  el("div", { class: "rw-tot" }, num(total), streakMark(parts)));
}

function openCell(text, dealer) {
  return el("td", { class: `rw-cell${dealer ? " rw-dealer" : ""}`, title: dealer ? t("web.seat.dealer") : null },
            el("div", { class: "rw-bt" }, text), el("div", { class: "rw-tot" }, ""));
}

function roundRow(round, i, ctx, running) {
  const view = ctx.view;
  const n = view.players;
  const deal = ctx.deals[i];
  const cls = [round.special ? "rw-special" : ""];
  const cells = [el("td", { class: "rw-no" }, i + 1)];
  if (deal && deal.result) {
    const res = deal.result;
    const parts = deal.score ? deal.score.sides.map((s) => s.parts) : [];
    cells.push(el("td", { class: "rw-k" }, roundLabel(round, res.trump)));
    for (let s = 0; s < n; s++) {
      running[s] += res.score[s];
      cells.push(scoredCell(res.bids[s], res.tricks[s], res.score[s], running[s],
                            s === round.dealer, parts[s]));
    }
  } else if (i === view.round_index && view.phase !== "over") {
    cls.push("rw-now");
    cells.push(el("td", { class: "rw-k" }, roundLabel(round, view.trump)));
    const playing = view.phase === "play";
    for (let s = 0; s < n; s++) {
      const b = view.bids[s];
      cells.push(openCell(b === null ? "…" : playing ? `${b}/${view.tricks_won[s]}` : t("web.sheet.rw.bid", { n: b }),
                          s === round.dealer));
    }
  } else {
    cls.push("rw-future");
    cells.push(el("td", { class: "rw-k" }, roundLabel(round, undefined)));
    for (let s = 0; s < n; s++) cells.push(openCell("", s === round.dealer));
  }
  return el("tr", { class: cls.join(" ").trim() || null }, ...cells);
}

export function sheet(ctx) {
  ensureStyle("rw-style", CSS);
  const view = ctx.view;
  const explain = view.explain;
  const plan = explain ? explain.sheet.plan : [];
  const n = view.players;
  // the sheet after the last finished round (the replay's views carry an older one), else the view's
  const lastDeal = ctx.deals[ctx.deals.length - 1];
  const sh = (lastDeal && lastDeal.sheet) || view.sheet || { totals: Array(n).fill(0) };
  const zp = sh.zero_play_declared || [];
  const heads = [el("th", { title: t("web.sheet.rw.round") }, "#"),
                 el("th", { title: t("web.sheet.rw.cards_title") }, t("web.sheet.rw.cards"))];
  for (let s = 0; s < n; s++) {
    // five or six columns must fit a phone: "S2" for "Seat 2" there
    const name = n >= 5 && s !== ctx.mySeat ? t("web.sheet.seat_short", { n: s }) : seatName(s, ctx);
    heads.push(el("th", { class: s === ctx.mySeat ? "rw-me" : null, title: seatName(s, ctx) },
                  name, zp.includes(s) ? el("span", { title: t("web.sheet.rw.zero_play") }, " 0!") : ""));
  }
  const running = Array(n).fill(0);
  const body = plan.map((round, i) => roundRow(round, i, ctx, running));
  const winners = sh.over ? (sh.winner || []) : [];
  const foot = [el("td", {}, ""), el("td", { class: "rw-k" }, t(sh.over ? "web.sheet.rw.final" : "web.sheet.rw.total"))];
  for (let s = 0; s < n; s++) {
    const counts = [];
    if (sh.success_counters && !sh.over) counts.push(`✓${sh.success_counters[s]}`);
    if (sh.failure_counters && !sh.over) counts.push(`✗${sh.failure_counters[s]}`);
    foot.push(el("td", { class: winners.includes(s) ? "rw-win" : null },
                 num(sh.totals[s]), winners.includes(s) ? " ★" : "",
                 ...counts.map((c) => el("div", { class: "rw-legend" }, c))));
  }
  const legend = ["web.sheet.rw.legend_cell", "web.sheet.rw.legend_shaded", "web.sheet.rw.legend_bar",
                  "web.sheet.rw.legend_no_trumps"];
  if (sh.success_counters) legend.push("web.sheet.rw.legend_streak", "web.sheet.rw.legend_made");
  if (sh.failure_counters) legend.push("web.sheet.rw.legend_penalty", "web.sheet.rw.legend_missed");
  if (sh.zero_play_declared) legend.push("web.sheet.rw.legend_zero");
  return el("div", { class: "rw-sheet" },
    el("table", {},
       el("thead", {}, el("tr", {}, ...heads)),
       el("tbody", {}, ...body),
       el("tfoot", {}, el("tr", {}, ...foot))),
    el("div", { class: "rw-legend" }, legend.map((id) => t(id)).join(" · ")));
}
