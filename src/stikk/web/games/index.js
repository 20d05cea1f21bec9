// The per-game modules, by game id (each the registry entry's `web` module,
// src/stikk/core/registry.py).  A module draws what only it can: the score sheet as the
// tradition draws it.
//
//   sheet(ctx) -> Node   the score sheet (the Romanian Whist table, the Sjavs columns, the
//                        Bauernstoss strokes, the Brus matchsticks, the Icelandic comb, the
//                        Stýrivolt chalk board)
//
// ctx = {game: id, view, deals: [DEAL_SUMMARY...], seats: [SEAT_INFO...], mySeat: seat | null,
//        options: {name: value, ...}}.  Everything else on the page (the facts beside the
// table, the labels of the moves, the hand as held, each deal's score in parts, the verdict)
// is the engine's explainer's, sent with every view (view.explain) and deal (deal.score) and
// drawn by render.js.  A module reads facts from the sheets (view.sheet, deals[i].sheet), the
// results (deals[i].result), the score parts (deals[i].score) and what the explainer adds for
// the drawing (view.explain.sheet); it works out no rule.  Modules never send anything.
import * as romanianWhist from "./romanian_whist.js";
import * as sjavs from "./sjavs.js";
import * as bauernstoss from "./bauernstoss.js";
import * as brus from "./brus.js";
import * as icelandicBrus from "./icelandic_brus.js";
import * as styrivolt from "./styrivolt.js";

const MODULES = {
  "romanian-whist": romanianWhist,
  sjavs,
  bauernstoss,
  brus,
  "icelandic-brus": icelandicBrus,
  styrivolt,
};

/** The module of a game id or canonical game string ("sjavs(players=3)" -> sjavs). */
export function gameModule(game) {
  const id = game.split("(")[0];
  const m = MODULES[id];
  if (!m) throw new Error(`no web module for game ${id}`);
  return m;
}
