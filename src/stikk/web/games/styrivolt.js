// Stýrivolt (rules/styrivolt.md): the info panel, the chalk board, the deal summary, action
// labels and the hand order.  Drawn from the table messages only: the view (StyrivoltView:
// chosen suits, exposed and dead cards, stock and pile, takings, announcements, promotions,
// tricks), the sheet ({erased, owner, singles, monks, line_number}) and the finished deals
// ({result: {tricks, score, outcome, monk_crosses}, sheet}).
//
// The chalk board (§10.1): a vertical line crossed by three strokes; side A owns the left
// halves, side B the right ones; a side rubs out its own halves, and rubbing out the third
// earns a cross (a monk's cross, worth two, if the other side had rubbed out none) or rubs
// out one of the other side's crosses; then a fresh line is drawn.  Only one side holds
// crosses at a time.
import { el, svg, cardSpan, cardText, suitSpan, seatName, sideNaming, SUIT_NAME, SUIT_SYMBOL, plural, line, joinNodes } from "./common.js";
import { moduleBox, rankIndex } from "./brus.js";

// -- roles (§5.1 - §5.3, §5.7) -------------------------------------------------------------------

const PLAIN = 0, KEYPMADUR = 1, FRU = 2, KONGUR = 3, OLUKKA = 4, POSTUR = 7;
const KARNIFL = 8, FUGLURIN = 14, FRIKORT = 15, LAMB = 16;
const PERMANENT = { "2H": 14, "4C": 13, "8S": 12, "9H": 11, "9D": 10 };
const CHOSEN_ROLE = { A: 9, J: 8, 6: 7, 2: 6, 3: 5, 4: 4, 7: LAMB, 8: FRIKORT, 9: FRIKORT, K: KONGUR, Q: FRU, 5: KEYPMADUR };
const PROMOTED = { 2: 14, 4: 13, 8: 12, 9: 11, A: 9, J: 8, 6: 7, 3: 5, 7: LAMB }; // K, Q, 5: none (A6)
const ROLE_NAMES = {
  14: "Fuglurin", 13: "Fýrikurin", 12: "Áttan", 11: "Hoyggjarðsryssa", 10: "Ruðuryssa",
  9: "Stýrivoltur", 8: "Karnifl", 7: "Postur", 6: "Tvistur", 5: "Tristur", 4: "Ólukka",
  [LAMB]: "Lamb", [FRIKORT]: "fríkort", [KONGUR]: "Kongur", [FRU]: "Frú", [KEYPMADUR]: "Keypmaður", [PLAIN]: "plain",
};
const LEAD_ONLY = [LAMB, FRIKORT, KONGUR, FRU, KEYPMADUR]; // strongest when led first (§5.5)
const GROUPS = ["stikkar", "capture cards", "lead-only", "plain"];
const GROUP_NOTES = [
  "beat everything but a led lamb",
  "tøkukort: beat plain cards up to their reach and weaker capture cards",
  "win only when led",
  "beat only a lower card of their own suit",
];
const PLAIN_SUITS = "HSDC"; // plain cards are shown ♥ ♠ ♦ ♣

function baseRole(code, chosen) {
  if (code in PERMANENT) return PERMANENT[code];
  if (chosen.includes(code[1])) return CHOSEN_ROLE[code[0]];
  return PLAIN;
}

/** The role of a card for a seat, as the viewer may know it: his own promotions, and
 *  another seat's once announced ("Hesin er góður", §5.7). */
function roleOf(view, seat, code) {
  const chosen = view.chosen || [];
  if (chosen.length < 2) return PLAIN;
  const base = baseRole(code, chosen);
  const rank = code[0];
  const promoted = (seat === view.seat && (view.promoted || []).includes(rank)) ||
    (view.announcements || []).some(([s, r]) => s === seat && r === rank);
  return promoted && rank in PROMOTED ? PROMOTED[rank] : base;
}

function groupOf(role) {
  if (role >= KARNIFL && role <= FUGLURIN) return 0;
  if (role >= OLUKKA && role <= POSTUR) return 1;
  return role === PLAIN ? 3 : 2;
}

function powerKey(code, role) {
  const g = groupOf(role);
  const suit = PLAIN_SUITS.indexOf(code[1]);
  if (g < 2) return [g, -role, suit, 0];
  if (g === 2) return [g, LEAD_ONLY.indexOf(role), suit, -rankIndex(code)];
  return [g, suit, -rankIndex(code), 0];
}

function sortByRole(cards, view, seat) {
  const key = (c) => powerKey(c, view ? roleOf(view, seat, c) : PLAIN);
  return [...cards].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
    return 0;
  });
}

function roleName(view, seat, code) {
  const r = roleOf(view, seat, code);
  let name = ROLE_NAMES[r];
  if (r === KEYPMADUR) name += " (trader)";
  if ((view.chosen || []).length === 2 && r !== baseRole(code, view.chosen)) name += "*";
  return name;
}

/** "7♦ Lamb" */
function cardRole(view, seat, code) {
  const r = roleOf(view, seat, code);
  return el("span", { class: "card-role" }, cardSpan(code),
    el("span", { class: r === PLAIN ? "muted" : "role" }, ` ${roleName(view, seat, code)}`));
}

// -- small pieces ---------------------------------------------------------------------------------




/** "A (we)" / "B (they)", or just "A" for a spectator; side A always left on the board. */
function sideTag(side, names) {
  const n = names.name(side);
  return n.startsWith("Side") ? "AB"[side] : `${"AB"[side]} (${n.toLowerCase()})`;
}

/** "We (A)" / "Side A" as the subject of a sentence. */
function sideWho(side, names) {
  const n = names.name(side);
  return n.startsWith("Side") ? n : `${n} (${"AB"[side]})`;
}

function sideVerb(side, names, plain, third) {
  return `${sideWho(side, names)} ${names.name(side).startsWith("Side") ? third : plain}`;
}

function teamTricks(perSeat) {
  return [perSeat[0] + perSeat[2], perSeat[1] + perSeat[3]];
}

const FIVE_OF = (suit) => `5${suit}`;
const PLACES = { stock: "in the stock", pile: "in the pile", aside: "set aside", out: "out of play",
  discards: "discarded", cut: "in a cut place" };
const OUTCOME_WORDS = {
  ordinary: "ordinary win: 1 line (rules §9.3)",
  made: "made the game (tricks 1–5, claimed): 2 lines (rules §9.2)",
  nine: "nine tricks: 3 lines (rules §9.2)",
  made_alone: "made the game alone: a monk's cross (rules §9.3)",
  nine_alone: "nine tricks alone: two monk's crosses (rules §9.3)",
  void: "void deal: the stock showed one suit only; the same dealer deals again (rules §4.6)",
};
const OUTCOME_SHORT = { ordinary: "ordinary", made: "made", nine: "nine", made_alone: "made alone",
  nine_alone: "nine alone", void: "void" };
const OUTCOME_LINES = { ordinary: 1, made: 2, nine: 3 };
const CROSS = "✝"; // an upright cross, as drawn on the board (diagonal ones are a variant, §12.8)
const MONK = "☨"; // a cross with two bars, worth two
const OUTCOME_MONKS = { made_alone: 1, nine_alone: 2 };

// -- the chalk board's arithmetic (§10.3), to tell a deal's scoring step by step -----------------

class ChalkBoard {
  constructor(f) {
    this.erased = f ? [...f.erased] : [0, 0];
    this.owner = f && f.owner ? "AB".indexOf(f.owner) : null;
    this.singles = f ? f.singles : 0;
    this.monks = f ? f.monks : 0;
    this.line = f ? f.line_number : 1;
  }

  addCrossUnits(x, u) {
    while (u > 0 && this.owner === 1 - x) {
      if (this.singles > 0) this.singles -= 1;
      else { this.monks -= 1; this.singles += 1; }
      u -= 1;
      if (this.singles === 0 && this.monks === 0) this.owner = null;
    }
    if (u === 2) { this.owner = x; this.monks += 1; }
    if (u === 1) { this.owner = x; this.singles += 1; }
  }

  /** One half rubbed out; returns the finished line {erased, grade} when it was the third. */
  scoreLine(x) {
    this.erased[x] += 1;
    if (this.erased[x] < 3) return null;
    const done = { number: this.line, erased: [...this.erased], side: x, grade: this.erased[1 - x] === 0 ? "monk" : "cross" };
    this.addCrossUnits(x, done.grade === "monk" ? 2 : 1);
    this.erased = [0, 0];
    this.line += 1;
    return done;
  }

  fields() {
    return { erased: [...this.erased], owner: this.owner === null ? null : "AB"[this.owner],
      singles: this.singles, monks: this.monks, line_number: this.line };
  }

  same(f) {
    const g = this.fields();
    return g.erased[0] === f.erased[0] && g.erased[1] === f.erased[1] && g.owner === f.owner &&
      g.singles === f.singles && g.monks === f.monks && g.line_number === f.line_number;
  }
}

const INITIAL = { erased: [0, 0], owner: null, singles: 0, monks: 0, line_number: 1 };

function worth(f) {
  return f.owner === null ? 0 : f.singles + 2 * f.monks;
}

/** The winning team of a scored deal: the team that took five tricks (§9). */
function winTeam(result) {
  const t = teamTricks(result.tricks);
  return t[0] >= t[1] ? 0 : 1;
}

/** Penalty monk's crosses per side (§11): the result's monk_crosses less the outcome's own. */
function penalties(result) {
  const w = winTeam(result);
  const own = OUTCOME_MONKS[result.outcome] || 0;
  return (result.monk_crosses || [0, 0]).map((m, s) => m - (s === w ? own : 0));
}

function crossChange(old, now, side, names) {
  const x = "AB"[side];
  const y = "AB"[1 - side];
  const parts = [];
  if (old.owner === y) {
    const lost = worth(old) - (now.owner === y ? worth(now) : 0);
    if (lost) parts.push(lost > 1 ? `rubs out ${lost} of ${sideWho(1 - side, names)}'s crosses` : `rubs out one of ${sideWho(1 - side, names)}'s crosses`);
  }
  if (now.owner === x) {
    const gained = worth(now) - (old.owner === x ? worth(old) : 0);
    if (gained) parts.push(`${x} gains ${plural(gained, "cross")}`);
  }
  return parts.join("; ") || "no change to the crosses";
}

/**
 * Replay every finished deal on a board from the start: the lines finished on the way and,
 * per deal, the steps in words.  Where a deal's sheet disagrees (a partial history), the
 * sheet wins and the replay goes on from it.
 */
function replay(deals, names) {
  let board = new ChalkBoard();
  const finished = [];
  const steps = [];
  for (const d of deals) {
    const out = [];
    const r = d.result;
    if (r.outcome !== "void") {
      const side = winTeam(r);
      for (let i = 0; i < (OUTCOME_LINES[r.outcome] || 0); i++) {
        const old = board.fields();
        const done = board.scoreLine(side);
        if (done) {
          finished.push({ ...done, deal: d.number });
          out.push(`${sideVerb(side, names, "rub", "rubs")} out the last half of line ${done.number}: ` +
            `${done.grade === "monk" ? "a monk's cross" : "a cross"} (${crossChange(old, board.fields(), side, names)}); line ${board.line} is drawn.`);
        } else {
          out.push(`${sideVerb(side, names, "rub", "rubs")} out a half-line (${board.erased[side]} of 3 on line ${board.line}).`);
        }
      }
      for (let i = 0; i < (OUTCOME_MONKS[r.outcome] || 0); i++) {
        const old = board.fields();
        board.addCrossUnits(side, 2);
        out.push(`${sideVerb(side, names, "score", "scores")} a monk's cross (${crossChange(old, board.fields(), side, names)}); the lines stay as they are.`);
      }
      penalties(r).forEach((n, s) => {
        for (let i = 0; i < n; i++) {
          const old = board.fields();
          board.addCrossUnits(s, 2);
          out.push(`Penalty (rules §11): a taking without the right gives ${sideWho(s, names)} a monk's cross (${crossChange(old, board.fields(), s, names)}).`);
        }
      });
    }
    if (!board.same(d.sheet)) board = new ChalkBoard(d.sheet);
    steps.push(out);
  }
  return { finished, steps, board: board.fields() };
}

// -- the info panel ------------------------------------------------------------------------------

function eventsLine(view, ctx) {
  const parts = [];
  for (const [s, text] of view.history || []) {
    const [verb, arg] = text.split(" ");
    const who = seatName(s, ctx);
    if (verb === "EXCHANGE") parts.push(el("span", {}, `${who} `, cardSpan(FIVE_OF(arg[1])), "→", cardSpan(arg)));
    else if (verb === "TAKE_STOCK") parts.push(`${who} took`);
    else if (verb === "CHOOSE") parts.push(el("span", {}, `${who} chose `, cardSpan(arg)));
    else if (verb === "KEEP" || verb === "REVERT" || verb === "KEEP_BOTH") {
      parts.push(`${who} ${{ KEEP: "kept", REVERT: "reverted", KEEP_BOTH: "kept both" }[verb]}`);
    } else if (verb === "DISCARD") parts.push(arg === "??" ? `${who} discarded one` : el("span", {}, `${who} discarded `, cardSpan(arg)));
    else if (verb === "CLAIM_CUT") parts.push(el("span", {}, `${who} claimed the cut `, cardSpan(arg)));
    else if (verb === "CLAIM_FUGLURIN") parts.push(`${who} gave K♥ for the Fuglurin`);
    else if (verb === "EXPOSE") parts.push(el("span", {}, `dealer exposed `, cardSpan(arg)));
    else if (verb === "CLAIM") parts.push(`${who} claimed: the game is made`);
    else if (verb === "CONTINUE") parts.push(`${who} played on for nine`);
  }
  for (const [s, rank] of view.announcements || []) parts.push(`${seatName(s, ctx)}: «Hesin er góður!» (four ${rank}s)`);
  return parts;
}

function handBlock(view) {
  const hand = view.hand || [];
  const groups = new Map();
  for (const c of sortByRole(hand, view, view.seat)) {
    const g = groupOf(roleOf(view, view.seat, c));
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(c);
  }
  const box = el("div", { class: "info-block" }, el("b", {}, `Your hand by role (${plural(hand.length, "card")}):`));
  for (const [g, cards] of groups) {
    box.append(el("div", { class: "info-line" }, el("i", { title: GROUP_NOTES[g] }, `${GROUPS[g]}: `),
      ...joinNodes(cards.map((c) => (g === 3 ? cardSpan(c) : cardRole(view, view.seat, c))), "  ")));
  }
  if ((view.promoted || []).length) {
    box.append(el("div", { class: "info-line muted" },
      `* promoted: four ${view.promoted.join(", ")}s, each plays as the best card of its rank (rules §5.7)`));
  }
  return box;
}

/** What a non-card decision does, in one line (the terminal's explanation of each move). */
function explain(view, text) {
  const [verb] = text.split(" ");
  const legal = view.legal || [];
  switch (verb) {
    case "EXPOSE": return "a tie in rule 4 of §4.2: you choose which card to show";
    case "EXCHANGE":
      if (view.phase === "exchange") {
        return view.taker !== null && view.taker !== undefined
          ? "last chance before the stock is taken (§8.3 step 2)" : "the offer before trick 9 (§12.7)";
      }
      return "your trader goes face up, dead; you take the exposed card (§7)";
    case "CHOOSE": return "one of the two exposed cards comes with the stock; the other stays (§8.3 step 3)";
    case "DECLINE":
      if (legal.some((a) => a.startsWith("CLAIM_CUT"))) return "keep your king; the cut stikkur goes with the stock (§12.6)";
      if (legal.includes("CLAIM_FUGLURIN")) return "keep K♥ (§12.7)";
      return "keep your trader; no exchange now";
    case "CLAIM_CUT": return "give your king (or queen) for the cut stikkur (§12.6)";
    case "CLAIM_FUGLURIN": return "give K♥ (face up, dead) for the exposed 2♥ (§12.7)";
    case "TAKE_STOCK":
      return view.first_taker === null || view.first_taker === undefined
        ? "set your hand aside and take the stock (plus an exposed card where two were shown); then keep, revert or keep both (§8)"
        : "set your hand aside and take the pile: the second taking (§8.4)";
    case "KEEP": return "play on with the new cards; your old hand becomes the pile (§8.3)";
    case "REVERT": return "take your old hand back; the new cards become the pile (§8.3)";
    case "KEEP_BOTH": return "hold both packets together; no pile is left (§8.3)";
    case "NO_DISCARD": return "keep every card (extra cards are simply never played)";
    case "DISCARD": return "one card face down to the dead pile (§8.3 step 6)";
    case "CLAIM": return "end the deal now: the game is made (§9.2)";
    case "CONTINUE": return "play for nine tricks: lose one and it is only an ordinary win (§9.2)";
    default: return "";
  }
}

export function info(view, ctx) {
  const opts = ctx.options;
  const names = sideNaming(4, ctx);
  const box = moduleBox("game-info styrivolt-info");
  box.append(line("Sides:", `${sideTag(0, names)} = seats 0+2, ${sideTag(1, names)} = seats 1+3`));
  const chosen = view.chosen || [];
  if (chosen.length) {
    box.append(line("Chosen suits:", ...joinNodes(chosen.map((s) => el("span", {}, suitSpan(s), ` ${SUIT_NAME[s]}`)), " "),
      el("span", { class: "muted" }, ` (the dealer turned ${plural(view.turned_count, "card")}, rules §4.1)`)));
  } else {
    box.append(line("Chosen suits:", "none yet"));
  }
  if ((view.turned || []).length) box.append(line("Turned (open, §12.3):", ...joinNodes(view.turned.map(cardSpan), " ")));
  const aces = chosen.map((s) => `A${s}`);
  const jacks = chosen.map((s) => `J${s}`);
  box.append(line("Stikkar:", ...joinNodes(Object.keys(PERMANENT).map((c) => el("span", {}, cardSpan(c), ` ${ROLE_NAMES[PERMANENT[c]]}`)), " › "),
    ...(chosen.length === 2 ? [" › ", ...joinNodes(aces.map(cardSpan), " "), " Stýrivoltar › ", ...joinNodes(jacks.map(cardSpan), " "), " Karniflar"] : [])));
  if (chosen.length === 2) {
    box.append(el("div", { class: "info-line muted" },
      "Capture cards 6 › 2 › 3 › 4 of the chosen suits beat plain cards up to A/K/Q/J; a led lamb (chosen 7) wins; led fríkort (chosen 8/9) fall only to stikkar."));
  }
  const exposed = view.exposed || [];
  const ex = exposed.map((c) => {
    const s = c[1];
    return el("span", {}, cardRole(view, -1, c), c !== FIVE_OF(s) && chosen.includes(s)
      ? el("span", { class: "muted" }, ` (for the ${SUIT_SYMBOL[s]} trader)`) : "");
  });
  box.append(line("Exposed:", ...(ex.length ? joinNodes(ex, " · ") : [el("span", { class: "muted" }, "nothing left on the table")]),
    ...((view.dead || []).length ? [el("span", { class: "muted" }, " · dead: "), ...joinNodes(view.dead.map(cardSpan), " ")] : [])));
  const stock = [`${plural(view.stock_size, "card")} face down`];
  if (view.first_taker !== null && view.first_taker !== undefined) stock.push(`taken by ${seatName(view.first_taker, ctx)}`);
  if (view.pile_size) stock.push(`pile ${view.pile_size} (a second taking is possible, §8.4)`);
  if (view.second_taken) stock.push("taken twice: nothing more to take");
  if (view.taker !== null && view.taker !== undefined) stock.push(`${seatName(view.taker, ctx)} is taking now (§8.3)`);
  box.append(line("Stock:", stock.join(" · ")));
  if ((view.cut_stikkar || []).length) {
    const places = (view.cut_places || []).filter((c) => c);
    box.append(line("Cut stikkar:", ...joinNodes(view.cut_stikkar.map(cardSpan), " "),
      ...(places.length ? [" (in their places: ", ...joinNodes(places.map(cardSpan), " "), ")"] : [])));
  }
  if ((view.seen || []).length) {
    box.append(line("You know:", ...joinNodes(view.seen.map(([c, p]) =>
      el("span", {}, cardSpan(c), el("span", { class: "muted" }, ` ${PLACES[p] || "held by " + p}`))), " · ")));
  }
  const events = eventsLine(view, ctx);
  if (events.length) box.append(line("This deal:", ...joinNodes(events, " · ")));
  const t = teamTricks(view.tricks_won || [0, 0, 0, 0]);
  box.append(line("Tricks:", `${sideTag(0, names)} ${t[0]} · ${sideTag(1, names)} ${t[1]}`,
    el("span", { class: "muted" }, " (five win the deal, §9.1)"),
    view.playing_for_nine ? el("b", { class: "good" }, " · playing for nine (§9.2)") : ""));
  box.append(line("Cards in hand:", (view.hand_sizes || []).map((n, s) => `${seatName(s, ctx)} ${n}`).join(" · ")));
  const cur = view.current_trick || [];
  if (cur.length) {
    box.append(line(`Trick ${(view.tricks || []).length + 1}:`,
      ...joinNodes(cur.map(([s, c]) => el("span", {}, `${seatName(s, ctx)} `, cardRole(view, s, c))), " · ")));
  }
  const tricks = view.tricks || [];
  const made = tricks.length === 5 && tricks.every((tr) => tr.winner % 2 === tricks[0].winner % 2);
  if (view.phase === "claim" && made && view.to_act !== null) { // the CLAIM / CONTINUE decision
    const side = tricks[0].winner % 2;
    box.append(el("div", { class: "info-line good" },
      `${sideWho(side, names)} won tricks 1–5: the game is made; ${seatName(view.to_act, ctx)} may claim or play on for nine (§9.2).`));
  }
  const choices = (view.legal || []).filter((a) => !a.startsWith("PLAY "));
  if (choices.length) {
    const seen = new Set(); // one line per kind of decision (every DISCARD <card> says the same)
    const list = el("ul", {});
    for (const a of choices) {
      const verb = a.split(" ")[0];
      if (seen.has(verb) && verb !== "EXCHANGE" && verb !== "CHOOSE" && verb !== "EXPOSE") continue;
      seen.add(verb);
      list.append(el("li", {}, el("b", {}, verb === "DISCARD" ? "Discard a card" : actionLabel(a, view)), ` — ${explain(view, a)}`));
    }
    box.append(el("div", { class: "info-block" }, el("b", {}, "Your decision:"), list));
  }
  if (view.seat !== null && view.seat !== undefined && (view.hand || []).length && chosen.length === 2) {
    box.append(handBlock(view));
  }
  if ((view.penalized || []).length) {
    box.append(line("Penalized (§11):", view.penalized.map((s) => `${seatName(s, ctx)} took without the right`).join(" · ")));
  }
  if (view.outcome) box.append(line("Result:", OUTCOME_WORDS[view.outcome]));
  const variants = [];
  if (opts.capture_model === "flat_jack") variants.push("capture cards reach J only");
  if (opts.postur_reach === "K") variants.push("the postur reaches K");
  if (opts.illegal_stock === "allow_and_penalize") variants.push("taking without the right is penalised (§11)");
  if (opts.open_suit_selection) variants.push("open suit selection");
  if (opts.forced_beating) variants.push("forced beating");
  if (opts.first_take_window === "any_trick") variants.push("the stock may be taken in any trick");
  if (opts.cut_for_stikkar && opts.cut_for_stikkar !== "off") variants.push(`cut for stikkar (${opts.cut_for_stikkar})`);
  if (opts.cut_queen_substitute) variants.push("queen substitutes for the king");
  if (opts.kh_claims_bird) variants.push("K♥ may claim an exposed 2♥");
  if (variants.length) box.append(line("Variants:", variants.join(" · ")));
  return box;
}

// -- the chalk board ----------------------------------------------------------------------------

const CHALK = "#f4f1e6";
const SLATE = "#24332d";

function chalk(attrs) {
  return svg("line", { stroke: CHALK, "stroke-linecap": "round", "stroke-width": 3, ...attrs });
}

/** A rubbed-out half: a faint smear where the stroke was. */
function smear(x1, y, x2, scale) {
  const g = svg("g", {});
  g.append(svg("path", { d: `M${x1} ${y} Q${(x1 + x2) / 2} ${y - 2 * scale} ${x2} ${y}`, stroke: CHALK,
    "stroke-opacity": 0.13, "stroke-width": 4 * scale, fill: "none", "stroke-linecap": "round" }));
  g.append(svg("line", { x1, y1: y, x2, y2: y, stroke: CHALK, "stroke-opacity": 0.2, "stroke-width": 0.5 * scale,
    "stroke-dasharray": `${scale} ${2 * scale}` }));
  return g;
}

/** A cross (one bar) or a monk's cross (two bars, worth two), centred at x, y. */
function cross(x, y, size, monk) {
  const g = svg("g", {});
  const w = size * 0.32;
  g.append(chalk({ x1: x, y1: y - size / 2, x2: x, y2: y + size / 2, "stroke-width": 2.6 }));
  if (monk) {
    g.append(chalk({ x1: x - w * 0.65, y1: y - size * 0.26, x2: x + w * 0.65, y2: y - size * 0.26, "stroke-width": 2.4 }));
    g.append(chalk({ x1: x - w, y1: y - size * 0.02, x2: x + w, y2: y - size * 0.02, "stroke-width": 2.4 }));
  } else {
    g.append(chalk({ x1: x - w, y1: y - size * 0.15, x2: x + w, y2: y - size * 0.15, "stroke-width": 2.4 }));
  }
  return g;
}

/** One figure: the vertical line and its three strokes, A's halves left, B's right. */
function figure(g, cx, top, height, half, erased, width = 3) {
  g.append(chalk({ x1: cx, y1: top, x2: cx, y2: top + height, "stroke-width": width }));
  for (let i = 0; i < 3; i++) {
    const y = top + height * (i + 1) / 4;
    for (const s of [0, 1]) {
      const x1 = s === 0 ? cx - half : cx;
      const x2 = s === 0 ? cx : cx + half;
      if (i < erased[s]) g.append(smear(x1, y, x2, width));
      else g.append(chalk({ x1, y1: y, x2, y2: y, "stroke-width": width }));
    }
  }
}

/** The owner's crosses under its half of the board: drawn one by one, or counted when many. */
function crossRows(g, x0, y0, singles, monks) {
  if (singles + monks <= 4) {
    [...Array(monks).fill(true), ...Array(singles).fill(false)]
      .forEach((monk, i) => g.append(cross(x0 + 14 + i * 26, y0 + 8, 30, monk)));
    return;
  }
  [[true, monks], [false, singles]].filter(([, n]) => n).forEach(([monk, n], i) => {
    g.append(cross(x0 + 14 + i * 56, y0 + 8, 30, monk));
    g.append(svg("text", { x: x0 + 26 + i * 56, y: y0 + 14, fill: CHALK, "font-size": 14 }, `×${n}`));
  });
}

function boardPicture(f, finished, names) {
  const W = 360;
  const showOld = finished.slice(-6);
  const H = showOld.length ? 336 : 262;
  const pic = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img",
    "aria-label": `Chalk board, line ${f.line_number}: A rubbed out ${f.erased[0]} of 3, B ${f.erased[1]} of 3; ` +
      (f.owner ? `${f.owner} holds ${f.singles} crosses and ${f.monks} monk's crosses` : "no crosses"),
    style: "max-width: 560px; display: block; font-family: 'Comic Sans MS', 'Chalkboard', system-ui, sans-serif" });
  pic.append(svg("rect", { x: 3, y: 3, width: W - 6, height: H - 6, rx: 8, fill: SLATE, stroke: "#7a5a32", "stroke-width": 6 }));
  const g = svg("g", {});
  pic.append(g);
  g.append(svg("text", { x: 16, y: 26, fill: CHALK, "font-size": 13, opacity: 0.85 }, `line ${f.line_number}`));
  g.append(svg("text", { x: 110, y: 48, fill: CHALK, "font-size": 14, "text-anchor": "middle" }, sideTag(0, names)));
  g.append(svg("text", { x: 250, y: 48, fill: CHALK, "font-size": 14, "text-anchor": "middle" }, sideTag(1, names)));
  figure(g, 180, 58, 120, 100, f.erased);
  g.append(svg("text", { x: 110, y: 196, fill: CHALK, "font-size": 11, "text-anchor": "middle", opacity: 0.75 }, `${f.erased[0]} of 3 rubbed out`));
  g.append(svg("text", { x: 250, y: 196, fill: CHALK, "font-size": 11, "text-anchor": "middle", opacity: 0.75 }, `${f.erased[1]} of 3 rubbed out`));
  if (f.owner) {
    const s = "AB".indexOf(f.owner);
    crossRows(g, s === 0 ? 62 : 202, 222, f.singles, f.monks);
  } else {
    g.append(svg("text", { x: 180, y: 228, fill: CHALK, "font-size": 12, "text-anchor": "middle", opacity: 0.7 }, "no crosses: level"));
  }
  if (showOld.length) {
    g.append(chalk({ x1: 14, y1: 258, x2: W - 14, y2: 258, "stroke-width": 1, "stroke-opacity": 0.3 }));
    const more = finished.length - showOld.length;
    g.append(svg("text", { x: 16, y: 274, fill: CHALK, "font-size": 11, opacity: 0.75 },
      `finished lines${more ? ` (the last ${showOld.length} of ${finished.length})` : ""}:`));
    showOld.forEach((d, i) => {
      const cx = 36 + i * 56;
      const sub = svg("g", { opacity: 0.8 });
      figure(sub, cx, 282, 30, 18, d.erased, 1.6);
      sub.append(svg("text", { x: cx, y: 328, fill: CHALK, "font-size": 10, "text-anchor": "middle" },
        `${d.number}: ${"AB"[d.side]} ${d.grade === "monk" ? MONK : CROSS}`));
      g.append(sub);
    });
  }
  return pic;
}

function boardSummary(f) {
  const text = `rubbed out: A ${f.erased[0]} of 3 · B ${f.erased[1]} of 3 · crosses: `;
  if (!f.owner) return text + "none";
  const marks = [...Array(f.singles).fill(CROSS), ...Array(f.monks).fill(MONK)].join(" ");
  return text + `${f.owner} ${marks} (worth ${worth(f)}: ${f.owner} ahead)`;
}

function dealsTable(deals, names) {
  const table = el("table", { class: "sheet-table" });
  table.append(el("thead", {}, el("tr", {}, ...["deal", "tricks A–B", "result", "board after: A/B, line, crosses"].map((h) => el("th", {}, h)))));
  const body = el("tbody");
  for (const d of deals) {
    const b = d.sheet;
    const r = d.result;
    const t = teamTricks(r.tricks);
    const who = r.outcome === "void" ? "" : `${"AB"[winTeam(r)]} `;
    const crosses = b.owner ? `${b.owner} ${CROSS.repeat(b.singles)}${MONK.repeat(b.monks)}` : "none";
    const pen = r.outcome === "void" ? [0, 0] : penalties(r);
    const penText = pen.map((n, s) => (n ? `, ${"AB"[s]} ☨ penalty` : "")).join("");
    const nowrap = { style: "white-space: nowrap" };
    body.append(el("tr", {}, el("td", {}, d.number + 1), el("td", {}, `${t[0]}–${t[1]}`),
      el("td", nowrap, who + OUTCOME_SHORT[r.outcome] + penText),
      el("td", nowrap, `${b.erased[0]}/${b.erased[1]}, ${b.line_number}, ${crosses}`)));
  }
  table.append(body);
  return el("div", { style: "overflow-x: auto" }, table);
}

export function sheet(ctx) {
  const names = sideNaming(4, ctx);
  const deals = ctx.deals || [];
  const v = ctx.view || {};
  const f = v.sheet || (deals.length ? deals[deals.length - 1].sheet : INITIAL);
  const { finished } = replay(deals, names);
  const box = moduleBox("score-sheet styrivolt-sheet");
  box.append(boardPicture(f, finished, names));
  const lead = f.owner ? `${sideWho("AB".indexOf(f.owner), names)} ${names.name("AB".indexOf(f.owner)).startsWith("Side") ? "is" : "are"} ahead by ${plural(worth(f), "cross")}`
    : "Nobody holds a cross: the sides are level";
  box.append(el("div", { class: "info-line" }, el("b", {}, lead + "."), ` ${boardSummary(f)}.`));
  box.append(el("div", { class: "muted sheet-legend" },
    "Each side rubs out its own halves of the three strokes (A left, B right): 1 for an ordinary win, 2 for making the game, 3 for nine tricks. " +
    `The third rubbed out earns a cross ${CROSS}, or a monk's cross ${MONK} (worth two) if the other side had rubbed out none, or rubs out one of the other side's crosses; then a new line is drawn (rules §10).`));
  if (deals.length) box.append(dealsTable(deals, names));
  return box;
}

export function dealSummary(deal, ctx) {
  const names = sideNaming(4, ctx);
  const deals = ctx.deals || [];
  const idx = deals.findIndex((d) => d.number === deal.number);
  const upto = idx >= 0 ? deals.slice(0, idx + 1) : [...deals, deal];
  const { steps } = replay(upto, names);
  const r = deal.result;
  const box = moduleBox("deal-summary styrivolt-summary");
  box.append(el("h3", {}, `Deal ${deal.number + 1} · dealer ${seatName(deal.dealer, ctx)}`));
  if (r.outcome === "void") {
    box.append(el("p", {}, el("b", {}, OUTCOME_WORDS.void[0].toUpperCase() + OUTCOME_WORDS.void.slice(1) + ".")));
  } else {
    const t = teamTricks(r.tricks);
    const side = winTeam(r);
    box.append(el("p", {}, `Tricks: ${sideTag(0, names)} ${t[0]} · ${sideTag(1, names)} ${t[1]}`));
    box.append(el("p", {}, el("b", {}, `${sideWho(side, names)}: ${OUTCOME_WORDS[r.outcome]}.`)));
    const list = el("ul", {});
    for (const s of steps[steps.length - 1]) list.append(el("li", {}, s));
    box.append(list);
  }
  box.append(el("p", {}, el("b", {}, `Board, line ${deal.sheet.line_number}: `), boardSummary(deal.sheet) + "."));
  return box;
}

const WORDS = {
  DECLINE: "Decline", KEEP: "Keep the new hand", REVERT: "Revert to the old hand", KEEP_BOTH: "Keep both",
  NO_DISCARD: "No discard", CLAIM: "Claim: the game is made", CONTINUE: "Play on for nine",
  CLAIM_FUGLURIN: "Give K♥ for the Fuglurin 2♥",
};

/**
 * "EXCHANGE 7D" -> "Exchange 5♦ for 7♦ Lamb"; "TAKE_STOCK" -> "Take the stock (10)".  Also
 * used for other seats' actions in the history, so counts are added only to the viewer's own
 * legal actions, and a played card gets its base role (promotions belong to one hand).
 */
export function actionLabel(text, view) {
  const [verb, arg] = text.split(" ");
  const chosen = (view && view.chosen) || [];
  const mine = !!view && (view.legal || []).includes(text);
  const role = (c) => (chosen.length === 2 ? ` ${ROLE_NAMES[mine ? roleOf(view, view.seat, c) : baseRole(c, chosen)]}` : "");
  const card = (c) => (/^[2-9TJQKA][CSHD]$/.test(c || "") ? cardText(c) : "a card");
  switch (verb) {
    case "PLAY": return card(arg) + role(arg);
    case "EXPOSE": return `Expose ${card(arg)}`;
    case "EXCHANGE": return `Exchange ${cardText(FIVE_OF(arg[1]))} for ${card(arg)}${role(arg)}`;
    case "CHOOSE": return `Choose ${card(arg)}${role(arg)}`;
    case "DISCARD": return arg === "??" ? "Discard a card face down" : `Discard ${card(arg)}`;
    case "CLAIM_CUT": return `Claim the cut ${card(arg)}`;
    case "TAKE_STOCK":
      if (!mine) return "Take the stock";
      return view.first_taker !== null && view.first_taker !== undefined
        ? `Take the pile (${view.pile_size} cards)` : `Take the stock (${view.stock_size} cards)`;
    default: return WORDS[verb] || text;
  }
}

export function handOrder(cards, view) {
  return sortByRole(cards, view, view ? view.seat : null);
}
