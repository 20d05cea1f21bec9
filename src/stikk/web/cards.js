// SVG playing cards: faces (rank and suit in two corners, suits coloured) and backs.
// Card codes follow CONFORMANCE.md §1: rank (A K Q J T 9 ... 2) then suit (C S H D).
// Every card is drawn in a 100 x 140 box; CSS sets the rendered size (width), so one
// drawing serves the phone hand, the trick and the small cards of the replay.
import { SUIT_SYMBOL, suitName, isRed, svg } from "./games/common.js";
import { t } from "./i18n.js";

const RANK_IDS = { A: "web.card.ace", K: "web.card.king", Q: "web.card.queen", J: "web.card.jack" };
const COURT = new Set(["K", "Q", "J"]);

/** "TH" -> "10": the rank as printed on the card. */
export function rankText(code) {
  return code[0] === "T" ? "10" : code[0];
}

/** "QH" -> "queen of hearts" (for screen readers and tooltips). */
export function cardName(code) {
  const rank = RANK_IDS[code[0]] ? t(RANK_IDS[code[0]]) : rankText(code);
  return t("web.card.name", { rank, suit: suitName(code[1]) });
}

/** One corner index: the rank above the suit symbol.  `flip` draws the bottom-right copy. */
function corner(code, colour, flip) {
  const rank = rankText(code);
  const g = svg("g", flip ? { transform: "rotate(180 50 70)" } : {});
  // "10" is two glyphs: squeeze it so it stays as wide as the other ranks.
  const rankAttrs = { x: 15, y: 33, "text-anchor": "middle", "font-size": 30,
                      "font-weight": 700, fill: colour, class: "card-rank" };
  if (rank.length > 1) Object.assign(rankAttrs, { textLength: 26, lengthAdjust: "spacingAndGlyphs" });
  g.append(svg("text", rankAttrs, rank));
  g.append(svg("text", { x: 15, y: 58, "text-anchor": "middle", "font-size": 26, fill: colour },
               SUIT_SYMBOL[code[1]]));
  return g;
}

/** The middle of the face: a large suit symbol, or a framed letter for a court card. */
function centre(code, colour) {
  const suit = SUIT_SYMBOL[code[1]];
  if (COURT.has(code[0])) {
    return svg("g", {},
      svg("rect", { x: 30, y: 36, width: 40, height: 68, rx: 4, fill: "none",
                    stroke: colour, "stroke-width": 2, opacity: 0.55 }),
      svg("text", { x: 50, y: 72, "text-anchor": "middle", "font-size": 34,
                    "font-weight": 700, fill: colour }, code[0]),
      svg("text", { x: 50, y: 97, "text-anchor": "middle", "font-size": 22, fill: colour }, suit));
  }
  return svg("text", { x: 50, y: 88, "text-anchor": "middle",
                       "font-size": code[0] === "A" ? 58 : 46, fill: colour }, suit);
}

/** The face of one card as an <svg> element (class "card", data-code = the code). */
export function cardFace(code) {
  const colour = isRed(code) ? "#c0182d" : "#16161a";
  const node = svg("svg", { viewBox: "0 0 100 140", class: `card face ${isRed(code) ? "red" : "black"}`,
                            role: "img", "aria-label": cardName(code), "data-code": code });
  node.append(
    svg("title", {}, cardName(code)),
    svg("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, fill: "#fffdf8",
                  stroke: "#8a8a80", "stroke-width": 2 }),
    corner(code, colour, false),
    corner(code, colour, true),
    centre(code, colour));
  return node;
}

let backCount = 0;  // each back needs its own clip-path id in the document

/** The back of a card: a lattice in a dark red field with a white margin. */
export function cardBack() {
  const clip = `stikk-back-${++backCount}`;
  const node = svg("svg", { viewBox: "0 0 100 140", class: "card back", role: "img",
                            "aria-label": t("web.card.face_down") });
  const lines = svg("g", { stroke: "#e9c9a0", "stroke-width": 1.6, opacity: 0.7,
                           "clip-path": `url(#${clip})` });
  // Diagonals both ways across the inner field (x - y = c and x + y = c), clipped to it.
  for (let c = -130; c <= 90; c += 11) {
    lines.append(svg("line", { x1: 0, y1: -c, x2: 140, y2: 140 - c }));
  }
  for (let c = 0; c <= 240; c += 11) {
    lines.append(svg("line", { x1: 0, y1: c, x2: 140, y2: c - 140 }));
  }
  node.append(
    svg("defs", {}, svg("clipPath", { id: clip },
      svg("rect", { x: 9, y: 9, width: 82, height: 122, rx: 5 }))),
    svg("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, fill: "#fffdf8",
                  stroke: "#8a8a80", "stroke-width": 2 }),
    svg("rect", { x: 9, y: 9, width: 82, height: 122, rx: 5, fill: "#9c2330" }),
    lines);
  return node;
}
