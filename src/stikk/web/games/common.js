// Shared helpers for the per-game modules: card and suit text, small DOM builders.
// Card codes follow CONFORMANCE.md: rank (A K Q J T 9 ... 2) then suit (C S H D); "T" is ten.

export const SUIT_SYMBOL = { C: "♣", S: "♠", H: "♥", D: "♦" };
export const SUIT_NAME = { C: "clubs", S: "spades", H: "hearts", D: "diamonds" };
const RED = new Set(["H", "D"]);

/** "TH" -> "10♥"; "7C+7H" -> "7♣ 7♥". */
export function cardText(code) {
  return code
    .split("+")
    .map((c) => (c[0] === "T" ? "10" : c[0]) + SUIT_SYMBOL[c[1]])
    .join(" ");
}

/** True for hearts and diamonds (drawn red). */
export function isRed(suitOrCard) {
  return RED.has(suitOrCard.length === 1 ? suitOrCard : suitOrCard[1]);
}

/** A <span> showing a suit's symbol in its colour. */
export function suitSpan(suit) {
  const s = el("span", { class: "card-text " + (isRed(suit) ? "red" : "black"),
                         title: SUIT_NAME[suit] });
  s.textContent = SUIT_SYMBOL[suit];
  return s;
}

/** el("div", {class: "x"}, child, "text", ...): a small DOM builder. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

/** The same builder for SVG elements. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : String(c));
  return node;
}

/** "Seat 2" or "You" (for the viewer's own seat). */
export function seatName(seat, ctx) {
  return seat === ctx.mySeat ? "You" : `Seat ${seat}`;
}

/** Put a module's style sheet into the page once (by its element id). */
export function ensureStyle(id, css) {
  if (typeof document === "undefined" || document.getElementById(id)) return;
  document.head.append(el("style", { id }, css));
}

/**
 * How sides are called: with 4 players two partnerships (seat % 2), "We" / "They" for a
 * seated player, "Side A" / "Side B" for a spectator; with 3 (or 2) players every seat is a side.
 */
export function sideNaming(players, ctx) {
  const four = players === 4;
  const my = ctx && ctx.mySeat !== null && ctx.mySeat !== undefined ? ctx.mySeat : null;
  const sides = four ? 2 : players;
  const sideOf = (seat) => (four ? seat % 2 : seat);
  const name = (side) => {
    if (!four) return seatName(side, ctx || { mySeat: my });
    if (my === null) return `Side ${"AB"[side]}`;
    return side === my % 2 ? "We" : "They";
  };
  const plural = (side) => ["We", "They", "You"].includes(name(side));
  return {
    sides,
    sideOf,
    name,
    /** "We throw" / "Side A throws" */
    verb: (side, plain, third) => `${name(side)} ${plural(side) ? plain : third}`,
    members: (side) => (four ? `seats ${side}+${side + 2}` : `seat ${side}`),
    /** "We (seats 0+2)" or just the seat with three players */
    label: (side) => (four ? `${name(side)} (seats ${side}+${side + 2})` : name(side)),
    /** the viewer's side first (as the terminal's columns) */
    columns: four ? (my === null || my % 2 === 0 ? [0, 1] : [1, 0]) : [...Array(players).keys()],
  };
}

/** The nodes with ``sep`` between each two. */
export function joinNodes(nodes, sep) {
  const out = [];
  nodes.forEach((n, i) => { if (i) out.push(sep); out.push(n); });
  return out;
}
