// Shared helpers for the per-game modules: card and suit text, small DOM builders.
// Card codes follow CONFORMANCE.md: rank (A K Q J T 9 ... 2) then suit (C S H D); "T" is ten.
import { t } from "../i18n.js";

export const SUIT_SYMBOL = { C: "♣", S: "♠", H: "♥", D: "♦" };
const SUIT_IDS = { C: "web.suit.clubs", S: "web.suit.spades", H: "web.suit.hearts", D: "web.suit.diamonds" };
const RED = new Set(["H", "D"]);

/** "H" -> "hearts", in the page's language. */
export function suitName(suit) {
  return SUIT_IDS[suit] ? t(SUIT_IDS[suit]) : suit;
}

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
                         title: suitName(suit) });
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

// Right-to-left letters (Persian): a drawing's text that holds them is set apart with its own
// direction (a first-strong isolate), or inside a drawing, which is always laid out left to
// right, "12 مانده · 0 انداخته" would come out with its numbers beside the wrong words.
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

/** The same builder for SVG elements. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) {
    if (c instanceof Node) node.append(c);
    else node.append(RTL_LETTER.test(String(c)) ? `\u2068${c}\u2069` : String(c));
  }
  return node;
}

/** SVG text attributes that squeeze `text` into `room` units where it would not fit: a
 *  drawing is made before it can be measured, so its width is estimated (0.6 em a letter,
 *  on the wide side), and a long translation is narrowed rather than run into its
 *  neighbour. */
export function fitted(attrs, text, room) {
  const size = Number(attrs["font-size"] ?? 16);
  const wide = String(text).length * size * 0.6 > room;
  return wide ? { ...attrs, textLength: room, lengthAdjust: "spacingAndGlyphs" } : attrs;
}

/** "Seat 2" or "You" (for the viewer's own seat). */
export function seatName(seat, ctx) {
  return seat === ctx.mySeat ? t("web.seat.you") : t("web.seat.n", { n: seat });
}

/** Put a module's style sheet into the page once (by its element id). */
export function ensureStyle(id, css) {
  if (typeof document === "undefined" || document.getElementById(id)) return;
  document.head.append(el("style", { id }, css));
}

/** The nodes with ``sep`` between each two. */
export function joinNodes(nodes, sep) {
  const out = [];
  nodes.forEach((n, i) => { if (i) out.push(sep); out.push(n); });
  return out;
}
