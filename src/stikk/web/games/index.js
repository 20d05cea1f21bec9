// The per-game modules, by game id.  Each module exports the same five functions:
//
//   info(view, ctx)          -> Node   game facts beside the table (trump, bids, risks, stock ...)
//   sheet(ctx)               -> Node   the score sheet as the tradition draws it
//   dealSummary(deal, ctx)   -> Node   what a finished deal came to (deal = one DEAL_SUMMARY)
//   actionLabel(text, view)  -> string the label of an action button ("BID 2" -> "Bid 2")
//   handOrder(cards, view)   -> array  the hand sorted as a player of this game holds it
//
// ctx = {game: id, view, deals: [DEAL_SUMMARY...], seats: [SEAT_INFO...], mySeat: seat | null,
//        options: {name: value, ...}}
// (see /web_contract.md).  ctx.options are the table's game options as the server resolved them:
// every option with its value, presets applied ({"players": 4, "preset": "alterSchoofkopp",
// "target_marks": 15, ...}); read options there, never from the game string.  Each DEAL_SUMMARY's
// `final` is the public view at that deal's end: read per-deal facts there.  Modules are pure renderers: they never send anything.
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
