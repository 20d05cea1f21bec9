// The table drawing shared by the table page and the replay viewer: where each seat sits,
// the seat plates, the trick on the felt, lists of finished tricks, the winners' line, and a
// guard around the per-game modules.  Everything drawn comes from a view (web_contract.md);
// nothing here decides what is legal.
import { el, cardText, isRed, joinNodes, SUIT_SYMBOL, suitName } from "./games/common.js";
import { cardFace, cardBack } from "./cards.js";
import { t } from "./i18n.js";

/** Seat name as people read it: "You" for the viewer's own seat, else "Seat N". */
export function seatName(seat, mySeat) {
  return seat === mySeat ? t("web.seat.you") : t("web.seat.n", { n: seat });
}

/** Four players in partnerships (CONFORMANCE.md §1: side A = seats 0 and 2, B = 1 and 3);
 *  Romanian Whist is the one game where everybody plays for himself at four. */
export function isPartnership(view) {
  return view.players === 4 && gameId(view.game) !== "romanian-whist";
}

/** "sjavs(players=3)" -> "sjavs". */
export function gameId(game) {
  return String(game).split("(")[0];
}

/**
 * Where each seat sits on the felt: the seat at the bottom is `bottom` (the viewer, or seat
 * 0 for a spectator); the others follow clockwise (CONFORMANCE.md §1: seat s+1 sits at s's
 * left), so with four players the partner is opposite.  Returns per seat its direction from
 * the centre (dx, dy: a unit vector, y downwards); style.css turns it into places for the
 * plate and for the seat's card in the trick, with distances that suit the screen size.
 */
export function seatSpots(players, bottom) {
  const spots = [];
  for (let seat = 0; seat < players; seat++) {
    const k = (seat - bottom + players) % players;
    // 90° is straight down; clockwise round the table goes bottom -> left -> top -> right.
    const a = ((90 + (k * 360) / players) * Math.PI) / 180;
    const dx = Math.round(Math.cos(a) * 1000) / 1000, dy = Math.round(Math.sin(a) * 1000) / 1000;
    spots.push({
      seat, k, dx, dy,
      style: `--dx:${dx};--dy:${dy}`,
      side: k === 0 ? "bottom" : Math.abs(dx) < 0.35 ? "top" : dx < 0 ? "left" : "right",
    });
  }
  return spots;
}

/** Tricks taken per seat this deal, from the view's own counts: `tricks_won` per seat, else
 *  Brus `trick_counts` per side (partners share theirs).  null where the view has neither. */
export function tricksTaken(view) {
  if (Array.isArray(view.tricks_won) && view.tricks_won.length === view.players) {
    return view.tricks_won.map((n) => ({ n, shared: false }));
  }
  if (Array.isArray(view.trick_counts)) {
    const counts = view.trick_counts;
    if (counts.length === view.players) return counts.map((n) => ({ n, shared: false }));
    if (counts.length === 2 && view.players === 4) {
      return Array.from({ length: 4 }, (_, s) => ({ n: counts[s % 2], shared: true }));
    }
  }
  return null;
}

// The bots of the server's list (src/stikk/server/catalogue.py BOTS): spec -> web.bot.<id>.
const BOT_IDS = {
  random: "random", heuristic: "heuristic", "ismcts:iters=200": "ismcts_quick", ismcts: "ismcts",
  "expert:time=1": "expert",
};

/** A seat kind's label: "Human", a bot's ("IS-MCTS (searches longer ...)"); for a bot this
 *  page does not know, the server's English label from /api/games, else "Bot: spec". */
export function kindLabel(kind, botLabels) {
  if (kind === "human") return t("web.kind.human");
  if (BOT_IDS[kind]) return t(`web.bot.${BOT_IDS[kind]}`);
  return (botLabels && botLabels[kind]) || t("web.kind.bot", { spec: kind });
}

/** The kind in a word or two, for the small seat plates: "Heuristic". */
export function shortKind(kind, botLabels) {
  if (BOT_IDS[kind]) return t(`web.bot.${BOT_IDS[kind]}_name`);
  return kindLabel(kind, botLabels).split(" (")[0];
}

/** Cards as a row of faces (a null code draws a back); `cls` sizes them (see style.css). */
export function cardRow(codes, cls = "small") {
  const row = el("div", { class: `card-row ${cls}` });
  for (const c of codes) {
    const card = c === null ? cardBack() : cardFace(c);
    if (c !== null) card.dataset.card = c; // one data-card per card shown
    row.append(card);
  }
  return row;
}

/**
 * The seat plates on the felt.  opts: {view, spots, mySeat, seatInfo (SEAT_INFO list or
 * null), kinds (seat kinds), botLabels}.
 */
export function drawSeats(layer, opts) {
  const { view, spots, mySeat, seatInfo, kinds, botLabels } = opts;
  const taken = tricksTaken(view);
  const partnership = isPartnership(view);
  const partnerOf = mySeat === null || mySeat === undefined ? null : (mySeat + 2) % 4;
  layer.replaceChildren();
  for (const spot of spots) {
    const s = spot.seat;
    const info = seatInfo ? seatInfo[s] : null;
    const kind = info ? info.kind : kinds ? kinds[s] : null;
    const plate = el("div", {
      class: `seat seat-${spot.side}` + (s === mySeat ? " me" : "") +
             (view.to_act === s ? " to-act" : "") + (view.dealer === s ? " dealer" : ""),
      "data-testid": `seat-${s}`, "data-seat": s,
      style: spot.style,
    });
    const name = el("div", { class: "seat-name" }, seatName(s, mySeat));
    if (view.dealer === s) {
      name.append(el("span", { class: "badge dealer-mark", title: t("web.seat.dealer") }, t("web.seat.dealer_mark")));
    }
    if (partnership && s === partnerOf && s !== mySeat) name.append(el("span", { class: "badge partner" }, t("web.seat.partner")));
    if (partnership && (mySeat === null || mySeat === undefined)) {
      name.append(el("span", { class: "badge side", title: t("web.seat.side") }, s % 2 === 0 ? "A" : "B"));
    }
    plate.append(name);
    // Second line: who plays the seat (and, for a person, whether they are there).
    const who = el("div", { class: "seat-kind", title: kind ? kindLabel(kind, botLabels) : "" });
    // Your own plate says only what others see of you when it is news: away, a stand-in.
    if (kind && s !== mySeat) who.append(shortKind(kind, botLabels));
    if (info && info.kind === "human" && (s !== mySeat || info.standin || !info.connected)) {
      if (who.childNodes.length) who.append(" · ");
      const away = t(info.standin ? "web.seat.standin" : info.connected ? "web.seat.connected" : "web.seat.away");
      who.append(el("span", { class: `presence ${info.standin ? "standin" : info.connected ? "on" : "off"}` }, away));
    }
    if (who.childNodes.length) plate.append(who);
    // Third line: tricks taken, cards held (where the view tells), whose turn.
    const facts = el("div", { class: "seat-facts" });
    const parts = [];
    if (taken) parts.push(t(taken[s].shared ? "web.seat.tricks_side" : "web.seat.tricks", { n: taken[s].n }));
    if (Array.isArray(view.hand_sizes)) parts.push(t("web.seat.cards", { n: view.hand_sizes[s] }));
    for (const p of parts) facts.append(el("span", { class: "fact" }, p));
    if (view.to_act === s) facts.append(el("span", { class: "turn-mark" }, t(s === mySeat ? "web.seat.your_turn" : "web.seat.to_play")));
    if (facts.childNodes.length) plate.append(facts);
    layer.append(plate);
  }
}

/** The cards of one trick on the felt, each by its player's spot, the leader's marked;
 *  opts.winner marks the card of the seat that took a finished trick. */
export function drawTrick(layer, plays, spots, opts = {}) {
  layer.replaceChildren();
  plays.forEach(([seat, code], i) => {
    const spot = spots[seat];
    const pile = el("div", {
      class: "trick-card" + (i === 0 ? " leader" : "") + (opts.winner === seat ? " winner" : "") +
             (opts.arriving && opts.arriving.has(seat) ? " arriving" : ""),
      style: `${spot.style};z-index:${i + 1}`,
      "data-seat": seat, "data-cards": code,
    });
    for (const c of code.split("+")) {
      const card = cardFace(c);
      card.dataset.card = c;
      pile.append(card);
    }
    if (i === 0) pile.append(el("span", { class: "lead-tag" }, t("web.trick.lead")));
    layer.append(pile);
  });
}

// -- what lies on the felt besides the trick (issue 20 §2): the explainer's felt items ---------
// The table's own things (trumps, the turned card, chosen suits, table cards, exposed and
// dead cards, the stock) lie along the felt's top edge; a seat's piles along the edge nearest
// that seat: the bottom one for the seat at the bottom (the viewer), else the top one.

const FELT_CAPTION = {
  trumps: "web.felt.trumps", turned: "web.felt.turned", suits: "web.felt.suits",
  table_cards: "web.felt.table_cards", exposed: "web.felt.exposed", dead: "web.felt.dead",
  stock: "web.felt.stock",
};

/** A card on the felt: its face (data-card) or, when face down, its back. */
function feltCard(code) {
  if (code === null) return cardBack();
  const face = cardFace(code);
  face.dataset.card = code;
  return face;
}

/** One felt item: a caption (none for a pile: its group has one), then its suits, cards or
 *  heap; the explainer's words are the item's accessible name and tooltip.  `cardHook(code,
 *  node)` may put something else (a button) in the place of a face-up card. */
export function feltItemNode(item, cardHook) {
  const words = item.label.text;
  const node = el("div", { class: `felt-item kind-${item.kind}`, role: "group", "aria-label": words,
                           title: words, "data-kind": item.kind, "data-testid": `felt-${item.kind}` });
  if (FELT_CAPTION[item.kind]) node.append(el("div", { class: "felt-caption", "aria-hidden": "true" }, t(FELT_CAPTION[item.kind])));
  const body = el("div", { class: "felt-cards" });
  const named = item.kind === "trumps" || item.kind === "suits";  // a suit, not a card
  for (const s of named ? item.suits : []) {
    body.append(el("span", { class: `felt-suit card-text ${isRed(s) ? "red" : "black"}`, role: "img",
                             "aria-label": suitName(s) }, SUIT_SYMBOL[s] ?? s));
  }
  if (!named) {
    for (const code of item.cards) {
      const card = feltCard(code);
      body.append(code !== null && cardHook ? cardHook(code, card) : card);
    }
  }
  if (item.count !== null && item.count !== undefined) {
    if (item.count > 0) body.append(cardBack());
    body.append(el("span", { class: "felt-count" }, `×${item.count}`));
  }
  if (item.kind === "pile" && item.cards.length === 0) body.append(el("span", { class: "felt-empty" }));
  if (!body.childNodes.length) body.append(msgNode(item.label, "span"));
  node.append(body);
  return node;
}

/**
 * The felt items of a view into the felt's two edges (`top`, `bottom`): the table's along the
 * top, each seat's piles grouped under "Your piles" / "Piles of Seat 1" at the edge its seat
 * sits nearest (spots: seatSpots()).
 */
export function drawFelt(top, bottom, items, spots, mySeat, cardHook = null) {
  top.replaceChildren();
  bottom.replaceChildren();
  const bySeat = new Map();
  for (const item of items ?? []) {
    if (item.seat === null || item.seat === undefined) {
      top.append(feltItemNode(item, cardHook));
      continue;
    }
    if (!bySeat.has(item.seat)) bySeat.set(item.seat, []);
    bySeat.get(item.seat).push(item);
  }
  for (const [seat, list] of bySeat) {
    const caption = seat === mySeat ? t("web.felt.piles_yours") : t("web.felt.piles_of", { seat: seatName(seat, mySeat) });
    const group = el("div", { class: "felt-seat", role: "group", "aria-label": caption, "data-seat": seat,
                              "data-testid": `felt-seat-${seat}` },
      el("div", { class: "felt-caption", "aria-hidden": "true" }, caption),
      el("div", { class: "felt-piles" }, ...list.map((item) => feltItemNode(item, seat === mySeat ? cardHook : null))));
    (spots[seat] && spots[seat].side === "bottom" ? bottom : top).append(group);
  }
}

/** The felt's caption over a trick in progress: "You led", "Seat 2 led". */
export function ledText(seat, mySeat) {
  return seat === mySeat ? t("web.trick.you_led") : t("web.trick.seat_led", { seat: seatName(seat, mySeat) });
}

/** The caption over a finished trick: "You took the trick", "Seat 2 took the trick". */
export function tookText(seat, mySeat) {
  return seat === mySeat ? t("web.trick.you_took") : t("web.trick.seat_took", { seat: seatName(seat, mySeat) });
}

/** A finished trick as one line: "Seat 1 led: 7♣ · You 9♣ · ...; won by Seat 2". */
export function trickLine(trick, mySeat, number) {
  const line = el("li", { class: "trick-line" });
  if (number !== undefined) line.append(el("span", { class: "trick-no" }, `${number}.`));
  trick.plays.forEach(([seat, code], i) => {
    const who = el("span", { class: "who" + (seat === trick.winner ? " won" : "") },
                   i === 0 ? t("web.trick.who_lead", { seat: seatName(seat, mySeat) }) : seatName(seat, mySeat));
    const card = el("span", { class: `card-text ${isRed(code.split("+")[0]) ? "red" : "black"}` }, cardText(code));
    line.append(el("span", { class: "play" }, who, " ", card));
  });
  if (trick.winner !== null && trick.winner !== undefined) {
    line.append(el("span", { class: "trick-winner" }, `→ ${seatName(trick.winner, mySeat)}`));
  }
  return line;
}

/** All the tricks of a deal, numbered. */
export function trickList(tricks, mySeat) {
  if (!tricks || tricks.length === 0) return el("p", { class: "muted" }, t("web.trick.none"));
  const list = el("ol", { class: "trick-list" });
  tricks.forEach((t, i) => list.append(trickLine(t, mySeat, i + 1)));
  return list;
}

/** The winners from a sheet's `winner`: seats (numbers), or side names "A"/"B", or seats
 *  named as text ("2", three-player Brus and Sjavs). */
export function winnersText(winner, mySeat) {
  if (!Array.isArray(winner) || winner.length === 0) return t("web.result.none");
  const names = winner.map((w) => {
    if (w === "A") return t("web.result.side_a");
    if (w === "B") return t("web.result.side_b");
    const n = Number(w);
    return Number.isInteger(n) ? seatName(n, mySeat) : String(w);
  });
  const mine = winner.some((w) => w === mySeat || String(w) === String(mySeat) ||
                                  (mySeat !== null && mySeat !== undefined && ((w === "A" && mySeat % 2 === 0) || (w === "B" && mySeat % 2 === 1))));
  if (mine && winner.length === 1 && String(winner[0]) === String(mySeat)) return t("web.result.you_won");
  return t(mine ? "web.result.won_mine" : "web.result.won", { names: names.join(", ") });
}

/** Draw the score sheet with a per-game module function; a failure shows as a short note
 *  instead of breaking the whole table (the modules are separate files written apart from
 *  this page). */
export function guarded(fn) {
  try {
    const out = fn();
    return out instanceof Node ? out : el("div", {}, String(out ?? ""));
  } catch (e) {
    console.error("the score sheet failed", e);
    return el("div", { class: "module-error" }, t("web.sheet.failed", { why: e.message }));
  }
}

/** The text of an action for people: the explainer's label of a legal move (its text as is
 *  for anything else). */
export function labelOf(text, view) {
  return (view && view.explain ? moveLabels(view.explain).get(text) : undefined) ?? text;
}

/** The dialog frame used by the overlays: a title, a body and a row of buttons. */
export function overlay(testid, title, body, buttons) {
  const box = el("div", { class: "overlay", "data-testid": testid, role: "dialog", "aria-modal": "true", "aria-label": title });
  const panel = el("div", { class: "overlay-panel" }, el("h2", {}, title), body);
  panel.append(el("div", { class: "overlay-buttons" }, ...buttons));
  box.append(panel);
  return box;
}

// -- the engine's words (issue 15): every fact, label and score the server's explainer sends ---
// A message is {id, params, section, text}; the page shows its text (cards and suits in their
// colours) and keeps the id and the parameters for a translation.

// Cards ("10♥", "♣") and rules sections ("§6.2", "DK-5.1", "IS-3.4") are each set apart as a
// left-to-right island: inside a right-to-left (Persian) sentence the rank would otherwise
// part from its suit and a section's number turn round.
const PIECES = /((?:10|[AKQJ2-9])?[♣♠♥♦]|(?:§|\b[A-Z]{2}-)\d+(?:\.\d+)*)/u;
const CARD_PIECE = /^(?:10|[AKQJ2-9])?[♣♠♥♦]$/u;

/** A text as nodes: its cards and suit symbols coloured, cards and rules sections each kept
 *  left to right whatever the page's direction. */
export function wordPieces(text) {
  const out = [];
  for (const piece of String(text).split(PIECES)) {
    if (!piece) continue;
    if (CARD_PIECE.test(piece)) {
      out.push(el("span", { class: `card-text ${/[♥♦]/u.test(piece) ? "red" : "black"}` }, piece));
    } else if (PIECES.test(piece)) {
      out.push(el("span", { class: "ref" }, piece));
    } else {
      out.push(piece);
    }
  }
  return out;
}

/** A message as a span: its text (in the page's language) with the cards and suit symbols
 *  coloured. */
export function msgNode(msg, tag = "span") {
  return el(tag, { class: "msg", "data-msg": msg.id }, ...wordPieces(msg.text));
}

/** A cell of a seat table or a score table: a message, a number (with a true minus), a word. */
export function cellNode(cell) {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "object") return msgNode(cell);
  if (typeof cell === "number") return cell < 0 ? `−${-cell}` : String(cell);
  return String(cell);
}

/** The explainer's panel: the deal's title, its fixed facts, the seats, the facts of the
 *  moment and what the seat knows. */
export function panelNode(panel, mySeat) {
  const line = (m, cls) => {
    const node = msgNode(m, "div");
    node.classList.add(cls);
    return node;
  };
  return el("div", { class: "explain-panel", "data-testid": "panel" },
    line(panel.title, "panel-head"),
    ...panel.deal.map((m) => line(m, "deal")),
    panel.seats ? seatTableNode(panel.seats, mySeat) : null,
    ...panel.now.map((m) => line(m, "now")),
    ...panel.knows.map((m) => line(m, "knows")));
}

function seatTableNode(seats, mySeat) {
  // an untitled column's head is a plain cell (a header must say something)
  const head = el("tr", {}, ...seats.head.map((h) => el(h.text ? "th" : "td", {}, h.text)));
  const rows = seats.rows.map((row, s) => el("tr", { class: s === mySeat ? "me" : null, "data-seat": s },
    ...row.map((c, i) => el("td", { class: i === 0 ? "name" : c !== null && typeof c === "object" ? "t" : "n" },
                            cellNode(c)))));
  return el("table", { class: "seat-table" }, el("thead", {}, head), el("tbody", {}, ...rows));
}

/** A finished deal's score in words: a row per side with the cells and the points, under it
 *  how they were made (on a line of its own, so that a phone need not squeeze it), then the
 *  notes. */
export function dealScoreNode(score) {
  const heads = ["", ...score.head.map((h) => h.text), t("web.score.points"), ...score.after_head.map((h) => h.text)];
  const rows = score.sides.flatMap((side) => [
    el("tr", { "data-side": side.side, class: "side-row" },
      el("td", { class: "name" }, side.name),
      ...side.cells.map((c) => el("td", { class: "n" }, cellNode(c))),
      el("td", { class: `n ${side.total > 0 ? "good" : side.total < 0 ? "bad" : ""}` },
         side.total > 0 ? `+${side.total}` : cellNode(side.total)),
      ...side.after.map((c) => el("td", { class: "n" }, cellNode(c)))),
    el("tr", { class: "how-row" },
      el("td", { class: "how", colspan: heads.length },
         ...joinNodes(side.parts.map((p) => msgNode(p.msg)), "; ")))]);
  return el("div", { class: "deal-score", "data-testid": "deal-score" },
    msgNode(score.title, "h3"),
    el("table", { class: "score-table" }, el("thead", {}, el("tr", {}, ...heads.map((h) => el(h ? "th" : "td", {}, h)))),
       el("tbody", {}, ...rows)),
    ...score.notes.map((m) => msgNode(m, "p")));
}

/** The standing and the sheet's notes in words, under the drawing of the sheet. */
export function sheetWords(explain) {
  if (!explain) return [];
  return [explain.standing, ...explain.sheet_notes].filter(Boolean).map((m) => {
    const node = msgNode(m, "p");
    node.classList.add("sheet-note");
    return node;
  });
}

/** The label of each legal action (its text -> the label's text). */
export function moveLabels(explain) {
  const map = new Map();
  for (const m of (explain && explain.moves) || []) map.set(m.action, m.label.text);
  return map;
}
