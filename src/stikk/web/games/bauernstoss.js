// Bauernstoss (rules/bauernstoss.md): the deal beside the table, and the score sheet as it is
// kept in chalk (rules §9.6) — a horizontal line, one team's tally strokes above it and the
// other's below, in fives, on the way to the target; the chalk with the team that has it; the
// games won.
import { el, svg, cardSpan, suitSpan, actionText, seatName, gameOptions, ensureStyle,
  SUIT_SYMBOL, SUIT_NAME, plural } from "./common.js";

const SIDES = "AB";
const JACKS = ["JC", "JS", "JH", "JD"]; // rules §2.3, highest first
const PLAIN_RANKS = "AT" + "KQ987"; // rules §2.3: the ten above the king
const LOW_STRENGTH = { 7: 0, 8: 1, 9: 2, Q: 3, K: 4, T: 5, A: 6 }; // rules §6.1; jacks: 7..10
const CONTRACT_NAMES = { ordinary: "ordinary game", small_solo: "Small Solo",
                         big_solo: "Big Solo", throw_in: "thrown in" };
const RED = new Set(["H", "D"]);

// -- options (rules §11): the table's, resolved by the server (ctx.options) ------------------------

function rules(ctx) {
  const out = { ...ctx.options };
  out.need = out.chalk_holder_threshold;
  out.other = 121 - out.chalk_holder_threshold;
  return out;
}

// -- small helpers --------------------------------------------------------------------------------

/** The view with `seat` null for a spectator (the engine's public view writes -1). */
function seated(view) {
  return Number.isInteger(view.seat) && view.seat >= 0 ? view : { ...view, seat: null };
}


/** "You & Seat 2" / "Seat 1 & Seat 3". */
function members(side, ctx) {
  return `${seatName(side, ctx)} & ${seatName(side + 2, ctx)}`;
}

function team(side, ctx) {
  return `team ${SIDES[side]} (${members(side, ctx)})`;
}

function mySide(ctx) {
  return ctx.mySeat === null || ctx.mySeat === undefined ? null : ctx.mySeat % 2;
}

/** Plain suits in display order, black and red alternating where they can (as the terminal). */
function sideSuits(trump) {
  const rest = ["C", "H", "S", "D"].filter((s) => s !== trump);
  const perms = (xs) => (xs.length <= 1 ? [xs] :
    xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));
  return perms(rest).find((p) => p.every((s, i) => i === 0 || RED.has(s) !== RED.has(p[i - 1])))
    || rest;
}

function strength(c) {
  const j = JACKS.indexOf(c);
  return j >= 0 ? 10 - j : LOW_STRENGTH[c[0]];
}

/** The trumps this hand would hold with suit s (rules §6.1): jacks plus the suit. */
function holding(hand, s) {
  return hand.filter((c) => c[0] === "J" || c[1] === s);
}

/** The seat that was dealt J♣ where the deal shows it (rules §9.1): who played it, or a soloist. */
function jcHolder(tricks, contract, declarer) {
  for (const t of tricks || []) for (const [s, c] of t.plays) if (c === "JC") return s;
  if ((contract === "small_solo" || contract === "big_solo") && declarer !== null) return declarer;
  return null;
}

/** What a seat said in the bidding, as this seat heard it: "pass", "mit 4", "4 ♠", "Big Solo". */
function saidNode(said, showSuit) {
  const p = said.split(" ");
  if (p[0] === "PASS") return el("span", { class: "bs-note" }, "pass");
  if (p[0] === "SMALL_SOLO") return el("b", {}, "Small Solo");
  if (p[0] === "BIG_SOLO") return el("b", {}, "Big Solo");
  if (p[0] === "BID" || p[0] === "MIT") {
    const out = el("span", {}, (p[0] === "MIT" ? "mit " : "") + p[1]);
    if (showSuit && p[2] && p[2] !== "?") out.append(" ", suitSpan(p[2]));
    return out;
  }
  return el("span", {}, said);
}

function namedText(named) {
  if (named.length === 2) return actionText(named);
  return named === "T" ? "10" : named;
}

// -- styles ---------------------------------------------------------------------------------------

const CSS = `
.bs-info table, .bs-summary table { border-collapse: collapse; }
.bs-info td, .bs-info th { padding: 2px 6px; text-align: left; }
.bs-info td:first-child { white-space: nowrap; }
.bs-info td.bs-n { text-align: right; }
.bs-note { color: var(--muted, #666); font-size: 0.9em; }
.bs-me { font-weight: bold; }
.bs-toact { background: var(--highlight, #fff3c4); }
.bs-warn { color: var(--warn, #8a5a00); }
.bs-chalk { color: var(--accent2, #8a2c8f); font-weight: bold; }
.bs-good { color: var(--ok, #1b7a2f); font-weight: bold; }
.bs-bad { color: var(--danger, #b3261e); font-weight: bold; }
.bs-sheet { max-width: 460px; margin: 0 auto; }
.bs-sheet svg { width: 100%; height: auto; display: block; }
.bs-sheet svg.bs-small { max-width: 88%; margin: 6px auto 0; }
.bs-board { background: var(--board, #2f3b33); color: var(--chalk, #f3f1e8); border-radius: 6px; }
.bs-sheet .bs-deals { font-size: 11px; color: var(--muted, #666); margin: 4px 2px; }
`;

const ensureBsStyle = () => ensureStyle("bs-style", CSS);

// -- games of the session, from the finished deals ------------------------------------------------

/**
 * The deals split into games: a game ends with the deal whose sheet says `over` (rules §9.5).
 * Each game: its deals with the marks before each, and its final sheet once ended.
 */
function gamesOf(ctx) {
  const games = [{ deals: [], ended: null }];
  let marks = [0, 0];
  let chalk = null;
  let first = true;
  for (const deal of ctx.deals) {
    let g = games[games.length - 1];
    if (g.ended) {
      g = { deals: [], ended: null };
      games.push(g);
      marks = [0, 0];
      chalk = null;
      first = true;
    }
    g.deals.push({ deal, before: marks, chalkBefore: chalk, firstDeal: first });
    marks = deal.sheet.marks;
    chalk = deal.sheet.chalk;
    first = deal.sheet.first_deal;
    if (deal.sheet.over) g.ended = deal.sheet;
  }
  return games;
}

/** "B+2 Schneider", "A+12 (Big Solo by Seat 1 made)", "thrown in". */
function shortResult(deal, r, ctx) {
  const res = deal.result;
  if (res.contract === "throw_in") return "thrown in";
  const side = res.score[0] ? 0 : 1;
  let how = "";
  if (res.contract !== "ordinary") {
    const d = res.declarer;
    how = ` (${CONTRACT_NAMES[res.contract]} by ${seatName(d, ctx)} ${side === d % 2 ? "made" : "failed"})`;
  } else if (res.tricks[side] + res.tricks[side + 2] === 8) {
    how = " Schwarz";
  } else if (res.card_points[side] >= r.schneider_threshold) {
    how = " Schneider";
  }
  return `${SIDES[side]}+${res.score[side]}${how}`;
}

// -- the chalk board --------------------------------------------------------------------------------

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

/** A stick of chalk, where the team that has it writes. */
function chalkStick(x, y) {
  return svg("g", {},
    svg("title", {}, "this team has the chalk"),
    svg("rect", { x, y: y - 4, width: 22, height: 8, rx: 3, fill: "var(--chalk, #f3f1e8)",
                  transform: `rotate(-12 ${x + 11} ${y})` }),
    svg("text", { x: x + 26, y: y + 4, "font-size": 10.5, fill: "currentColor" }, "chalk"));
}

/** One game's board: the line, A above and B below, the target, the chalk. */
function board(sheetNow, r, ctx, { fresh = [Infinity, Infinity], title, small = false } = {}) {
  const g = svg("g", {});
  const labelW = 84;
  const x0 = labelW + 8;
  const width = W - x0 - 40;
  const upRows = Math.max(1, Math.ceil(Math.max(sheetNow.marks[0], r.target_marks) /
                                       (Math.floor(width / PITCH) * 5)));
  const yLine = 22 + upRows * (STROKE_H + 8) + 4;
  g.append(svg("text", { x: 6, y: 15, "font-size": 12, fill: "currentColor", opacity: 0.85 }, title));
  g.append(svg("line", { x1: 4, y1: yLine, x2: W - 4, y2: yLine, stroke: "currentColor",
                         "stroke-width": 2, "stroke-linecap": "round" }));
  const hB = Math.max(tally(g, sheetNow.marks[1], r.target_marks, fresh[1], x0, yLine, +1, width), 40);
  tally(g, sheetNow.marks[0], r.target_marks, fresh[0], x0, yLine, -1, width);
  // team names at the left, the marks at the right end
  // team letters at the left with the players' names next to the line, the marks at the end
  [0, 1].forEach((side) => {
    const y = side === 0 ? yLine - 20 : yLine + 34;
    g.append(svg("text", { x: 6, y, "font-size": 18, "font-weight": "bold", fill: "currentColor" },
                 SIDES[side]));
    g.append(svg("text", { x: 6, y: side === 0 ? yLine - 5 : yLine + 13, "font-size": 9.5,
                           fill: "currentColor", opacity: 0.8 }, members(side, ctx)));
    g.append(svg("text", { x: W - 8, y: y - 2, "font-size": 16, "text-anchor": "end",
                           fill: "currentColor" }, sheetNow.marks[side]));
    if (sheetNow.chalk === SIDES[side]) g.append(chalkStick(24, y - 6));
  });
  const height = yLine + hB + 6;
  const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, role: "img",
                            "aria-label": `Bauernstoss sheet: A ${sheetNow.marks[0]}, B ${sheetNow.marks[1]}`,
                            class: small ? "bs-board bs-small" : "bs-board" }, g);
  return root;
}

export function sheet(ctx) {
  ensureBsStyle();
  const r = rules(ctx);
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
  const empty = { marks: [0, 0], chalk: null, first_deal: true,
                  games: lastDeal ? lastDeal.sheet.games : [0, 0] };
  const sh = lastEntry ? lastEntry.deal.sheet : (ctx.view.sheet || empty);
  const finished = games.filter((g) => g.ended && g !== current);
  // strokes beyond the marks before the last deal are that deal's, drawn brighter
  const fresh = lastEntry ? lastEntry.before : [Infinity, Infinity];
  const won = sh.games || [0, 0];
  const title = current.ended
    ? `Game ${finished.length + 1} — won by ${current.ended.winner[0]} · games won A ${won[0]}, B ${won[1]}`
    : `Game ${finished.length + 1} · first to ${r.target_marks} · games won A ${won[0]}, B ${won[1]}`;
  box.append(board(sh, r, ctx, { fresh, title }));
  box.append(el("div", { class: "bs-deals" }, current.deals.length
    ? "Deals: " + current.deals.map((e, i) => `${i + 1}: ${shortResult(e.deal, r, ctx)}`).join(" · ")
    : "No deal has been scored in this game yet." + (sh.chalk ? "" :
      r.first_deal_rule === "sixtyOne" ? " In the first deal 61 card points score and take the chalk."
                                       : " The chalk goes to the team dealt J♣ in the first deal.")));
  // earlier games, the most recent first, as they were left on the board
  finished.slice().reverse().forEach((g) => {
    const n = games.indexOf(g) + 1;
    const w = g.ended.winner ? g.ended.winner[0] : "?";
    box.append(board(g.ended, r, ctx, {
      title: `Game ${n} — won by ${w} · A ${g.ended.marks[0]} : B ${g.ended.marks[1]}`, small: true,
    }));
    box.append(el("div", { class: "bs-deals" },
      "Deals: " + g.deals.map((e, i) => `${i + 1}: ${shortResult(e.deal, r, ctx)}`).join(" · ")));
  });
  return box;
}

// -- info: the deal beside the table ---------------------------------------------------------------

function chalkLine(view, r, ctx) {
  const head = el("b", {}, "Chalk: ");
  if (view.first_deal && r.first_deal_rule === "sixtyOne") {
    return el("div", {}, head, "nobody yet — first deal of the game: the team with 61 or more " +
              "card points scores and takes the chalk (rules §11)");
  }
  if (view.chalk === null) {
    const holder = jcHolder(view.tricks.concat(view.current_trick.length ?
      [{ plays: view.current_trick }] : []), view.contract, view.declarer) ??
      (view.hand && view.hand.includes("JC") ? view.seat : null);
    let who = "first deal of the game: the team dealt the jack of clubs has it (rules §9.1)";
    if (holder === null) {
      return el("div", {}, head, `${who} — not known yet; it needs ${r.need} card points, ` +
                `the other team ${r.other}`);
    }
    const how = holder === ctx.mySeat ? "you hold J♣" : `${seatName(holder, ctx)} was dealt J♣`;
    return el("div", {}, head, `${who}, so ${team(holder % 2, ctx)} (${how}); it needs ` +
              `${r.need} card points, the other team ${r.other}`);
  }
  const side = SIDES.indexOf(view.chalk);
  return el("div", {}, head, el("span", { class: "bs-chalk" }, `team ${view.chalk}`),
            ` (${members(side, ctx)}) needs ${r.need} card points; team ${SIDES[1 - side]} needs ` +
            `${r.other} (rules §9.1)`);
}

function contractNode(view, ctx) {
  if (view.contract === "throw_in") return el("span", {}, "thrown in (everybody passed)");
  if (!view.trump) {
    if ((view.contract === "small_solo" || view.contract === "big_solo") && view.declarer !== null) {
      return el("span", {}, `${CONTRACT_NAMES[view.contract]} by ${seatName(view.declarer, ctx)} · ` +
                "trumps not named yet");
    }
    return el("span", {}, "Trumps not chosen yet");
  }
  const out = el("span", {}, "Trumps ", suitSpan(view.trump), ` ${SUIT_NAME[view.trump]}`);
  if (view.declarer !== null) {
    out.append(view.contract === "ordinary"
      ? ` · declared by ${seatName(view.declarer, ctx)} (team ${SIDES[view.declarer % 2]}, bid ${view.high})`
      : ` · ${CONTRACT_NAMES[view.contract]} by ${seatName(view.declarer, ctx)}`);
  }
  return out;
}

function seatsTable(view, ctx) {
  const me = view.seat;
  const led = view.current_trick.length ? view.current_trick[0][0] : null;
  const playing = view.phase === "play" || view.phase === "over";
  const rows = [];
  for (let s = 0; s < 4; s++) {
    const notes = [];
    if (me !== null && me !== undefined && s === (me ^ 2)) notes.push("partner");
    if (s === view.dealer) notes.push("dealer");
    if (s === view.declarer) {
      notes.push(view.contract === "small_solo" || view.contract === "big_solo" ? "soloist" : "declarer");
    }
    if (s === view.sitting_out && playing) notes.push("sits out");
    if (s === led) notes.push("led");
    if (s === view.to_act) notes.push(view.phase === "bid" ? "◀ to speak" : "◀ to act");
    const b = view.bids[s];
    // a number bid's suit shows to its bidder and, once he declares, to everybody (rules §6.2)
    const showSuit = s === me || (view.contract === "ordinary" && view.declarer === s);
    const bid = b !== null ? saidNode(b, showSuit) :
                (s === view.to_act && view.phase === "bid" ? "?" : "");
    rows.push(el("tr", { class: s === view.to_act ? "bs-toact" : null },
      el("td", { class: s === ctx.mySeat ? "bs-me" : null }, seatName(s, ctx)),
      el("td", {}, SIDES[s % 2]), el("td", {}, bid),
      el("td", { class: "bs-n" }, playing ? (s === view.sitting_out ? "–" : view.tricks_won[s]) : ""),
      el("td", { class: "bs-note" }, notes.join(", "))));
  }
  const heads = ["", "team", "bidding", playing ? "tricks" : "", ""];
  return el("table", {}, el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", {}, h)))),
            el("tbody", {}, ...rows));
}

function highHolders(view) {
  const out = [];
  for (let i = 0; i < 4; i++) {
    const s = (view.dealer + 1 + i) % 4;
    const b = view.bids[s];
    if (!b) continue;
    const p = b.split(" ");
    if ((p[0] === "BID" || p[0] === "MIT") && Number(p[1]) === view.high) out.push([s, p[0]]);
  }
  return out;
}

/** The bidding state, and why a choice is missing from the buttons (rules §6.3, §6.4). */
function biddingLines(view, r, ctx, box) {
  box.append(el("div", {}, view.high
    ? `High number: ${view.high} — ` + highHolders(view).map(([s, verb]) =>
        seatName(s, ctx) + (verb === "MIT" ? " (mit)" : "")).join(", ") + "."
    : "Nobody has bid a number yet.",
    el("span", { class: "bs-note" }, " A number is how many trumps you would hold with a suit " +
       "you keep to yourself (rules §6.2).")));
  if (view.to_act !== view.seat || !view.hand) return;
  const h = view.hand;
  const legal = new Set(view.legal);
  const jacks = h.filter((c) => c[0] === "J").length;
  const notes = [];
  const anyNumber = view.legal.some((a) => a.startsWith("BID ") || a.startsWith("MIT "));
  if (jacks === 0) notes.push("You hold no jack: you can only pass (rules §6.3).");
  else if (jacks === 4 && legal.has("PASS") && !anyNumber) {
    notes.push("You hold all four jacks: you may not bid a number (rules §6.3); pass" +
               (legal.has("BIG_SOLO") ? ", or bid a Big Solo." : "."));
  } else if (!legal.has("PASS")) {
    notes.push(`PASS is not offered: you hold ${plural(jacks, "jack")} and nobody has bid a ` +
               "number yet, so you must bid (rules §6.3).");
  }
  if (h.includes("JC") && !legal.has("SMALL_SOLO") && !legal.has("BIG_SOLO") && view.first_deal &&
      r.no_solo_in_first_deal) {
    notes.push("You hold the jack of clubs, but no Solo may be bid in the first deal of a game " +
               "(rules §6.5).");
  }
  if (view.high && anyNumber) {
    for (const s of ["C", "S", "H", "D"]) {
      const hold = holding(h, s);
      if (hold.length === view.high && !legal.has(`MIT ${view.high} ${s}`)) {
        const low = hold.reduce((a, c) => (strength(c) < strength(a) ? c : a));
        notes.push(`mit ${view.high} with ${SUIT_SYMBOL[s]} is not offered: your lowest trump ` +
                   `${actionText(low)} could not win the tie (chance rule, rules §6.4).`);
      }
    }
  }
  for (const n of notes) box.append(el("div", { class: "bs-warn" }, n));
}

function exchangeLines(view, r, ctx, box) {
  const soloist = view.declarer;
  if (view.phase === "exchange") {
    if (soloist === view.seat) {
      box.append(el("div", { class: "bs-warn" }, `Small Solo exchange (rules §7.2.2): give your ` +
        `partner ${seatName(view.seat ^ 2, ctx)} one card — a jack goes face up, any other card ` +
        "face down. He returns one card from the eight he was dealt."));
    } else if (view.seat === (soloist ^ 2)) {
      box.append(el("div", { class: "bs-warn" }, view.given
        ? el("span", {}, `${seatName(soloist, ctx)} gave you `, cardSpan(view.given), " face up. ")
        : `${seatName(soloist, ctx)} gave you a card face down (you may not look at it). `,
        "Return one card from your original eight; then you lay your hand down and sit out " +
        "(rules §7.2.2–§7.2.3)."));
    } else {
      box.append(el("div", {}, `${seatName(soloist, ctx)} and ${seatName(soloist ^ 2, ctx)} swap ` +
                    "a card (Small Solo, rules §7.2.2)."));
    }
  }
  if (view.given && view.phase !== "exchange") {
    box.append(el("div", { class: "bs-note" }, `${seatName(soloist, ctx)} gave `,
                  cardSpan(view.given), ` to ${seatName(soloist ^ 2, ctx)}`,
                  view.returned ? el("span", {}, " and got ", cardSpan(view.returned), " back") : "", "."));
  } else if (view.returned && view.phase !== "exchange") {
    box.append(el("div", { class: "bs-note" }, `${seatName(soloist ^ 2, ctx)} returned `,
                  cardSpan(view.returned), ` to ${seatName(soloist, ctx)}.`));
  }
}

export function info(view, ctx) {
  ensureBsStyle();
  view = seated(view);
  const r = rules(ctx);
  const box = el("div", { class: "bs-info" });
  // this deal's place in its game: count back from the view's deal number to the last game end
  const earlier = ctx.deals.filter((d) => d.number < view.deal_number);
  const ends = earlier.filter((d) => d.sheet.over);
  const start = ends.length ? ends[ends.length - 1].number + 1 : 0;
  box.append(el("div", {}, el("b", {}, `Game ${ends.length + 1} · deal ${view.deal_number - start + 1}`),
                ` · dealer ${seatName(view.dealer, ctx)} · first to speak: ` +
                seatName((view.dealer + 1) % 4, ctx)));
  box.append(el("div", {}, el("b", {}, "Teams: "), `A = ${members(0, ctx)} · B = ${members(1, ctx)}`));
  const sh = view.sheet;
  if (sh) {
    box.append(el("div", {}, el("b", {}, "Marks: "),
      `A ${sh.marks[0]} · B ${sh.marks[1]} (first to ${r.target_marks} wins the game)`,
      sh.games && (sh.games[0] || sh.games[1]) ? ` · games won: A ${sh.games[0]}, B ${sh.games[1]}` : ""));
  }
  box.append(chalkLine(view, r, ctx));
  if (view.first_deal && r.no_solo_in_first_deal) {
    box.append(el("div", { class: "bs-note" }, "First deal of the game: no Solo may be bid (rules §6.5)."));
  }
  box.append(el("div", {}, contractNode(view, ctx)));
  box.append(seatsTable(view, ctx));
  if (view.tie_named && view.tie_named.length) {
    box.append(el("div", {}, `Tie at ${view.high}, settled by the lowest trumps (rules §6.7): ` +
      view.tie_named.map(([s, named]) => {
        const you = s === ctx.mySeat; // "You name" / "Seat 1 names"
        return named !== null ? `${seatName(s, ctx)} name${you ? "" : "s"} ${namedText(named)}`
                              : `${seatName(s, ctx)} concede${you ? "" : "s"}`;
      }).join(", ") + "."));
  }
  if (view.phase === "bid") biddingLines(view, r, ctx, box);
  if (view.phase === "tie" && view.to_act === view.seat) {
    box.append(el("div", { class: "bs-warn" }, `You and your partner ${seatName(view.seat ^ 2, ctx)} ` +
      `are tied at ${view.high}. You spoke first, so you decide who declares; nothing else may be ` +
      "said (rules §6.7)."));
  } else if (view.phase === "tie") {
    box.append(el("div", {}, `Partners ${seatName(view.to_act, ctx)} and ${seatName(view.to_act ^ 2, ctx)} ` +
      `are tied at ${view.high}; ${seatName(view.to_act, ctx)} spoke first and decides who declares ` +
      "(rules §6.7)."));
  }
  if (view.phase === "trump" && view.to_act === view.seat) {
    box.append(el("div", {}, `Your ${CONTRACT_NAMES[view.contract]}: name any suit as trumps; the ` +
                  "four jacks stay the top trumps (rules §7.2.1)."));
  }
  exchangeLines(view, r, ctx, box);
  if (view.phase === "play" || view.phase === "over") {
    if ((view.contract === "small_solo" || view.contract === "big_solo") && view.declarer !== null) {
      const value = view.contract === "big_solo" ? r.solo_value_big : r.solo_value_small;
      box.append(el("div", { class: "bs-chalk" }, `${seatName(view.declarer, ctx)} must win every ` +
        `trick (${value} marks); ${seatName(view.sitting_out, ctx)} sits out (rules §7.2).`));
    }
    box.append(el("div", {}, el("b", {}, "Card points: "),
      `A ${view.card_points[0]} · B ${view.card_points[1]} (of 120)`));
    if (view.phase === "play") {
      const n = view.tricks.length + 1;
      box.append(el("div", {}, `Trick ${n} of 8`,
        view.current_trick.length ? "" : ` · ${seatName(view.to_act, ctx)} to lead`));
    }
  }
  return box;
}

// -- the end of a deal ---------------------------------------------------------------------------

/** Why `side` scored `marks` (rules §9.2, §9.3, §11), as the terminal explains it. */
function whyLines(deal, entry, r, ctx) {
  const res = deal.result;
  const pts = res.card_points;
  const side = res.score[0] ? 0 : 1;
  const marks = res.score[side];
  const tr = [res.tricks[0] + res.tricks[2], res.tricks[1] + res.tricks[3]];
  const gets = `team ${SIDES[side]} scores ${plural(marks, "mark")}`;
  const out = [];
  if (res.contract === "small_solo" || res.contract === "big_solo") {
    const d = res.declarer;
    const name = CONTRACT_NAMES[res.contract];
    out.push(side === d % 2
      ? `${seatName(d, ctx)} won every trick: the ${name} is made, so ${gets} (rules §9.3).`
      : `${seatName(d, ctx)} lost a trick: the ${name} failed, so ${gets} (rules §9.3).`);
    if (r.solo_decides_game && res.contract === "big_solo") {
      out.push("A Big Solo decides the whole game here (rules §11).");
    }
    return out;
  }
  if (entry.firstDeal && r.first_deal_rule === "sixtyOne") {
    out.push(pts[0] === pts[1]
      ? "60–60 in the first deal: the team that did not make trumps gets 1 mark (rules §11)."
      : `First deal of the game: team ${SIDES[side]} has ${pts[side]} ≥ 61 card points (rules §11).`);
  } else {
    let chalk = entry.chalkBefore === null ? null : SIDES.indexOf(entry.chalkBefore);
    if (entry.firstDeal) {
      const holder = jcHolder(deal.tricks, res.contract, res.declarer);
      if (holder !== null) {
        chalk = holder % 2;
        out.push(`First deal of the game: ${seatName(holder, ctx)} was dealt J♣, so team ` +
                 `${SIDES[chalk]} had the chalk (rules §9.1).`);
      }
    }
    if (chalk !== null && chalk === side) {
      out.push(`Team ${SIDES[chalk]} had the chalk and needed ${r.need}: it took ${pts[chalk]}, ` +
               "so it keeps the chalk (rules §9.2).");
    } else if (chalk !== null) {
      out.push(`Team ${SIDES[chalk]} had the chalk but took only ${pts[chalk]} (< ${r.need}): ` +
               `team ${SIDES[side]}, with ${pts[side]} ≥ ${r.other}, takes it (rules §9.2).`);
    }
  }
  if (tr[side] === 8) out.push(`All 8 tricks: Schwarz, ${gets}.`);
  else if (pts[side] >= r.schneider_threshold) {
    out.push(`${pts[side]} ≥ ${r.schneider_threshold}: Schneider, ${gets}.`);
  } else out.push(`So ${gets}.`);
  return out;
}

export function dealSummary(deal, ctx) {
  ensureBsStyle();
  const r = rules(ctx);
  const res = deal.result;
  const games = gamesOf(ctx);
  let entry = null, gameNo = 0, dealNo = 0;
  games.forEach((g, gi) => g.deals.forEach((e, di) => {
    if (e.deal.number === deal.number) { entry = e; gameNo = gi + 1; dealNo = di + 1; }
  }));
  entry = entry || { deal, before: [0, 0], chalkBefore: null, firstDeal: true };
  const box = el("div", { class: "bs-summary" },
                 el("h3", {}, `Game ${gameNo} · deal ${dealNo} — result`));
  if (res.contract === "throw_in") {
    box.append(el("div", {}, "Everybody passed: the deal is thrown in. No marks; the chalk and " +
                  "the first-deal rule stay as they were, and the next player deals (rules §6.6, §9.4)."));
    return box;
  }
  const contract = res.contract === "ordinary"
    ? el("div", {}, "Trumps ", suitSpan(res.trump), ` · declared by ${seatName(res.declarer, ctx)} ` +
         `(team ${SIDES[res.declarer % 2]}${deal.final.high ? `, bid ${deal.final.high}` : ""})`)
    : el("div", {}, `${CONTRACT_NAMES[res.contract]} by ${seatName(res.declarer, ctx)} · trumps `,
         suitSpan(res.trump));
  box.append(contract);
  const tr = [res.tricks[0] + res.tricks[2], res.tricks[1] + res.tricks[3]];
  box.append(el("div", {}, el("b", {}, "Card points: "),
    `A ${res.card_points[0]} in ${plural(tr[0], "trick")} · B ${res.card_points[1]} in ` +
    `${plural(tr[1], "trick")}`));
  const side = res.score[0] ? 0 : 1;
  const mine = mySide(ctx);
  for (const line of whyLines(deal, entry, r, ctx)) {
    box.append(el("div", { class: mine === null ? "bs-good" : mine === side ? "bs-good" : "bs-bad" }, line));
  }
  const sh = deal.sheet;
  box.append(el("div", {}, el("b", {}, "Marks: "), `A ${entry.before[0]} → ${sh.marks[0]} · ` +
                `B ${entry.before[1]} → ${sh.marks[1]} (first to ${r.target_marks})`,
                sh.chalk ? el("span", { class: "bs-chalk" }, ` · chalk: team ${sh.chalk}`) : ""));
  if (sh.over) {
    const w = SIDES.indexOf(sh.winner[0]);
    let line = `Team ${SIDES[w]} (${members(w, ctx)}) wins the game ${sh.marks[w]} : ${sh.marks[1 - w]}!`;
    if (mine !== null) line += mine === w ? " You and your partner win!" : " Your opponents win.";
    box.append(el("div", { class: mine === null || mine === w ? "bs-good" : "bs-bad" }, line));
    box.append(el("div", { class: "bs-note" }, `Games won: A ${sh.games[0]}, B ${sh.games[1]}. ` +
                  "A new game starts at 0 : 0; the partnerships stay."));
  }
  return box;
}

// -- actions and the hand ----------------------------------------------------------------------------

export function actionLabel(text, view) {
  // no ctx here: the game string states the solo values when not the engine's 8 and 12
  const given = gameOptions(view && view.game);
  const r = { solo_value_small: given.solo_value_small ?? 8, solo_value_big: given.solo_value_big ?? 12 };
  if (text === "PASS") return "Pass";
  const nb = /^(BID|MIT) (\d+) ([CSHD])$/.exec(text);
  if (nb) return `${nb[1] === "BID" ? "Bid" : "Mit"} ${nb[2]} with ${SUIT_SYMBOL[nb[3]]}`;
  if (text === "SMALL_SOLO") return `Small Solo (${r.solo_value_small})`;
  if (text === "BIG_SOLO") return `Big Solo (${r.solo_value_big})`;
  if (text === "TIE_SELF") return "I declare";
  if (text === "TIE_PARTNER") return "My partner declares";
  const t = /^TRUMP ([CSHD])$/.exec(text);
  if (t) return `${SUIT_SYMBOL[t[1]]} ${SUIT_NAME[t[1]]} trumps`;
  const gr = /^(GIVE|RETURN) (\S+)$/.exec(text);
  if (gr) return `${gr[1] === "GIVE" ? "Give" : "Return"} ${actionText(gr[2])}`;
  return actionText(text);
}

/**
 * Trumps first in trump order (J♣ J♠ J♥ J♦ A 10 K Q 9 8 7) once trumps are known, else the jacks
 * first; then each other suit A 10 K Q 9 8 7, black and red alternating (as the terminal).
 */
export function handOrder(cards, view) {
  const trump = view ? view.trump : null;
  const suits = sideSuits(trump);
  const key = (c) => {
    const j = JACKS.indexOf(c);
    if (j >= 0) return j;
    if (trump && c[1] === trump) return 4 + PLAIN_RANKS.indexOf(c[0]);
    return 20 + suits.indexOf(c[1]) * 10 + PLAIN_RANKS.indexOf(c[0]);
  };
  return [...(cards || [])].sort((a, b) => key(a) - key(b));
}
