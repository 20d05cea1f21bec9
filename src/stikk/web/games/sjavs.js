// Sjavs (rules/sjavs.md): the deal beside the table, and the score sheet as it is kept on paper
// (rules §9) — a column per side ("We" / "They") or per player, each counting down from 24; each
// new figure is written on the next line under the last one and the old figure struck through;
// a flag on 6 (on the hook); crosses under the winners of each rubber; pending 60–60 ties.
import { el, svg, cardSpan, suitSpan, actionText, seatName, ensureStyle, gameOptions, SUIT_SYMBOL, SUIT_NAME }
  from "./common.js";

const START = 24;
const HOOK = 6;
const PERMANENT = ["QC", "QS", "JC", "JS", "JH", "JD"]; // rules §2.2, highest first
const PLAIN_SUITS = ["C", "H", "S", "D"]; // black, red, black, red
const RANKS = "AKQT987"; // rules §2.3: the ten below the queen, no jacks
const POINTS = { A: 11, T: 10, K: 4, Q: 3, J: 2 }; // rules §2.1
const TRICKS = { 4: 8, 3: 10, 2: 16 };
const CROSS = "✕";

// -- options and sides ---------------------------------------------------------------------------

/** The options this module needs: the table's, resolved by the server (ctx.options). */
function rules(ctx) {
  const o = ctx.options;
  return {
    n: ctx.view.players,
    suduroyDeal: o.suduroy_deal,
    suduroyTies: o.suduroy_tie_bonus,
    doubleVictory: o.double_victory,
    cutPackets: o.three_player_cut_packets,
  };
}

/** The sheet's columns in drawing order: with four players the viewer's side first. */
function columns(ctx) {
  const n = ctx.view.players;
  if (n !== 4) return [...Array(n).keys()];
  const mine = ctx.mySeat === null || ctx.mySeat === undefined ? 0 : ctx.mySeat % 2;
  return [mine, 1 - mine];
}

function sideOf(seat, n) {
  return n === 4 ? seat % 2 : seat;
}

/** A column's heading: We / They for a seated player, A / B for a spectator, else a seat. */
function colName(c, ctx) {
  if (ctx.view.players !== 4) return seatName(c, ctx);
  if (ctx.mySeat === null || ctx.mySeat === undefined) return "AB"[c];
  return c === ctx.mySeat % 2 ? "We" : "They";
}

/** The seats behind a column, for its sub-heading. */
function colMembers(c, ctx) {
  if (ctx.view.players !== 4) return "";
  return `${seatName(c, ctx)} + ${seatName(c + 2, ctx)}`;
}

function cutWords(cut, r) {
  if (cut) {
    if (r.n === 4) return r.suduroyDeal ? "packets 3-2-3" : "packets of four";
    return `packets ${r.cutPackets}`;
  }
  return r.n === 4 ? "packets of eight" : "packets of ten";
}

function announcementWords(text) {
  if (!text) return "";
  if (text === "PASS") return "pass";
  return text.replace(/^ANNOUNCE /, "").toLowerCase();
}

function trumpRanks(suit) {
  return suit === "H" || suit === "D" ? "A K Q 10 9 8 7" : "A K 10 9 8 7";
}

function pointsOf(cards) {
  return cards.reduce((a, c) => a + (POINTS[c[0]] || 0), 0);
}

/** The tie bonus a scoring game carries (rules §7.1; Suðuroy: 2 if the makers score, else 4). */
function tieBonus(ties, makersScore, r) {
  return ties * (r.suduroyTies && !makersScore ? 4 : 2);
}

function bonusWords(ties, r) {
  return r.suduroyTies ? `${2 * ties} (makers) or ${4 * ties} (opponents)` : `${2 * ties}`;
}

/** The view with `seat` null for a spectator (the engine's public view writes -1). */
function seated(view) {
  return Number.isInteger(view.seat) && view.seat >= 0 ? view : { ...view, seat: null };
}

function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}

// -- styles ----------------------------------------------------------------------------------------

const CSS = `
.sj-info table, .sj-summary table { border-collapse: collapse; }
.sj-info td, .sj-info th, .sj-summary td, .sj-summary th { padding: 2px 6px; text-align: left; }
.sj-summary td.sj-n, .sj-summary th.sj-n, .sj-info td.sj-n { text-align: right; }
.sj-info td:first-child, .sj-summary td:first-child, .sj-piles td { white-space: nowrap; }
.sj-note { color: var(--muted, #666); font-size: 0.9em; }
.sj-me { font-weight: bold; }
.sj-toact { background: var(--highlight, #fff3c4); }
.sj-tie { color: var(--accent2, #8a2c8f); }
.sj-good { color: var(--ok, #1b7a2f); font-weight: bold; }
.sj-bad { color: var(--danger, #b3261e); font-weight: bold; }
.sj-piles td { text-align: center; min-width: 2.6em; }
.sj-sheet { max-width: 460px; margin: 0 auto; }
.sj-sheet svg { width: 100%; height: auto; display: block; background: var(--paper, #fffdf6);
  color: var(--ink, #222); font-family: Georgia, "Times New Roman", serif; }
.sj-sheet .sj-legend { font-size: 11px; color: var(--muted, #666); text-align: center; margin: 4px 0; }
`;

const ensureSjStyle = () => ensureStyle("sj-style", CSS);

// -- the sheet's history, from the finished deals ---------------------------------------------------

/**
 * The rubbers as written on paper: each a list of lines (a scoring game writes the new figures
 * of the columns that scored; a 60–60 tie writes nothing but a note) and, once won, the crosses
 * drawn under the winners.  Redeals write nothing (rules §5.4).
 */
function rubbersOf(ctx) {
  const k = ctx.view.players === 4 ? 2 : ctx.view.players;
  const r = rules(ctx);
  const rubbers = [{ lines: [], crosses: null }];
  let before = { figures: Array(k).fill(START), crosses: Array(k).fill(0), pending_ties: 0 };
  for (const deal of ctx.deals) {
    const res = deal.result;
    if (!res) continue;
    let rubber = rubbers[rubbers.length - 1];
    if (rubber.crosses) {
      rubber = { lines: [], crosses: null };
      rubbers.push(rubber);
    }
    if (res.outcome === "tie") {
      rubber.lines.push({ deal, tie: true, figures: {}, ties: deal.sheet.pending_ties });
    } else if (res.outcome !== "redeal") {
      const figures = {};
      res.score.forEach((v, c) => { if (v) figures[c] = deal.sheet.figures[c]; });
      const value = Math.max(...res.score);
      const ties = before.pending_ties;
      const bonus = ties ? tieBonus(ties, res.outcome === "makers", r) : 0;
      rubber.lines.push({ deal, tie: false, figures, value, bonus });
      if (deal.sheet.over) {
        rubber.crosses = {};
        deal.sheet.crosses.forEach((x, c) => {
          if (x > before.crosses[c]) rubber.crosses[c] = x - before.crosses[c];
        });
      }
    }
    before = deal.sheet;
  }
  // the deal in play after a rubber was won opens the next rubber, every column at 24
  const lastDeal = ctx.deals[ctx.deals.length - 1];
  if (rubbers[rubbers.length - 1].crosses && lastDeal && ctx.view.deal_number > lastDeal.number) {
    rubbers.push({ lines: [], crosses: null });
  }
  return rubbers;
}

// -- the sheet drawing ------------------------------------------------------------------------------

const W = 360; // viewBox width: one unit is one CSS pixel on a 390 px phone
const ROW = 24;

/** A small flag on its pole: a figure of exactly 6 is "on the hook" (rules §9). */
function hookFlag(x, y) {
  return svg("g", { class: "sj-flag" },
    svg("title", {}, "on the hook (exactly 6)"),
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

/** The note beside a line: what was scored, with which trumps and by whose making. */
function lineNote(line, ctx) {
  if (line.tie) return `60–60: next game +2`;
  const res = line.deal.result;
  const maker = seatName(res.maker, ctx).replace("Seat ", "S");
  let note = `−${line.value} · ${SUIT_SYMBOL[res.trump]} ${maker}`;
  if (res.outcome === "makers" &&
      sideTricks(res, res.maker, ctx.view.players) === TRICKS[ctx.view.players]) note += " vol";
  if (line.bonus) note += ` +${line.bonus} tie`;
  return note;
}

function sideTricks(res, maker, n) {
  if (n === 4) return res.tricks[maker] + res.tricks[(maker + 2) % 4];
  return res.tricks[maker];
}

function drawRubber(g, rubber, number, cols, ctx, y0, current, sheetNow) {
  const n = cols.length;
  const left = 26; // deal numbers
  const colW = n === 2 ? 92 : n === 3 ? 70 : 92;
  const noteX = left + n * colW + 8;
  const xOf = (i) => left + colW * i + colW / 2;
  let y = y0;
  g.append(svg("text", { x: 4, y: y + 12, "font-size": 11, fill: "var(--muted, #777)" },
               `Rubber ${number}`));
  y += 18;
  // the heading, double-ruled, and the column rules
  cols.forEach((c, i) => {
    g.append(svg("text", { x: xOf(i), y: y + 14, "text-anchor": "middle", "font-size": 16,
                           "font-weight": "bold", fill: "currentColor" }, colName(c, ctx)));
    const members = colMembers(c, ctx);
    if (members) {
      g.append(svg("text", { x: xOf(i), y: y + 26, "text-anchor": "middle", "font-size": 9,
                             fill: "var(--muted, #777)" }, members));
    }
  });
  const headH = colMembers(cols[0], ctx) ? 30 : 20;
  y += headH;
  g.append(svg("line", { x1: left, y1: y, x2: left + n * colW, y2: y, stroke: "currentColor" }));
  g.append(svg("line", { x1: left, y1: y + 3, x2: left + n * colW, y2: y + 3,
                         stroke: "currentColor" }));
  const top = y;
  y += 6;
  // every figure written, column by column, so the earlier ones can be struck through
  const written = cols.map(() => []);
  cols.forEach((c, i) => written[i].push({ y: y + ROW - 6, value: START }));
  y += ROW;
  for (const line of rubber.lines) {
    g.append(svg("text", { x: 4, y: y + ROW - 7, "font-size": 10, fill: "var(--muted, #888)" },
                 line.deal.number + 1));
    cols.forEach((c, i) => {
      if (c in line.figures) written[i].push({ y: y + ROW - 6, value: line.figures[c] });
    });
    g.append(svg("text", { x: noteX, y: y + ROW - 8, "font-size": 11,
                           fill: line.tie ? "var(--accent2, #8a2c8f)" : "var(--muted, #666)" },
                 lineNote(line, ctx)));
    if (line.tie) {
      g.append(svg("text", { x: left + (n * colW) / 2, y: y + ROW - 8, "text-anchor": "middle",
                             "font-size": 12, fill: "var(--accent2, #8a2c8f)" }, "— 60 : 60 —"));
    }
    y += ROW;
  }
  cols.forEach((c, i) => {
    const list = written[i];
    list.forEach((f, j) => {
      const last = j === list.length - 1;
      const x = xOf(i);
      g.append(svg("text", { x, y: f.y, "text-anchor": "middle", "font-size": 18,
                             "font-weight": last && f.value <= 0 ? "bold" : "normal",
                             fill: "currentColor", opacity: last ? 1 : 0.75 }, num(f.value)));
      if (!last) { // the old figure struck through when the new one is written
        g.append(svg("line", { x1: x - 14, y1: f.y - 4, x2: x + 14, y2: f.y - 7,
                               stroke: "currentColor", "stroke-width": 1.3 }));
      }
      if (last && f.value === HOOK) g.append(hookFlag(x + 16, f.y));
    });
  });
  // the column rule between the sides, from the heading to the last line
  for (let i = 1; i < n; i++) {
    g.append(svg("line", { x1: left + colW * i, y1: top - headH + 2, x2: left + colW * i, y2: y,
                           stroke: "currentColor", "stroke-width": 1 }));
  }
  if (rubber.crosses) {
    g.append(svg("line", { x1: left, y1: y + 2, x2: left + n * colW, y2: y + 2,
                           stroke: "currentColor" }));
    y += 8;
    cols.forEach((c, i) => {
      const k = rubber.crosses[c] || 0;
      for (let j = 0; j < k; j++) {
        g.append(cross(xOf(i) + (j - (k - 1) / 2) * 22, y + 12));
      }
    });
    const winners = cols.filter((c) => rubber.crosses[c]);
    const k = rubber.crosses[winners[0]];
    g.append(svg("text", { x: noteX, y: y + 16, "font-size": 10.5, fill: "var(--ok, #1b7a2f)" },
                 k > 1 ? "double victory" : "rubber won"));
    y += 30;
  } else if (current && sheetNow && sheetNow.pending_ties) {
    const t = sheetNow.pending_ties;
    g.append(svg("text", { x: left, y: y + 14, "font-size": 11, fill: "var(--accent2, #8a2c8f)" },
                 `60–60 tie${t > 1 ? "s" : ""} pending: next scoring game +${bonusWords(t, rules(ctx))}`));
    y += 22;
  }
  return y + 10;
}

export function sheet(ctx) {
  ensureSjStyle();
  const cols = columns(ctx);
  const rubbers = rubbersOf(ctx);
  // crosses and ties as after the last finished deal (a replay's view carries an older sheet)
  const lastDeal = ctx.deals[ctx.deals.length - 1];
  const sh = (lastDeal && lastDeal.sheet) || ctx.view.sheet || {};
  const g = svg("g", {});
  let y = 4;
  rubbers.forEach((rubber, i) => {
    if (i) {
      g.append(svg("line", { x1: 0, y1: y - 6, x2: W, y2: y - 6, stroke: "var(--rule, #c9c2ad)",
                             "stroke-dasharray": "4 3" }));
    }
    y = drawRubber(g, rubber, i + 1, cols, ctx, y, i === rubbers.length - 1, sh);
  });
  // the crosses of the whole match
  const crosses = sh.crosses || cols.map(() => 0);
  const total = cols.map((c) => `${colName(c, ctx)} ${crosses[c] ? CROSS.repeat(crosses[c]) : "0"}`);
  g.append(svg("text", { x: 4, y: y + 14, "font-size": 13, fill: "currentColor" },
               `Crosses: ${total.join(" · ")}`));
  y += 24;
  const root = svg("svg", { viewBox: `0 0 ${W} ${y}`, role: "img",
                            "aria-label": "Sjavs score sheet" }, g);
  return el("div", { class: "sj-sheet" }, root,
            el("div", { class: "sj-legend" },
               "Each column counts down from 24; 0 wins the rubber (a cross). " +
               "⚑ on the hook (exactly 6)."));
}

// -- info: the deal beside the table ----------------------------------------------------------------

function figuresLine(ctx) {
  const sh = ctx.view.sheet;
  if (!sh) return null;
  const cols = columns(ctx);
  const line = el("div", {}, el("b", {}, "Figures: "));
  cols.forEach((c, i) => {
    if (i) line.append(" · ");
    line.append(`${colName(c, ctx)} ${num(sh.figures[c])}`);
    if (sh.figures[c] === HOOK) line.append(el("span", { title: "on the hook (exactly 6)" }, " ⚑"));
  });
  line.append(el("span", { class: "sj-note" }, " (each counts down from 24; 0 wins)"));
  return line;
}

function trumpLine(view, ctx) {
  if (!view.trump) {
    return el("div", {}, "Trumps not named yet", view.maker !== null && view.maker !== undefined ?
      ` (maker ${seatName(view.maker, ctx)}, announced ${announcementWords(view.announcements[view.maker])})` : "");
  }
  return el("div", {}, el("b", {}, "Trumps "), suitSpan(view.trump), ` ${SUIT_NAME[view.trump]}`,
            ` (maker ${seatName(view.maker, ctx)}, announced ` +
            `${announcementWords(view.announcements[view.maker])})`);
}

function permanentLine(view) {
  const line = el("div", { class: "sj-note" }, "Permanent trumps: ");
  PERMANENT.forEach((c, i) => line.append(i ? " " : "", cardSpan(c)));
  if (!view.trump) {
    line.append(", above any trump suit (rules §2.2)");
  } else {
    const count = view.trump === "H" || view.trump === "D" ? 13 : 12;
    line.append(", then ", suitSpan(view.trump), ` ${trumpRanks(view.trump)}: ${count} trumps`);
  }
  return line;
}

function seatsTable(view, ctx) {
  const n = view.players;
  const led = view.current_trick && view.current_trick.length ? view.current_trick[0][0] : null;
  const playing = view.phase === "play" || view.phase === "over";
  const heads = ["", ...(n === 4 ? ["side"] : []), "announced", playing ? "tricks" : "", ""];
  const rows = [];
  for (let s = 0; s < n; s++) {
    const notes = [];
    if (s === view.dealer) notes.push("dealer");
    if (n > 2 && s === (view.dealer - 1 + n) % n && view.cut) {
      notes.push(view.cut === "CUT" ? "cut" : "knocked");
    }
    if (s === view.maker) notes.push("maker");
    if (s === led) notes.push("led");
    if (s === view.to_act) notes.push("◀ to act");
    const said = view.announcements[s];
    const ann = said === null ? (s === view.to_act && view.phase === "announce" ? "?" : "–")
                              : announcementWords(said);
    const cells = [el("td", { class: s === ctx.mySeat ? "sj-me" : null }, seatName(s, ctx))];
    if (n === 4) cells.push(el("td", {}, colName(s % 2, ctx)));
    cells.push(el("td", {}, ann), el("td", { class: "sj-n" }, playing ? view.tricks_won[s] : ""),
               el("td", { class: "sj-note" }, notes.join(", ")));
    rows.push(el("tr", { class: s === view.to_act ? "sj-toact" : null }, ...cells));
  }
  return el("table", {}, el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", {}, h)))),
            el("tbody", {}, ...rows));
}

/** Card points taken so far, per column (public: every trick is face up). */
function pointsSoFar(view, ctx) {
  const n = view.players;
  const k = n === 4 ? 2 : n;
  const pts = Array(k).fill(0);
  for (const t of view.tricks) pts[sideOf(t.winner, n)] += pointsOf(t.plays.map((p) => p[1]));
  return el("div", {}, "Card points taken so far: " +
            columns(ctx).map((c) => `${colName(c, ctx)} ${pts[c]}`).join(" · ") + " (of 120)");
}

/** Three players: the exchange as this seat may know it, its own discards, the set-aside cards. */
function exchangeLines(view, ctx, box) {
  if (view.players !== 3) return;
  const maker = view.maker;
  if (view.phase === "exchange") {
    box.append(el("div", {}, maker === view.seat
      ? "Exchange (rules §10.3): two table cards lie face down; keep your hand, or put one card " +
        "aside and take table card 0 or 1 unseen, or put two aside and take both. The two " +
        "cards out of play count for you at the end (rules §10.4)."
      : `${seatName(maker, ctx)} may now exchange with the two face-down table cards (rules §10.3).`));
  }
  if (view.exchange) {
    const words = view.exchange.split(" ");
    const who = seatName(maker, ctx);
    let line;
    if (words[0] === "EXCHANGE_NONE") {
      line = `${who} kept the hand: both table cards stay face down and count for the maker.`;
    } else if (words[0] === "EXCHANGE_ONE") {
      line = el("span", {}, `${who} put `, words[1] === "??" ? "one card" : cardSpan(words[1]),
                ` aside and took table card ${words[2]}.`);
    } else {
      line = el("span", {}, `${who} put `,
                words[1] === "??" ? "two cards" : el("span", {}, cardSpan(words[1]), " ", cardSpan(words[2])),
                " aside and took both table cards.");
    }
    box.append(el("div", {}, line));
  }
  if (view.discards && view.discards.length) {
    box.append(el("div", { class: "sj-note" }, "Your cards set aside: ",
                  ...view.discards.flatMap((c, i) => [i ? " " : "", cardSpan(c)]),
                  ` (${pointsOf(view.discards)} points, counted for you)`));
  }
  if (view.set_aside) {
    box.append(el("div", {}, "Set aside (counted for the maker, rules §10.4): ",
                  ...view.set_aside.flatMap((c, i) => [i ? " " : "", cardSpan(c)]),
                  ` = ${pointsOf(view.set_aside)} points`));
  }
}

/** Two players: both players' four piles, a face-down card under a face-up one (rules §11). */
function pilesTable(view, ctx) {
  if (!view.piles) return null;
  const me = view.seat === null ? 0 : view.seat;
  const rows = [1 - me, me].map((s) => el("tr", {},
    el("td", { class: s === ctx.mySeat ? "sj-me" : null, style: "text-align:left" }, seatName(s, ctx)),
    ...view.piles[s].map(([up, down]) => el("td", {},
      up ? cardSpan(up) : el("span", { title: down ? "uncovered in this trick: playable from the next" : "empty" },
                               down ? "↑" : "—"),
      down ? el("span", { class: "sj-note", title: "a face-down card lies under it" }, " ▒") : ""))));
  return el("div", {},
    el("table", { class: "sj-piles" },
       el("thead", {}, el("tr", {}, el("th", {}, "piles"), ...[1, 2, 3, 4].map((i) => el("th", {}, i)))),
       el("tbody", {}, ...rows)),
    el("div", { class: "sj-note" },
       "▒ face-down card: turns up when the trick that uncovers it ends (rules §11.4)"));
}

export function info(view, ctx) {
  ensureSjStyle();
  view = seated(view);
  const r = rules(ctx);
  const n = view.players;
  const box = el("div", { class: "sj-info" });
  const rubber = ctx.deals.filter((d) => d.sheet && d.sheet.over).length + 1;
  box.append(el("div", {}, el("b", {}, `Deal ${view.deal_number + 1} · rubber ${rubber}`),
                ` · dealer ${seatName(view.dealer, ctx)}`));
  const fl = figuresLine(ctx);
  if (fl) box.append(fl);
  const ties = view.sheet ? view.sheet.pending_ties : 0;
  if (ties) {
    box.append(el("div", { class: "sj-tie" },
      `60–60 tie${ties > 1 ? "s" : ""} pending: the next scoring game counts ` +
      `${bonusWords(ties, r)} more (rules §7.1)`));
  }
  box.append(trumpLine(view, ctx));
  box.append(permanentLine(view));
  if (n > 2) {
    const rr = (view.dealer - 1 + n) % n;
    box.append(el("div", { class: "sj-note" }, view.cut
      ? `${seatName(rr, ctx)} ${view.cut === "CUT" ? "cut" : "knocked"}: the cards came in ` +
        `${cutWords(view.cut === "CUT", r)}.`
      : `${seatName(rr, ctx)} (the dealer's right) is offered the cut: cut (${cutWords(true, r)}) ` +
        `or knock (${cutWords(false, r)}) (rules §4.2).`));
  } else {
    box.append(el("div", { class: "sj-note" },
      `Two players: four piles each and 8 cards in hand; ${seatName((view.dealer + 1) % 2, ctx)} ` +
      "speaks and leads first (rules §11)."));
  }
  box.append(seatsTable(view, ctx));
  if (view.phase === "announce" && view.to_act === view.seat && view.legal.length === 1) {
    box.append(el("div", { class: "sj-note" }, "Announcing is compulsory: you must announce your " +
                  "longest trump length when it beats the best so far, else pass (rules §5.3)."));
  }
  if (view.phase === "trump" && view.to_act === view.seat) {
    const said = announcementWords(view.announcements[view.seat]).split(" ")[0];
    box.append(el("div", {}, view.legal.length === 1 && view.legal[0] === "TRUMP C"
      ? `You are the maker: you hold ${said} in clubs, so clubs is compulsory (rules §5.4).`
      : `You are the maker: name a suit in which you hold ${said} trumps (rules §5.4).`));
  }
  if (view.phase === "announce" && view.announcements.every((a) => a !== null) && view.maker === null) {
    box.append(el("div", {}, "Nobody announced: the same dealer deals again (rules §5.4)."));
  }
  exchangeLines(view, ctx, box);
  const piles = pilesTable(view, ctx);
  if (piles) box.append(piles);
  if (view.phase === "play" || view.phase === "over") {
    box.append(pointsSoFar(view, ctx));
    const k = view.tricks.length + (view.current_trick.length ? 1 : 0);
    if (view.phase === "play") {
      box.append(el("div", {}, `Trick ${Math.max(k, 1)} of ${TRICKS[n]}`,
        view.current_trick.length ? "" : ` · ${seatName(view.to_act, ctx)} to lead`));
    }
  }
  return box;
}

// -- the end of a deal ----------------------------------------------------------------------------

function outcomeText(res, before, r, ctx) {
  const n = ctx.view.players;
  const total = TRICKS[n];
  const maker = res.maker;
  const mside = sideOf(maker, n);
  const mtricks = sideTricks(res, maker, n);
  const mpoints = res.card_points[mside];
  const clubs = res.trump === "C" ? " (clubs trumps)" : "";
  let why;
  let scorers;
  if (res.outcome === "makers") {
    why = mtricks === total ? `all ${total} tricks (vol)` :
          mpoints >= 90 ? `${mpoints} points (90 or more)` : `${mpoints} points (61–89)`;
    scorers = [mside];
  } else {
    why = mtricks === 0 ? "no trick at all" :
          mpoints >= 31 ? `only ${mpoints} points (31–59)` : `only ${mpoints} points (0–30)`;
    scorers = res.score.map((v, c) => (v ? c : -1)).filter((c) => c >= 0);
  }
  const value = res.score[scorers[0]];
  const ties = before.pending_ties;
  const bonus = ties ? tieBonus(ties, res.outcome === "makers", r) : 0;
  const whoMade = n === 4 ? "The makers" : seatName(maker, ctx);
  const names = scorers.map((c) => colName(c, ctx));
  const each = scorers.length > 1 ? " each" : "";
  // green when the viewer's column scores, red when the others do; a spectator sees it plain
  const mine = ctx.mySeat === null || ctx.mySeat === undefined ? null : sideOf(ctx.mySeat, n);
  const cls = mine === null ? "sj-me" : scorers.includes(mine) ? "sj-good" : "sj-bad";
  return el("div", {}, `${whoMade} took ${why}: `,
    el("span", { class: cls },
       `${names.join(" and ")} score${scorers.length > 1 || ["We", "They", "You"].includes(names[0]) ? "" : "s"} ${value}${each}${clubs}`),
    bonus ? `, including +${bonus} for the 60–60 tie${ties > 1 ? "s" : ""}` : "", " (rules §7).");
}

export function dealSummary(deal, ctx) {
  ensureSjStyle();
  const r = rules(ctx);
  const n = ctx.view.players;
  const res = deal.result;
  const i = ctx.deals.findIndex((d) => d.number === deal.number);
  const k = n === 4 ? 2 : n;
  const before = i > 0 ? ctx.deals[i - 1].sheet
                       : { figures: Array(k).fill(START), crosses: Array(k).fill(0), pending_ties: 0 };
  const beforeFigures = before.over ? Array(k).fill(START) : before.figures;
  const box = el("div", { class: "sj-summary" }, el("h3", {}, `Deal ${deal.number + 1} · result`));
  if (res.outcome === "redeal") {
    box.append(el("div", {}, "Nobody announced: no score, and the same dealer deals again " +
                  "(rules §5.4)."));
    if (before.pending_ties) box.append(el("div", { class: "sj-tie" }, "The pending 60–60 bonus is kept."));
    return box;
  }
  const cols = columns(ctx);
  const mside = sideOf(res.maker, n);
  box.append(el("div", {}, `Maker ${seatName(res.maker, ctx)}` +
                (n === 4 ? ` (${colName(mside, ctx)})` : "") +
                `, announced ${announcementWords(deal.final.announcements[res.maker])}, `, suitSpan(res.trump),
                ` ${SUIT_NAME[res.trump]} trumps`));
  const tricks = Array(k).fill(0);
  res.tricks.forEach((t, s) => { tricks[sideOf(s, n)] += t; });
  const row = (label, f) => el("tr", {}, el("td", {}, label),
                               ...cols.map((c) => el("td", { class: "sj-n" }, f(c))));
  box.append(el("table", {},
    el("thead", {}, el("tr", {}, el("th", {}, ""),
       ...cols.map((c) => el("th", { class: "sj-n" }, colName(c, ctx) + (c === mside ? " (maker)" : ""))))),
    el("tbody", {},
       row("tricks", (c) => tricks[c]),
       row("card points", (c) => res.card_points[c]),
       row("scores", (c) => (res.score[c] ? res.score[c] : "–")),
       row("figure", (c) => (res.score[c] ? `${beforeFigures[c]} → ${num(deal.sheet.figures[c])}`
                                           : num(deal.sheet.figures[c]))))));
  if (n === 3 && res.set_aside) {
    box.append(el("div", {}, "Set aside (counted for the maker, rules §10.4): ",
                  ...res.set_aside.flatMap((c, j) => [j ? " " : "", cardSpan(c)]),
                  ` = ${pointsOf(res.set_aside)} points`));
  }
  if (res.outcome === "tie") {
    box.append(el("div", { class: "sj-tie" }, "60–60: nobody scores; the next scoring game " +
                  `counts ${bonusWords(deal.sheet.pending_ties, r)} more (rules §7.1).`));
  } else {
    box.append(outcomeText(res, before, r, ctx));
  }
  const hook = cols.filter((c) => deal.sheet.figures[c] === HOOK);
  if (hook.length && !deal.sheet.over) {
    box.append(el("div", { class: "sj-tie" }, `⚑ ${hook.map((c) => colName(c, ctx)).join(" and ")} ` +
                  `on the hook (exactly 6).`));
  }
  if (deal.sheet.over) {
    const won = cols.filter((c) => deal.sheet.crosses[c] > before.crosses[c]);
    const x = deal.sheet.crosses[won[0]] - before.crosses[won[0]];
    const names = won.map((c) => colName(c, ctx));
    const plural = won.length > 1 || ["We", "They", "You"].includes(names[0]);
    let line = `${names.join(" and ")} win${plural ? "" : "s"} the rubber: ${CROSS.repeat(x)}`;
    if (x > 1) {
      const losers = cols.filter((c) => !won.includes(c)).map((c) => colName(c, ctx));
      line += ` — a double victory, ${losers.join(" and ")} still on 24 (rules §9)`;
    }
    box.append(el("div", { class: "sj-good" }, line));
    box.append(el("div", { class: "sj-note" }, "A new rubber starts with every column at 24."));
  }
  return box;
}

// -- actions and the hand ---------------------------------------------------------------------------

export function actionLabel(text, view) {
  // no ctx here: the game string states the cut options when not the engine's defaults
  const o = gameOptions(view && view.game);
  const r = { n: view.players, suduroyDeal: o.suduroy_deal === true,
              cutPackets: o.three_player_cut_packets || "3-4-3" };
  if (text === "CUT") return `Cut (${cutWords(true, r)})`;
  if (text === "KNOCK") return `Knock (${cutWords(false, r)})`;
  if (text === "PASS") return "Pass";
  if (text.startsWith("ANNOUNCE ")) return `Announce ${announcementWords(text)}`;
  const t = /^TRUMP ([CSHD])$/.exec(text);
  if (t) return `${SUIT_SYMBOL[t[1]]} ${SUIT_NAME[t[1]]} trumps`;
  // up to 66 exchange buttons (rules §10.3): short labels, the card(s) put aside first
  if (text === "EXCHANGE_NONE") return "Keep my hand (no exchange)";
  const one = /^EXCHANGE_ONE (\S+) ([01])$/.exec(text);
  if (one) return `${actionText(one[1])} for table card ${one[2]}`;
  const two = /^EXCHANGE_TWO (\S+) (\S+)$/.exec(text);
  if (two) return `${actionText(two[1])} ${actionText(two[2])} for both table cards`;
  return actionText(text);
}

/**
 * Trumps first in trump order (Q♣ Q♠ J♣ J♠ J♥ J♦, then the trump suit A K Q 10 9 8 7), then the
 * plain suits ♣ ♥ ♠ ♦ high to low; before trumps are named the permanent trumps lead.  With two
 * players the face-up pile cards (also playable, in view.hand) follow the hand in pile order.
 */
export function handOrder(cards, view) {
  view = view && seated(view);
  const trump = view && view.trump;
  const key = (c) => {
    const p = PERMANENT.indexOf(c);
    if (p >= 0) return p;
    const group = c[1] === trump ? 0 : 1 + PLAIN_SUITS.indexOf(c[1]);
    return 10 + group * 10 + RANKS.indexOf(c[0]);
  };
  const pileCards = [];
  if (view && view.piles && view.seat !== null) {
    for (const [up] of view.piles[view.seat]) if (up) pileCards.push(up);
  }
  const hand = [...(cards || [])].filter((c) => !pileCards.includes(c)).sort((a, b) => key(a) - key(b));
  return [...hand, ...pileCards.filter((c) => (cards || []).includes(c))];
}
