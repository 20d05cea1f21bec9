// The table page: one seat (or a spectator) at one table.  It reads the credential from the
// URL fragment, keeps a websocket open (connection.js) and redraws everything from each
// `view` message.  The browser never decides what is legal: a card or a button can be used
// only when the exact action text is in `view.legal`, and every element that sends an
// action carries that text in data-action (the end-to-end tests click those).
import { gameModule } from "./games/index.js";
import { el, cardText, joinNodes } from "./games/common.js";
import { cardFace, cardName } from "./cards.js";
import { TableConnection, credentialFromHash } from "./connection.js";
import { showPane } from "./tabs.js";
import {
  seatName, seatSpots, drawSeats, drawTrick, trickLine, trickList, winnersText, ledText, tookText,
  guarded, labelOf, overlay, gameId, cardRow, msgNode, panelNode, dealScoreNode, sheetWords, drawFelt,
  wordPieces,
} from "./render.js";
import { lang, loadLanguage, languagePicker, t, tNodes } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");
const cred = credentialFromHash(location.hash);

// Messages from bots can come faster than a person can follow: each view is shown for at
// least this long when several are waiting; a long backlog (a reconnect) jumps to the newest.
const PACE_MS = 300;
const MAX_BACKLOG = 8;

// A finished trick stays on the felt this long before the next view replaces it (the
// player's setting, remembered in this browser), then its cards slide to the winner.
const TRICK_HOLD_KEY = "stikk.trickHold";
const TRICK_HOLD_DEFAULT_MS = 1500;
const TRICK_HOLDS_MS = [0, 500, 1000, 1500, 2000, 3000];
const GATHER_MS = 320;
const motion = () => !window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function trickHold() {
  const saved = localStorage.getItem(TRICK_HOLD_KEY);
  return saved !== null && TRICK_HOLDS_MS.includes(Number(saved)) ? Number(saved) : TRICK_HOLD_DEFAULT_MS;
}

const page = {
  msg: null,          // the last view message drawn
  mod: null,          // the game module
  mySeat: null,
  dealsSeen: null,    // deals.length of the last drawn message (null before the first)
  overShown: false,   // the game-over overlay was opened once already
  pending: false,     // an action was sent and no answer came yet
  sentAfter: 0,       // views received before the action was sent (they do not answer it)
  botLabels: {},      // bot spec -> label, from /api/games (for a bot the page does not know)
  openGroups: new Set(), // verbs whose folded group of buttons the player opened
  picked: new Set(),  // cards picked for an action that names several (issue 20 §3)
  received: 0,        // views received so far (each queued view keeps its number)
  errorAfter: 0,      // an error shown stays until a view received after it is drawn
  queue: [],
  deals: null,        // the finished deals last received (a view message may leave them out)
  lastDraw: 0,
  timer: null,
  holdUntil: 0,       // a finished trick drawn stays until then (performance.now())
  felt: "",           // what the trick layer shows: feltKey() of the last drawn view
  feltTrick: "",      // which trick that is ("deal:index")
  feltPlays: [],      // the plays it shows, to tell which card has just arrived
  gathered: false,    // the finished trick on the felt has slid to its winner
};

const conn = new TableConnection(tableId, cred, {
  view: (msg) => enqueue(msg),
  error: (msg) => showError(msg.message ?? t("web.table.refused")),
  unknown: (msg) => console.warn("stikk: ignoring a message of unknown type", msg),
  status: setStatus,
});

// -- connection state -----------------------------------------------------------------------
function setStatus(state, detail) {
  const node = $('[data-testid="status"]');
  node.dataset.state = state;
  node.textContent = t(`web.status.${state}`);
  if (state === "closed") {
    node.title = detail || t("web.table.refused_link");
    // Refused before anything was shown: no hand, no move box, only the reason.
    if (page.msg === null) {
      document.querySelector('[data-testid="hand"]')?.remove();
      document.querySelector('[data-testid="actions"]')?.remove();
      $("#move-form")?.remove();
    }
  } else {
    node.removeAttribute("title");
  }
}

// -- the queue of views ---------------------------------------------------------------------
function enqueue(msg) {
  // The finished deals come only when they change (a deal ended, or this page just came):
  // a message without them goes with the last ones received.
  if (msg.deals === undefined) msg.deals = page.deals ?? [];
  page.deals = msg.deals;
  page.received += 1;
  page.queue.push({ msg, seq: page.received });
  if (page.queue.length > MAX_BACKLOG) page.queue.splice(0, page.queue.length - 1);
  pump();
}

function pump() {
  if (page.timer || page.queue.length === 0) return;
  const wait = Math.max(page.lastDraw + PACE_MS, page.holdUntil) - performance.now();
  if (wait > 0 && page.msg !== null) {
    page.timer = setTimeout(() => { page.timer = null; pump(); }, wait);
    return;
  }
  // A finished trick about to leave the felt first slides to the seat that won it.
  const next = page.queue[0].msg;
  if (page.msg !== null && page.felt.startsWith("won:") && feltKey(next.view) !== page.felt &&
      motion() && !page.gathered) {
    gather();
    page.gathered = true;
    page.timer = setTimeout(() => { page.timer = null; pump(); }, GATHER_MS);
    return;
  }
  page.gathered = false;
  const { msg, seq } = page.queue.shift();
  page.lastDraw = performance.now();
  if (seq > page.errorAfter) clearError();
  if (seq > page.sentAfter) page.pending = false; // the answer to a sent action, or later
  draw(msg);
  if (page.queue.length) pump();
}

// -- errors -----------------------------------------------------------------------------
function showError(text) {
  const node = $('[data-testid="error"]');
  node.textContent = text;
  node.hidden = false;
  page.errorAfter = page.received;
  page.pending = false;
  if (page.msg) drawMine(page.msg); // buttons back to life: nothing changed at the table
}

function clearError() {
  const node = $('[data-testid="error"]');
  node.textContent = "";
  node.hidden = true;
}

// -- sending --------------------------------------------------------------------------------
/** Send one intent (a legal text from a click, or a typed move); true if it went out. */
function send(action) {
  if (page.pending) return false;
  if (!conn.act(action)) {
    showError(t("web.table.not_sent"));
    return false;
  }
  page.pending = true;
  page.sentAfter = page.received;
  clearPicks();
  if (page.msg) drawMine(page.msg);
  return true;
}

// -- drawing ----------------------------------------------------------------------------------
function ctxOf(msg) {
  return { game: gameId(msg.view.game), view: msg.view, deals: msg.deals ?? [],
           seats: msg.seats ?? [], mySeat: msg.seat, options: msg.options ?? {} };
}

/** A new view from the server: redraw, then the overlays its changes call for. */
function draw(msg) {
  const first = page.msg === null;
  // Cards picked for the old legal actions: forget them when they change.
  if (!first && JSON.stringify(page.msg.view.legal) !== JSON.stringify(msg.view.legal)) clearPicks();
  page.msg = msg;
  page.mySeat = msg.seat;
  if (!page.mod) {
    try {
      page.mod = gameModule(msg.view.game);
    } catch (e) {
      console.error(e);
      page.mod = null;
    }
  }
  paint(msg);
  const ctx = ctxOf(msg);
  // A deal just ended: the server has already dealt the next one, so the summary of the
  // finished deal comes from `deals`, in an overlay over the live table.
  // The deal that ends the game is summed up inside the game-over box, not under it.
  const deals = msg.deals ?? [];
  const ended = !first && page.dealsSeen !== null && deals.length > page.dealsSeen
    ? deals[deals.length - 1] : null;
  page.dealsSeen = deals.length;
  if (msg.over && !page.overShown) {
    page.overShown = true;
    showGameOver(ctx, ended ?? (deals.length ? deals[deals.length - 1] : null));
  } else if (ended) {
    showDealSummary(ended, ctx);
  }
}

/** Everything on the page that follows from one message (no overlays, no state changes). */
function paint(msg) {
  const view = msg.view;
  drawHeader(msg);
  const spots = seatSpots(view.players, msg.seat ?? 0);
  drawSeats($("#seats"), { view, spots, mySeat: msg.seat, seatInfo: msg.seats, botLabels: page.botLabels });
  drawTable(view, spots);
  drawLast(msg);
  drawMine(msg);
  drawSide(view, ctxOf(msg));
}

function drawHeader(msg) {
  const view = msg.view;
  const id = gameId(view.game);
  const title = t(`game.${id}.title`);
  $("#title").textContent = title;
  $("#title").title = view.game;
  $("#rules-link").href = `/rules/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang())}`;
  $("#rules-link").hidden = false;
  document.title = t("web.table.page_title_game", { game: title });
  $("#deal-no").textContent = t("web.table.deal_no", { n: view.deal_number + 1 });
  // Once the game is over the header says so, with its result, for as long as the page is open.
  const over = $("#game-over-line");
  over.hidden = !msg.over;
  if (msg.over) {
    over.replaceChildren(...tNodes("web.table.game_over_line", { result: resultNode(view, msg.seat) }));
    $("#deal-no").textContent = t("web.table.deals_played", { n: (msg.deals ?? []).length });
  }
}

/** What the trick layer shows for a view: the trick in progress, the one just won, or none. */
function feltKey(view) {
  const current = view.current_trick ?? [];
  const tricks = view.tricks ?? [];
  if (current.length > 0) return `playing:${view.deal_number}:${tricks.length}`;
  return tricks.length > 0 ? `won:${view.deal_number}:${tricks.length}` : "";
}

/** The cards of the finished trick slide towards its winner's seat (CSS, .gather). */
function gather() {
  const layer = $("#trick");
  const winner = layer.dataset.winner;
  const spot = winner === undefined ? null : layer.querySelector(`[data-seat="${winner}"]`);
  if (!spot) return;
  layer.style.setProperty("--wx", spot.style.getPropertyValue("--dx"));
  layer.style.setProperty("--wy", spot.style.getPropertyValue("--dy"));
  layer.classList.add("gather");
}

/** The trick in the middle: the one in progress, or, between tricks, the one just won (held
 *  on the felt for the player's trick-hold time when it has just been won); a card that has
 *  just been played comes in from its player's seat. */
function drawTable(view, spots) {
  const layer = $("#trick");
  const caption = $("#trick-caption");
  const current = view.current_trick ?? [];
  const tricks = view.tricks ?? [];
  const key = feltKey(view);
  const plays = current.length > 0 ? current : tricks.length > 0 ? tricks[tricks.length - 1].plays : [];
  // The same trick as drawn before (one card more, or now won): only the new cards arrive.
  const trick = `${view.deal_number}:${current.length > 0 ? tricks.length : tricks.length - 1}`;
  const shown = trick === page.feltTrick ? page.feltPlays : null;
  const arriving = new Set(page.feltTrick === "" ? [] : plays
    .filter(([s, c]) => !(shown ?? []).some(([s2, c2]) => s2 === s && c2 === c)).map(([s]) => s));
  if (key.startsWith("won:") && key !== page.felt && page.feltTrick !== "") {
    page.holdUntil = performance.now() + trickHold();
  }
  page.feltTrick = trick;
  page.felt = key;
  page.feltPlays = plays;
  layer.classList.remove("gather");
  delete layer.dataset.winner;
  if (current.length > 0) {
    drawTrick(layer, current, spots, { arriving: motion() ? arriving : new Set() });
    layer.dataset.complete = "false";
    caption.textContent = ledText(current[0][0], page.mySeat);
  } else if (tricks.length > 0) {
    const last = tricks[tricks.length - 1];
    drawTrick(layer, last.plays, spots, { winner: last.winner, arriving: motion() ? arriving : new Set() });
    layer.dataset.complete = "true";
    const won = last.winner !== null && last.winner !== undefined;
    if (won) layer.dataset.winner = String(last.winner);
    caption.textContent = won ? tookText(last.winner, page.mySeat) : "";
  } else {
    layer.replaceChildren();
    layer.dataset.complete = "false";
    caption.textContent = "";
  }
  const lastBtn = $('[data-testid="last-trick"]');
  lastBtn.disabled = lastTrick() === null;
}

/** view.tricks[-1]; at the start of a deal, the last trick of the deal before. */
function lastTrick() {
  const msg = page.msg;
  if (!msg) return null;
  const tricks = msg.view.tricks ?? [];
  if (tricks.length) return { trick: tricks[tricks.length - 1], title: t("web.table.last_trick") };
  const deals = msg.deals ?? [];
  const prev = deals.length ? deals[deals.length - 1].tricks ?? [] : [];
  if (prev.length) {
    return { trick: prev[prev.length - 1],
             title: t("web.table.last_trick_of_deal", { n: deals[deals.length - 1].number + 1 }) };
  }
  return null;
}

/** The latest action of the deal, as the explainer says it. */
function drawLast(msg) {
  const said = msg.view.explain.history;
  $("#last-action").replaceChildren(said.length ? msgNode(said[said.length - 1]) : "");
}

// -- the viewer's own part: cards to play or to pick, buttons, the move box ---------------------
// Every legal action that names cards can be reached from those cards, wherever they lie (the
// hand, the felt): a card whose one action is to play it alone plays at once; a card of any
// other action (a Brus multiple play or risk, a Sjavs exchange, a Stýrivolt discard or
// exchange) is picked, and the actions naming exactly the picked cards are offered to
// confirm (issue 20 §3).  The buttons below stay the keyboard path to every action.

const CARD_CODE = /^[2-9TJQKA][CSHD]$/;

/** The cards an action names: "PLAY 8S+KH RISK 8S" -> ["8S", "KH"]; "EXCHANGE_ONE 7C 0" ->
 *  ["7C"]; "PASS" -> []. */
function actionCards(action) {
  const tokens = action.trim().split(/\s+/).slice(1).flatMap((tok) => tok.split("+"));
  return [...new Set(tokens.filter((tok) => CARD_CODE.test(tok)))];
}

/** What each card can do now: code -> the legal actions naming it. */
function cardActions(legal) {
  const byCard = new Map();
  for (const a of legal) {
    for (const c of actionCards(a)) {
      if (!byCard.has(c)) byCard.set(c, []);
      byCard.get(c).push(a);
    }
  }
  return byCard;
}

/** A card played by a tap: its only action is to play it alone. */
function playsAtOnce(code, byCard) {
  const acts = byCard.get(code) ?? [];
  return acts.length === 1 && acts[0] === `PLAY ${code}`;
}

/** The legal actions naming exactly the picked cards. */
function pickedActions(legal) {
  const picked = page.picked;
  return legal.filter((a) => {
    const cards = actionCards(a);
    return cards.length === picked.size && cards.every((c) => picked.has(c));
  });
}

/** A card tapped to pick or unpick: added when some action names it with the cards already
 *  picked, else it starts a new pick. */
function togglePick(code, legal) {
  if (page.picked.has(code)) {
    page.picked.delete(code);
  } else {
    const wanted = [...page.picked, code];
    const fits = legal.some((a) => { const cards = actionCards(a); return wanted.every((c) => cards.includes(c)); });
    if (!fits) page.picked.clear();
    page.picked.add(code);
  }
  if (page.msg) drawMine(page.msg);
  document.querySelector(`[data-pick="${code}"]`)?.focus();
}

/** Forget the picked cards; the next drawMine() redraws the cards and the bar from them. */
function clearPicks() {
  page.picked.clear();
}

/** Drop picks that no legal action names any more (the view changed). */
function keepValidPicks(byCard) {
  for (const c of [...page.picked]) if (!byCard.has(c) || playsAtOnce(c, byCard)) page.picked.delete(c);
}

/** The accessible name of a card of the hand: "queen of hearts, trump, Postur". */
function heldName(code, held) {
  let named = cardName(code);
  if (held && held.trump) named = t("web.table.card_trump", { card: named });
  if (held && held.note) named = t("web.table.card_note", { card: named, note: held.note.text });
  return named;
}

/**
 * The control for one card the viewer may use (`face`: its drawing, `held`: the explainer's
 * hand entry or null on the felt): a button that plays it, a toggle that picks it, or, when
 * it can do nothing now, the plain card (`dim`: greyed, while other cards can be played).
 */
function cardControl(code, face, held, ctl) {
  const acts = ctl.byCard.get(code) ?? [];
  const base = held ? "hand-card" : "felt-card";
  const note = held && held.note ? held.note.text : null;
  const marks = held ? cardMarks(held) : [];
  if (acts.length === 0) {
    return el("div", { class: base + (ctl.dim ? " dim" : ""), "data-card": code, title: note }, face, ...marks);
  }
  const named = heldName(code, held);
  if (playsAtOnce(code, ctl.byCard)) {
    const b = el("button", { type: "button", class: `${base} playable`, "data-card": code, "data-action": acts[0],
                             title: note, "aria-label": named }, face, ...marks);
    b.addEventListener("click", () => send(acts[0]));
    return b;
  }
  const picked = page.picked.has(code);
  const b = el("button", { type: "button", class: `${base} playable pickable` + (picked ? " picked" : ""),
                           "data-card": code, "data-pick": code, "aria-pressed": picked ? "true" : "false",
                           title: note, "aria-label": t("web.table.card_pick", { card: named }) }, face, ...marks);
  b.addEventListener("click", () => togglePick(code, ctl.legal));
  return b;
}

/** The marks printed on a card of the hand: a star for a trump, the role's short name. */
function cardMarks(held) {
  const marks = [];
  if (held.trump) marks.push(el("span", { class: "card-mark trump-mark", "aria-hidden": "true" }, "★"));
  if (held.badge) marks.push(el("span", { class: "card-mark card-badge", "aria-hidden": "true" }, held.badge.text));
  return marks.length ? [el("span", { class: "card-marks" }, ...marks)] : [];
}

/** What the marks on the hand's cards mean: "★ trump · Po Postur · Ka Karnifl". */
function handLegend(hand) {
  const items = [];
  const seen = new Set();
  if (hand.some((h) => h.trump)) {
    items.push(el("span", { class: "legend-item" }, el("span", { class: "card-mark trump-mark" }, "★"), " ", t("web.table.legend_trump")));
  }
  for (const h of hand) {
    if (!h.badge || seen.has(h.badge.text)) continue;
    seen.add(h.badge.text);
    items.push(el("span", { class: "legend-item" }, el("span", { class: "card-mark card-badge" }, h.badge.text), " ",
                  h.note ? h.note.text : ""));
  }
  if (!items.length) return null;
  return el("p", { class: "hand-legend", "data-testid": "hand-legend" },
            el("span", { class: "legend-title" }, t("web.table.legend")), " ", ...joinNodes(items, " · "));
}

/** The cards picked and what they can do: one button per action naming exactly them. */
function drawPickBar(legal, view) {
  document.querySelector('[data-testid="pick-bar"]')?.remove();
  if (page.picked.size === 0) return;
  const names = [...page.picked].map(cardText).join(" ");
  const matching = pickedActions(legal);
  const buttons = matching.map((a) => actionButton(a, view));
  const clear = el("button", { type: "button", class: "plain-btn", "data-testid": "pick-clear" }, t("web.pick.clear"));
  clear.addEventListener("click", () => { clearPicks(); if (page.msg) drawMine(page.msg); });
  const bar = el("div", { class: "pick-bar", "data-testid": "pick-bar", role: "group",
                          "aria-label": t("web.pick.title", { cards: names }) },
    el("span", { class: "pick-title" }, t("web.pick.title", { cards: names })),
    ...(buttons.length ? buttons : [el("span", { class: "pick-more" }, t("web.pick.more"))]), clear);
  $('[data-testid="actions"]').before(bar);
}

/** The face-up cards the viewer can reach on the felt: the table's and the viewer's piles. */
function feltCodes(view, mySeat) {
  return new Set((view.explain.felt ?? [])
    .filter((item) => item.seat === null || item.seat === undefined || item.seat === mySeat)
    .flatMap((item) => item.cards.filter((c) => c !== null)));
}

/** The felt's edges: what lies on the table besides the trick, its cards usable by `ctl`. */
function drawFeltItems(view, mySeat, ctl) {
  const spots = seatSpots(view.players, mySeat ?? 0);
  // a felt card nobody can use now stays as it lies (never greyed like the hand's)
  const hook = ctl ? (code, face) => (ctl.byCard.has(code) ? cardControl(code, face, null, ctl) : face) : null;
  drawFelt($("#felt-top"), $("#felt-bottom"), view.explain.felt, spots, mySeat, hook);
}

/** The viewer's own part: the hand, the buttons, the move box (none for a spectator). */
function drawMine(msg) {
  const view = msg.view;
  const spectator = msg.seat === null || msg.seat === undefined;
  const handNode = $('[data-testid="hand"]');
  const actionsNode = $('[data-testid="actions"]');
  const form = $("#move-form");
  $("#watching").hidden = !spectator;
  if (spectator) {
    drawFeltItems(view, null, null);
    handNode?.remove();
    actionsNode?.remove();
    form?.remove();
    $("#turn-line").textContent = msg.over ? t("web.turn.over") :
      view.to_act === null || view.to_act === undefined ? "" : t("web.turn.seat_to_play", { seat: seatName(view.to_act, null) });
    return;
  }
  if (msg.over) { // nothing more to play: no buttons, no move box
    drawFeltItems(view, msg.seat, null);
    clearPicks();
    drawPickBar([], view);  // takes a pick bar left from the last move away
    actionsNode.replaceChildren();
    form.hidden = true;
    $("#turn-line").textContent = t("web.turn.over");
    $("#turn-line").classList.remove("mine");
    handNode.replaceChildren();
    return;
  }
  form.hidden = false; // hidden until the first view says this is a seat
  // While a move is on its way nothing is offered: the next view (or a refusal) says what is.
  const legal = page.pending ? [] : view.legal ?? [];
  const hand = Array.isArray(view.hand) ? view.hand : null;
  const held = view.explain.hand.filter((h) => h.pile === null || h.pile === undefined);
  const reachable = new Set([...held.map((h) => h.card), ...feltCodes(view, msg.seat)]);
  const byCard = cardActions(legal);
  for (const c of [...byCard.keys()]) if (!reachable.has(c)) byCard.delete(c);
  keepValidPicks(byCard);
  const immediate = [...byCard.keys()].some((c) => playsAtOnce(c, byCard));
  const picking = [...byCard.keys()].some((c) => !playsAtOnce(c, byCard));
  // Buttons: every action but those a card plays at once (those are the cards themselves).
  const buttons = legal.filter((a) => { const cards = actionCards(a); return !(cards.length === 1 && playsAtOnce(cards[0], byCard)); });

  const myTurn = view.to_act === msg.seat && legal.length > 0;
  $("#turn-line").textContent = turnLine(view, msg.seat, myTurn, immediate, picking);
  $("#turn-line").classList.toggle("mine", myTurn);

  // Dim the cards that can do nothing only when some can: while bidding, none is dim.
  const ctl = { byCard, legal, dim: myTurn && byCard.size > 0 };
  drawFeltItems(view, msg.seat, ctl);
  drawButtons(actionsNode, buttons, view);
  drawPickBar(legal, view);

  handNode.replaceChildren();
  if (hand === null) {
    handNode.append(el("p", { class: "muted" }, t("web.table.hand_hidden")));
  } else {
    // as the game's players hold it
    for (const h of held) handNode.append(cardControl(h.card, cardFace(h.card), h, ctl));
  }
  const legend = handLegend(held);
  $('[data-testid="hand-legend"]')?.remove();
  if (legend) handNode.after(legend);
  layoutHand();
}

function turnLine(view, mySeat, myTurn, immediate, picking) {
  if (page.pending) return t("web.turn.sending");
  if (myTurn) return t(immediate ? "web.turn.yours_card" : picking ? "web.turn.yours_pick" : "web.turn.yours");
  if (view.to_act === null || view.to_act === undefined) return "";
  return t("web.turn.waiting", { seat: seatName(view.to_act, mySeat) });
}

// Past this many buttons, a verb with many forms (a Sjavs exchange has dozens) folds into a
// group the player opens, so the hand stays in sight.
const MANY_BUTTONS = 12;
const FINGERTIP = 44; // px of a card a finger can hit reliably (issue 20 §8)
const FOLD_AT = 6;

function actionButton(a, view) {
  const move = view.explain.moves.find((m) => m.action === a);
  const b = el("button", { type: "button", class: "action-btn", "data-action": a,
                           title: move && move.detail ? move.detail.text : null },
                 el("span", {}, ...wordPieces(labelOf(a, view))));
  b.addEventListener("click", () => send(a));
  return b;
}

/** The non-card actions as buttons, in the order of `legal`; many forms of one verb
 *  ("EXCHANGE_TWO 7C 8D", ...) fold into a <details data-verb> group. */
function drawButtons(node, actions, view) {
  node.replaceChildren();
  if (actions.length <= MANY_BUTTONS) {
    for (const a of actions) node.append(actionButton(a, view));
    return;
  }
  const groups = new Map();
  for (const a of actions) {
    // the verb, with a place named after the card (Stýrivolt's DISCARD 7H PILE, rules §12.9)
    const words = a.split(" ");
    const verb = words.length > 2 ? `${words[0]} ${words[words.length - 1]}` : words[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(a);
  }
  for (const [verb, list] of groups) {
    if (list.length < FOLD_AT) {
      for (const a of list) node.append(actionButton(a, view));
      continue;
    }
    const name = verb.charAt(0) + verb.slice(1).toLowerCase().replaceAll("_", " ");
    const group = el("details", { class: "action-group", "data-testid": "action-group", "data-verb": verb,
                                  open: page.openGroups.has(verb) },
      el("summary", {}, t("web.table.action_group", { verb: name, n: list.length })),
      el("div", { class: "action-group-list" }, ...list.map((a) => actionButton(a, view))));
    group.addEventListener("toggle", () => {
      if (group.open) page.openGroups.add(verb);
      else page.openGroups.delete(verb);
    });
    node.append(group);
  }
}

/** Lay the hand out in one row, overlapping the cards as needed; when a card would show
 *  less than a fingertip (44 px, the smallest target a finger hits reliably), use two rows
 *  instead. */
function layoutHand() {
  const hand = $('[data-testid="hand"]');
  if (!hand) return;
  for (const b of hand.querySelectorAll(".row-break")) b.remove();
  const cards = [...hand.querySelectorAll(".hand-card")];
  cards.forEach((c) => c.classList.remove("row-start"));
  if (cards.length === 0) return;
  cards[0].classList.add("row-start");
  const width = hand.clientWidth;
  const cardW = cards[0].getBoundingClientRect().width;
  const step = (n) => (n < 2 ? cardW : (width - cardW) / (n - 1));
  let perRow = cards.length;
  if (step(perRow) < FINGERTIP) {
    perRow = Math.ceil(cards.length / 2);
    const second = cards[perRow];
    second.classList.add("row-start");
    second.before(el("span", { class: "row-break", "aria-hidden": "true" }));
  }
  const overlap = Math.min(step(perRow) - cardW, 6);
  hand.style.setProperty("--overlap", `${Math.floor(overlap)}px`);
}
window.addEventListener("resize", layoutHand);

// -- the side: info panel, score sheet, moves of this deal -------------------------------------
function drawSide(view, ctx) {
  const info = $('[data-testid="info"]');
  const sheet = $('[data-testid="sheet"]');
  const explain = view.explain;
  info.replaceChildren(panelNode(explain.panel, ctx.mySeat));
  sheet.replaceChildren(el("h2", { class: "panel-title" }, t("web.sheet.title")),
    page.mod ? guarded(() => page.mod.sheet(ctx)) : el("p", { class: "muted" }, ""),
    ...sheetWords(explain));
  const list = $("#history-list");
  list.replaceChildren();
  for (const m of explain.history) list.append(el("li", {}, msgNode(m)));
  $("#history summary").textContent = t("web.table.moves_n", { n: (view.history ?? []).length });
}

function setupTabs() {
  for (const tab of document.querySelectorAll("[data-tab]")) {
    tab.addEventListener("click", () => showPane(tab));
  }
  document.body.dataset.pane = "info";
}

// -- overlays ---------------------------------------------------------------------------------
function showDealSummary(deal, ctx) {
  document.querySelector('[data-testid="deal-summary"]')?.remove();
  const body = el("div", { class: "summary-body" },
    dealWords(deal),
    el("h3", {}, t("web.deal.tricks")),
    trickList(deal.tricks, ctx.mySeat));
  const close = el("button", { type: "button", class: "primary-btn", "data-testid": "close-summary" }, t("web.table.continue"));
  const box = overlay("deal-summary", t("web.table.deal_over", { n: deal.number + 1 }), body, [close]);
  close.addEventListener("click", () => box.remove());
  $("#overlays").append(box);
  close.focus();
}

/** A finished deal in words: the explainer's score in parts (a deal abandoned unscored has
 *  none). */
function dealWords(deal) {
  return deal.score ? dealScoreNode(deal.score) : el("div");
}

/** The game's result in words: the explainer's verdict, else the sheet's winners. */
function resultNode(view, mySeat) {
  const verdict = view.explain ? view.explain.verdict : null;
  return verdict ? msgNode(verdict) : winnersText(view.sheet ? view.sheet.winner : null, mySeat);
}

function showGameOver(ctx, lastDeal) {
  const body = el("div", { class: "summary-body" },
    el("p", { class: "winners", "data-testid": "winners" }, resultNode(ctx.view, ctx.mySeat)),
    lastDeal ? el("div", { "data-testid": "last-deal" },
                  el("h3", {}, t("web.table.deal", { n: lastDeal.number + 1 })), dealWords(lastDeal),
                  el("h3", {}, t("web.deal.tricks")), trickList(lastDeal.tricks, ctx.mySeat)) : "",
    page.mod ? guarded(() => page.mod.sheet(ctx)) : el("div"));
  const record = el("a", { class: "primary-btn", href: `/api/tables/${encodeURIComponent(tableId)}/record`,
                           download: `stikk-${tableId}.json`, "data-testid": "download-record" }, t("web.link.download"));
  const replay = el("a", { class: "primary-btn", href: `/replay/${encodeURIComponent(tableId)}`,
                           "data-testid": "replay-link" }, t("web.link.replay"));
  const lobby = el("a", { class: "plain-btn", href: "/" }, t("web.table.lobby"));
  const close = el("button", { type: "button", class: "plain-btn", "data-testid": "close-game-over" }, t("web.table.look"));
  const box = overlay("game-over", t("web.table.game_over"), body, [record, replay, lobby, close]);
  close.addEventListener("click", () => box.remove());
  $("#overlays").append(box);
}

function showLastTrick() {
  const found = lastTrick();
  document.querySelector('[data-testid="last-trick-view"]')?.remove();
  if (!found) return;
  const { trick, title } = found;
  const cards = el("div", { class: "last-trick-cards" });
  for (const [seat, code] of trick.plays) {
    cards.append(el("figure", { class: "last-play" + (seat === trick.winner ? " winner" : "") },
      cardRow(code.split("+"), "small"), el("figcaption", {}, seatName(seat, page.mySeat))));
  }
  const body = el("div", {}, cards, el("ul", { class: "trick-list plain" }, trickLine(trick, page.mySeat)));
  const close = el("button", { type: "button", class: "primary-btn", "data-testid": "close-last-trick" }, t("web.table.close"));
  const box = overlay("last-trick-view", title, body, [close]);
  close.addEventListener("click", () => box.remove());
  box.addEventListener("click", (ev) => { if (ev.target === box) box.remove(); });
  $("#overlays").append(box);
  close.focus();
}

// -- start ------------------------------------------------------------------------------------
async function loadLabels() {
  try {
    const res = await fetch("/api/games");
    if (!res.ok) return;
    const data = await res.json();
    for (const b of data.bots ?? []) page.botLabels[b.spec] = b.label;
    if (page.msg) paint(page.msg); // the labels are news; the error shown, if any, stays
  } catch (e) {
    console.warn("stikk: no game list", e);
  }
}

function setupForm() {
  const form = $("#move-form");
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $('[data-testid="move-input"]');
    const text = input.value;
    if (!text.trim() || page.pending) return;
    if (send(text)) input.value = ""; // as typed: the server parses it, or says why not
  });
}

function setupSettings() {
  const select = $("#trick-hold");
  select.replaceChildren(...TRICK_HOLDS_MS.map((ms) =>
    el("option", { value: ms }, ms === 0 ? t("web.table.no_pause") :
       t(ms === TRICK_HOLD_DEFAULT_MS ? "web.table.hold_usual" : "web.table.hold", { n: ms / 1000 }))));
  select.value = String(trickHold());
  select.addEventListener("change", () => localStorage.setItem(TRICK_HOLD_KEY, select.value));
}

async function start() {
  await loadLanguage();
  $(".topbar").append(languagePicker());
  setupTabs();
  setupForm();
  setupSettings();
  $('[data-testid="last-trick"]').addEventListener("click", showLastTrick);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && page.picked.size) { clearPicks(); if (page.msg) drawMine(page.msg); }
  });
  // The fragment changed by hand (another seat's link pasted): start over with it.
  window.addEventListener("hashchange", () => location.reload());
  if (!tableId) {
    showError(t("web.table.needs_table"));
    setStatus("closed");
    return;
  }
  loadLabels();
  conn.start();
}

start();
