// The lobby: create a table (a game chosen from cards that say what each is, player count,
// a kind for every seat, the game's options folded as house rules in words with their
// defaults, all remembered per game; public or private), hand out the invite links the server returns (shown only
// this once), and list the public tables with join / watch / replay / download, a page at a
// time, filtered by game, state and open seats.
// Everything comes from GET /api/games and /api/tables (web_contract.md); the words from
// the page's language (i18n.js).
import { el } from "./games/common.js";
import { gameId, kindLabel, shortKind, wordPieces } from "./render.js";
import { lang, loadLanguage, languagePicker, t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
const REFRESH_MS = 4000;
const PAGE = 50;      // tables per page of GET /api/tables

const lobby = {
  games: [],
  bots: [],
  botLabels: {},
  kinds: [],          // the chosen kind per seat, kept when the player count changes
  tablesJson: "",     // the last list drawn, to redraw only when it changed
  pages: 1,           // pages of the list shown: a refresh loads as many again
  loads: 0,           // counts list loads, so a late answer to older filters is dropped
};

// -- talking to the server ------------------------------------------------------------------
/** fetch + JSON; a refusal becomes an Error carrying the server's own words. */
async function api(path, init) {
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new Error(t("web.lobby.unreachable"));
  }
  let body = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    const why = body && typeof body.error === "string" ? body.error : `${res.status} ${res.statusText}`;
    throw new Error(why);
  }
  return body;
}

function showError(testid, message) {
  const node = document.querySelector(`[data-testid="${testid}"]`);
  node.textContent = message ?? "";
  node.hidden = !message;
}

// -- the new-table form ---------------------------------------------------------------------
// No game is chosen for the player: the page asks which (a card per game, with where it is
// played and what it is like), unless one was chosen here before.  Then the form: players,
// seats, deals and bot speed in sight, the game's options folded away as "House rules", each
// in words with its standard value.  The choices are remembered per game in localStorage.
const MEMORY = "stikk.lobby.";   // + game id: that game's last choices; + "game": the last game

function recall(key) {
  try {
    return localStorage.getItem(MEMORY + key);
  } catch {
    return null; // no storage (a private window): nothing remembered
  }
}

function remember(key, value) {
  try {
    localStorage.setItem(MEMORY + key, value);
  } catch {
    // no storage: the choices are simply not kept
  }
}

function recalledChoices(game) {
  try {
    const saved = JSON.parse(recall(game) ?? "null");
    return saved && typeof saved === "object" ? saved : {};
  } catch {
    return {};
  }
}

function currentGame() {
  return lobby.games.find((g) => g.id === $("#game").value);
}

const gameTitle = (id) => t(`game.${id}.title`);

/** t(id), or `fallback` where the catalogue has no such message. */
function tOr(id, fallback) {
  const text = t(id);
  return text === id ? fallback : text;
}

function drawGameChoice() {
  const select = $("#game");
  select.replaceChildren(el("option", { value: "" }, t("web.lobby.choose_game")),
    ...lobby.games.map((g) => el("option", { value: g.id }, gameTitle(g.id))));
  $("#filter-game").append(...lobby.games.map((g) => el("option", { value: g.id }, gameTitle(g.id))));
  $("#game-cards").replaceChildren(...lobby.games.map(gameCard));
  select.disabled = false;
  $("#create").disabled = false;
  select.addEventListener("change", chooseGame);
  const last = recall("game");
  select.value = lobby.games.some((g) => g.id === last) ? last : "";
  chooseGame();
}

/** A game to choose: its name, where it is played, and two sentences about it. */
function gameCard(game) {
  const button = el("button", { type: "button", class: "game-card", "data-game": game.id,
                                "data-testid": `game-card-${game.id}` },
    el("span", { class: "game-card-title" }, gameTitle(game.id)),
    el("span", { class: "game-card-home" }, t("web.lobby.home", { home: t(`game.${game.id}.home`) })),
    el("span", { class: "game-card-about" }, ...wordPieces(t(`game.${game.id}.about`))));
  button.addEventListener("click", () => {
    $("#game").value = game.id;
    chooseGame();
    $("#game").focus();
  });
  return el("li", {}, button);
}

function chooseGame() {
  const game = currentGame();
  $("#game-intro").hidden = Boolean(game);
  $("#game-form").hidden = !game;
  $(".create-bar").hidden = !game;
  showError("lobby-error", "");
  if (!game) return;
  remember("game", game.id);
  drawGameForm(game, recalledChoices(game.id));
}

function drawGameForm(game, saved) {
  $("#game-home").textContent = t("web.lobby.home", { home: t(`game.${game.id}.home`) });
  $("#game-about-text").replaceChildren(...wordPieces(t(`game.${game.id}.about`)));
  // The rules line: the summary's first sentence, the rest one click away.
  const summary = t(`game.${game.id}.summary`);
  const cut = summary.search(/\.(\s|$)/);
  const head = cut > 0 && cut < summary.length - 1 ? summary.slice(0, cut + 1) : summary;
  $("#rules-line summary").replaceChildren(
    ...wordPieces(t(head !== summary ? "web.lobby.rules_more" : "web.lobby.rules", { summary: head })));
  $("#rules-line p").replaceChildren(...wordPieces(head !== summary ? summary : ""));
  $("#rules-line").open = false;
  $("#rules-link").href = `/rules/${encodeURIComponent(game.id)}?lang=${encodeURIComponent(lang())}`;
  const count = game.players.includes(Number(saved.players)) ? Number(saved.players) : game.default_players;
  const players = $("#players");
  players.replaceChildren(...game.players.map((n) =>
    el("option", { value: n, selected: n === count }, t("web.lobby.player_count", { n }))));
  players.onchange = drawSeatKinds;
  const kinds = new Set(["human", ...lobby.bots.map((b) => b.spec)]);
  lobby.kinds = Array.isArray(saved.seats) ? saved.seats.map((k) => (kinds.has(k) ? k : undefined)) : [];
  drawOptions(game, saved.options && typeof saved.options === "object" ? saved.options : {});
  drawSeatKinds();
  // A game whose session never ends (Stýrivolt) stops after a number of deals.
  $("#deals-field").hidden = game.deals == null;
  $("#deals").value = game.deals == null ? "" : Number.isInteger(saved.deals) && saved.deals >= 1 ? saved.deals : game.deals;
  const pace = $("#pace");
  const paces = Array.from(pace.options, (o) => o.value);
  pace.value = paces.includes(String(saved.pace)) ? String(saved.pace) : "1";
  $("#house-rules").open = false;
}

/** An option's value in words: Yes / No, a named value from the catalogue, else as it is. */
function valueWords(game, opt, value) {
  if (opt.kind === "bool") return t(value === "true" ? "web.lobby.yes" : "web.lobby.no");
  if (opt.kind === "choices" && value === "none") return t("web.lobby.none");
  if (opt.kind === "choices") return value.split("+").map((v) => valueWords(game, { ...opt, kind: "choice" }, v)).join(" + ");
  if (!Array.isArray(opt.values) || /^-?\d+$/.test(value)) return value;
  return tOr(`optval.${game.id}.${opt.name}.${value}`, value);
}

/** A remembered value the option still takes, else its default. */
function startValue(opt, saved) {
  const value = saved[opt.name];
  if (typeof value !== "string") return opt.default;
  if (opt.kind === "choices") {
    const parts = value === "none" ? [] : value.split("+");
    return parts.every((v) => opt.values.includes(v)) ? value : opt.default;
  }
  if (Array.isArray(opt.values) && opt.values.length) return opt.values.includes(value) ? value : opt.default;
  return value;
}

/** The values an option without a list takes, in words: a whole number's range, or the
 *  form a value is typed in (the server's English words for any other). */
function allowedWords(opt) {
  if (Number.isInteger(opt.min)) {
    return opt.max === null || opt.max === undefined ? t("optform.min", { lo: opt.min })
      : t("optform.range", { lo: opt.min, hi: opt.max });
  }
  if (opt.form) return t(`optform.${opt.form}`);
  return opt.allowed ?? null;
}

/** One field per option under House rules: its name and help in words, a select of the
 *  values in words (the standard one marked) when the server lists them, a box per value for
 *  an option that takes any subset of them (Romanian Whist's final special rounds: none, one,
 *  or several joined by +), else a text box with the allowed range as hint. */
function drawOptions(game, saved) {
  const grid = $("#options-grid");
  grid.replaceChildren();
  $("#house-rules").hidden = game.options.length === 0;
  for (const opt of game.options) {
    const id = `opt-${opt.name}`;
    const value = startValue(opt, saved);
    const standard = valueWords(game, opt, String(opt.default));
    let input;
    if (opt.kind === "choices" && Array.isArray(opt.values)) {
      input = subsetField(id, game, opt, value);
    } else if (Array.isArray(opt.values) && opt.values.length) {
      input = el("select", { id, "data-option": opt.name, "data-testid": `option-${opt.name}` },
        ...opt.values.map((v) => {
          const words = valueWords(game, opt, v);
          return el("option", { value: v, selected: v === value },
                    v === String(opt.default) ? t("web.lobby.standard_value", { value: words }) : words);
        }));
    } else {
      input = el("input", { id, type: "text", value, placeholder: allowedWords(opt) ?? "",
                            "data-option": opt.name, "data-testid": `option-${opt.name}` });
    }
    const subset = input.tagName === "SPAN";
    (subset ? input.querySelector("[data-option]") : input).dataset.default = opt.default ?? "";
    const help = opt.help ? t(`opt.${game.id}.${opt.name}`) : "";
    const allowed = opt.values ? null : allowedWords(opt);
    const hints = [help, allowed ? t("web.lobby.allowed", { values: allowed }) : null,
                   t("web.lobby.default", { value: standard })].filter(Boolean);
    const hintId = `${id}-hint`;
    for (const c of subset ? input.querySelectorAll("input[type=checkbox]") : [input]) c.setAttribute("aria-describedby", hintId);
    const label = tOr(`optlabel.${game.id}.${opt.name}`, opt.label || opt.name.replaceAll("_", " "));
    // A set of boxes is a group named by the option; a single control is labelled by it.
    const field = subset
      ? el("div", { class: "field option-field", role: "group", "aria-labelledby": `${id}-label`, "data-field": opt.name })
      : el("label", { class: "field option-field", for: id, "data-field": opt.name });
    field.append(el("span", { class: "label", id: `${id}-label` }, label), input,
      el("span", { class: "hint", id: hintId }, ...hints.flatMap((h, i) => (i ? [el("br"), h] : [h]))));
    grid.append(field);
  }
  markChanged();
}

/** Check boxes for an option whose value is a subset of its values; the hidden input that
 *  carries the option holds the chosen ones joined by + ("none" when none is chosen). */
function subsetField(id, game, opt, start) {
  const chosen = new Set(start === "none" ? [] : String(start).split("+"));
  const value = el("input", { id, type: "hidden", value: start, "data-option": opt.name,
                              "data-testid": `option-${opt.name}` });
  const boxes = opt.values.map((v) => el("input", { type: "checkbox", value: v, checked: chosen.has(v),
                                                    "data-testid": `option-${opt.name}-${v}` }));
  const update = () => {
    const on = boxes.filter((b) => b.checked).map((b) => b.value);
    value.value = on.length ? on.join("+") : "none";
  };
  for (const b of boxes) b.addEventListener("change", update);
  return el("span", { class: "subset" }, value,
    ...boxes.map((b) => el("label", { class: "subset-choice" }, b, " ", valueWords(game, { ...opt, kind: "choice" }, b.value))));
}

/** The options changed from their standard value: marked, and counted in the fold's title. */
function markChanged() {
  let changed = 0;
  for (const input of document.querySelectorAll("#options-grid [data-option]")) {
    const differs = input.value.trim() !== String(input.dataset.default);
    input.closest(".option-field").classList.toggle("changed", differs);
    changed += differs;
  }
  $("#house-rules-summary").textContent = changed
    ? t("web.lobby.house_rules_changed", { n: changed }) : t("web.lobby.house_rules");
}

function resetRules() {
  const game = currentGame();
  if (!game) return;
  drawOptions(game, {});
  saveChoices();
}

/** This game's choices, for the next visit: players, seats, changed options, deals, pace. */
function saveChoices() {
  const game = currentGame();
  if (!game) return;
  const players = Number($("#players").value);
  const options = {};
  for (const input of document.querySelectorAll("#options-grid [data-option]")) {
    const value = input.value.trim();
    if (value !== String(input.dataset.default)) options[input.dataset.option] = value;
  }
  const seats = Array.from({ length: players }, (_, s) => $(`#seat-kind-${s}`)?.value ?? lobby.kinds[s]);
  const saved = { players, seats, options, pace: Number($("#pace").value) };
  const deals = Number($("#deals").value.trim());
  if (game.deals != null && Number.isInteger(deals) && deals >= 1) saved.deals = deals;
  remember(game.id, JSON.stringify(saved));
}

function formChanged(ev) {
  if (ev.target.closest?.("#options-grid")) markChanged();
  if (ev.target.id !== "game" && ev.target.id !== "seed") saveChoices();
}

function defaultKind(seat) {
  if (seat === 0) return "human";
  const heuristic = lobby.bots.find((b) => b.spec === "heuristic");
  return heuristic ? heuristic.spec : lobby.bots[0]?.spec ?? "human";
}

function drawSeatKinds() {
  const n = Number($("#players").value);
  const box = $("#seat-kinds");
  box.replaceChildren();
  for (let s = 0; s < n; s++) {
    const chosen = lobby.kinds[s] ?? defaultKind(s);
    const select = el("select", { id: `seat-kind-${s}`, "data-testid": `seat-kind-${s}` },
      el("option", { value: "human", selected: chosen === "human" }, t("web.kind.human")),
      ...lobby.bots.map((b) => el("option", { value: b.spec, selected: chosen === b.spec },
                                  t("web.lobby.seat_bot", { bot: kindLabel(b.spec, lobby.botLabels) }))));
    select.addEventListener("change", () => { lobby.kinds[s] = select.value; });
    box.append(el("label", { class: "seat-kind-row", for: `seat-kind-${s}` },
      el("span", { class: "who" }, t("web.seat.n", { n: s })), select));
  }
}

/** The body of POST /api/tables.  Only options changed from their default are sent, so a
 *  default that depends on another choice stays the server's. */
function formBody() {
  const game = currentGame();
  if (!game) throw new Error(t("web.lobby.no_game"));
  const players = Number($("#players").value);
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const value = input.value.trim();
    if (value !== String(input.dataset.default)) options[input.dataset.option] = value;
  }
  const seats = Array.from({ length: players }, (_, s) => $(`#seat-kind-${s}`).value);
  const body = { game: game.id, players, options, seats, public: $("#public").checked,
                  pace: Number($("#pace").value) };
  if (game.deals != null) {
    const deals = Number($("#deals").value.trim());
    if (!Number.isInteger(deals) || deals < 1) throw new Error(t("web.lobby.bad_deals"));
    body.deals = deals;
  }
  const seedText = $("#seed").value.trim();
  if (seedText !== "") {
    const seed = Number(seedText);
    if (!Number.isInteger(seed) || seed < 0) throw new Error(t("web.lobby.bad_seed"));
    body.seed = seed;
  }
  return body;
}

async function createTable(ev) {
  ev.preventDefault();
  showError("lobby-error", "");
  let body;
  try {
    body = formBody();
  } catch (e) {
    showError("lobby-error", e.message);
    return;
  }
  const button = $("#create");
  button.disabled = true;
  try {
    const table = await api("/api/tables", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    drawCreated(table);
    refreshTables();
  } catch (e) {
    showError("lobby-error", t("web.lobby.not_created", { why: e.message }));
  } finally {
    button.disabled = false;
  }
}

const absolute = (link) => new URL(link, location.origin).href;

/** The links of a new table: every human seat's invite (with a copy button), a link to sit
 *  at the first human seat oneself, and the spectator link.  The tokens are not kept. */
function drawCreated(table) {
  const box = el("div", { class: "created", "data-testid": "created", "data-table-id": table.id });
  box.append(el("h3", {}, t("web.lobby.created")), el("p", { class: "muted" }, t("web.lobby.created_note")));
  const humanSeats = Object.keys(table.links).filter((k) => k !== "watch").map(Number).sort((a, b) => a - b);
  for (const s of humanSeats) {
    const url = absolute(table.links[String(s)]);
    const copy = el("button", { type: "button", class: "small-btn", "data-testid": `copy-link-${s}` }, t("web.lobby.copy"));
    copy.addEventListener("click", () => copyText(url, copy));
    box.append(el("div", { class: "invite" }, el("span", { class: "who" }, t("web.seat.n", { n: s })),
      el("a", { class: "link", href: url, "data-testid": `invite-link-${s}`, target: "_blank", rel: "noopener" }, url), copy));
  }
  if (humanSeats.length === 0) box.append(el("p", {}, t("web.lobby.all_bots")));
  const go = el("div", { class: "go" });
  if (humanSeats.length) {
    go.append(el("a", { class: "primary-btn", href: table.links[String(humanSeats[0])], "data-testid": "take-seat" },
                 t("web.lobby.take_seat", { n: humanSeats[0] })));
  }
  if (table.links.watch) {
    const watchUrl = absolute(table.links.watch);
    const copy = el("button", { type: "button", class: "small-btn", "data-testid": "copy-watch-link" }, t("web.lobby.copy"));
    copy.addEventListener("click", () => copyText(watchUrl, copy));
    box.append(el("div", { class: "invite" }, el("span", { class: "who" }, t("web.link.watch")),
      el("a", { class: "link", href: watchUrl, "data-testid": "watch-link", target: "_blank", rel: "noopener" }, watchUrl), copy));
  }
  box.append(go);
  $("#created").replaceChildren(box);
  box.scrollIntoView({ behavior: "smooth", block: "nearest" });
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard API (plain http on another host): copy through a selected text field.
    const area = el("textarea", { style: "position:fixed;left:-9999px" });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  button.textContent = t("web.lobby.copied");
  setTimeout(() => { button.textContent = t("web.lobby.copy"); }, 1500);
}

// -- the list of tables ---------------------------------------------------------------------
function seatChip(table, kind, s, open) {
  const cls = "chip" + (open ? " open" : "") + (table.to_act === s && !table.over ? " to-act" : "");
  const full = kind === "human" ? t("web.kind.person") : kindLabel(kind, lobby.botLabels);
  return el("span", { class: cls, title: full },
            t(open ? "web.lobby.chip_open" : "web.lobby.chip", { seat: s, kind: shortKind(kind, lobby.botLabels) }));
}

function tableRow(table) {
  const row = el("li", { class: "table-row", "data-testid": "table-row", "data-table-id": table.id });
  const open = new Set(table.open_seats ?? []);
  row.append(el("div", { class: "row-title" }, gameTitle(gameId(table.game)),
    el("span", { class: "muted", style: "font-weight:400" }, table.game),
    el("span", { class: "state" + (table.over ? " over" : "") }, t(table.over ? "web.lobby.over" : "web.lobby.running"))));
  row.append(el("div", { class: "seat-chips" }, ...table.seats.map((kind, s) => seatChip(table, kind, s, open.has(s)))));
  const facts = [table.over
    ? t("web.lobby.finished_after", { n: table.deals_played ?? (table.deal_number ?? 0) + 1 })
    : t("web.lobby.fact_deal", { n: (table.deal_number ?? 0) + 1 })];
  if (!table.over && table.to_act !== null && table.to_act !== undefined) facts.push(t("web.lobby.fact_to_play", { n: table.to_act }));
  if (open.size) facts.push(t("web.lobby.fact_open", { n: open.size }));
  row.append(el("div", { class: "row-facts" }, facts.join(" · ")));
  const buttons = el("div", { class: "row-buttons" });
  if (open.size && !table.over) {
    const join = el("button", { type: "button", class: "primary-btn", "data-testid": "join" }, t("web.lobby.join"));
    join.addEventListener("click", () => joinTable(table.id, join));
    buttons.append(join);
  }
  const id = encodeURIComponent(table.id);
  buttons.append(el("a", { class: "plain-btn", href: `/table/${id}#watch`, "data-testid": "watch" }, t("web.link.watch")));
  if (table.over) {
    buttons.append(el("a", { class: "plain-btn", href: `/replay/${id}`, "data-testid": "replay" }, t("web.link.replay")),
      el("a", { class: "plain-btn", href: `/api/tables/${id}/record`, download: `stikk-${table.id}.json`,
                "data-testid": "download-record" }, t("web.link.download")));
  }
  row.append(buttons);
  return row;
}

async function joinTable(id, button) {
  button.disabled = true;
  try {
    const seat = await api(`/api/tables/${encodeURIComponent(id)}/join`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: "{}",
    });
    location.href = seat.link;
  } catch (e) {
    showError("tables-error", t("web.lobby.join_failed", { why: e.message }));
    button.disabled = false;
    refreshTables();
  }
}

/** GET /api/tables for one page under the chosen filters. */
function tablesPath(cursor) {
  const query = new URLSearchParams({ limit: String(PAGE) });
  const game = $("#filter-game").value;
  const state = $("#filter-state").value;
  if (game) query.set("game", game);
  if (state) query.set("state", state);
  if ($("#filter-open").checked) query.set("open", "true");
  if (cursor) query.set("cursor", cursor);
  return `/api/tables?${query}`;
}

/** The first `pages` pages of the list; `next` is null once the list is all there. */
async function loadPages(pages) {
  const tables = [];
  let next = null;
  for (let page = 0; page < pages; page++) {
    const data = await api(tablesPath(next));
    tables.push(...data.tables);
    next = data.next;
    if (!next) break;
  }
  return { tables, next };
}

async function refreshTables() {
  const load = ++lobby.loads;
  try {
    const { tables, next } = await loadPages(lobby.pages);
    if (load !== lobby.loads) return; // the filters changed meanwhile: a newer load draws
    showError("tables-error", "");
    $("#more-tables").hidden = !next;
    const json = JSON.stringify(tables);
    if (json === lobby.tablesJson) return;
    lobby.tablesJson = json;
    const list = $("#table-list");
    list.replaceChildren(...tables.map(tableRow));
    const count = t(next ? "web.lobby.count_shown" : "web.lobby.count", { n: tables.length });
    $("#tables-note").textContent = tables.length ? count : "";
    if (!tables.length && !next) list.append(el("li", { class: "muted" }, t(filtered() ? "web.lobby.no_match" : "web.lobby.none_yet")));
  } catch (e) {
    showError("tables-error", t("web.lobby.list_failed", { why: e.message }));
  }
}

function filtered() {
  return Boolean($("#filter-game").value || $("#filter-state").value || $("#filter-open").checked);
}

/** New filters: the list starts again from its first page. */
function refilter() {
  lobby.pages = 1;
  lobby.tablesJson = "";
  $("#more-tables").hidden = true; // the old list's "more" is not the new filters': it comes back with their first page
  refreshTables();
}

// -- start --------------------------------------------------------------------------------
async function start() {
  await loadLanguage();
  $(".topbar").append(languagePicker());
  $("#create-form").addEventListener("submit", createTable);
  $("#create-form").addEventListener("change", formChanged);
  $("#create-form").addEventListener("input", formChanged);
  $("#reset-rules").addEventListener("click", resetRules);
  for (const id of ["#filter-game", "#filter-state", "#filter-open"]) $(id).addEventListener("change", refilter);
  $("#more-tables").addEventListener("click", () => { lobby.pages += 1; refreshTables(); });
  refreshTables();
  setInterval(() => { if (document.visibilityState === "visible") refreshTables(); }, REFRESH_MS);
  try {
    const data = await api("/api/games");
    lobby.games = data.games;
    lobby.bots = data.bots ?? [];
    for (const b of lobby.bots) lobby.botLabels[b.spec] = b.label;
    drawGameChoice();
    lobby.tablesJson = "";
    refreshTables(); // again, now with the bot labels
  } catch (e) {
    showError("lobby-error", t("web.lobby.games_failed", { why: e.message }));
  }
}

start();
