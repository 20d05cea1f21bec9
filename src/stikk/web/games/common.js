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

/** A <span> showing a card or a suit in its colour. */
export function cardSpan(code) {
  const s = el("span", { class: "card-text " + (isRed(code.split("+")[0]) ? "red" : "black") });
  s.textContent = cardText(code);
  return s;
}

export function suitSpan(suit) {
  const s = el("span", { class: "card-text " + (isRed(suit) ? "red" : "black"),
                         title: SUIT_NAME[suit] });
  s.textContent = SUIT_SYMBOL[suit];
  return s;
}

/** Replace the card and suit codes in an action text by symbols: "ANNOUNCE 5 CLUBS" stays, "PLAY QH" -> "Q♥". */
export function actionText(text) {
  const m = /^PLAY (\S+)(.*)$/.exec(text);
  if (m) return cardText(m[1]) + m[2].toLowerCase();
  return text.replace(/\b([AKQJT2-9])([CSHD])\b/g, (_, r, s) => cardText(r + s));
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
