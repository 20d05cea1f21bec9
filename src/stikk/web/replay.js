// The replay viewer of a finished game (GET /api/tables/{id}/replay): pick a deal, step
// through its actions (buttons, arrow keys, Home/End), with every hand face up, the trick,
// the game's info panel and score sheet as of that deal, each step's action spelled out,
// and the deal's result at its end.  The place is kept in the URL fragment (#deal=2&step=5)
// so a reload or a shared link opens the same moment.
import { gameModule } from "./games/index.js";
import { el } from "./games/common.js";
import {
  seatName, seatSpots, drawSeats, drawFelt, drawTrick, trickList, guarded, gameId, cardRow, ledText, tookText,
  msgNode, panelNode, dealScoreNode, sheetWords,
} from "./render.js";
import { showPane } from "./tabs.js";
import { loadLanguage, languagePicker, lang, t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");

const rp = { data: null, mod: null, deal: 0, step: 0, botLabels: {}, timer: null };

function showError(text) {
  const node = $('[data-testid="error"]');
  node.textContent = text;
  node.hidden = !text;
}

/** A replay deal in the shape of a DEAL_SUMMARY (web_contract.md), for the game modules;
 *  its tricks are those of its last frame. */
function summaryOf(deal) {
  const frames = deal.frames ?? [];
  const last = frames.length ? frames[frames.length - 1].view : null;
  return { number: deal.number, dealer: deal.dealer, result: deal.result, sheet: deal.sheet,
           final: deal.final ?? {}, score: deal.score ?? null, tricks: last ? last.tricks ?? [] : [] };
}

/** ctx for the game modules at one frame: the deals finished by then (this one too once its
 *  last step is reached), and the frame's public view. */
function ctxAt(dealIndex, frame, atEnd) {
  const deals = rp.data.deals.slice(0, dealIndex + (atEnd ? 1 : 0)).map(summaryOf);
  const view = { ...frame.view };
  // The sheet as of this moment: the view's own, else the sheet after the deal before.
  if (view.sheet === undefined && dealIndex > 0) view.sheet = rp.data.deals[dealIndex - 1].sheet;
  if (view.deal_number === undefined) view.deal_number = rp.data.deals[dealIndex].number;
  if (view.legal === undefined) view.legal = [];
  const seats = rp.data.seats.map((kind, seat) => ({ seat, kind, connected: false, standin: false }));
  return { game: gameId(rp.data.game), view, deals, seats, mySeat: null, options: rp.data.options ?? {} };
}

function go(deal, step) {
  const deals = rp.data.deals;
  deal = Math.max(0, Math.min(deals.length - 1, deal));
  const n = deals[deal].frames.length;
  step = Math.max(0, Math.min(n - 1, step));
  rp.deal = deal;
  rp.step = step;
  history.replaceState(null, "", `#deal=${deal}&step=${step}`);
  draw();
}

/** One step on; past a deal's end, the next deal's first frame (and back likewise). */
function forward() {
  const n = rp.data.deals[rp.deal].frames.length;
  if (rp.step < n - 1) go(rp.deal, rp.step + 1);
  else if (rp.deal < rp.data.deals.length - 1) go(rp.deal + 1, 0);
}

function back() {
  if (rp.step > 0) go(rp.deal, rp.step - 1);
  else if (rp.deal > 0) go(rp.deal - 1, rp.data.deals[rp.deal - 1].frames.length - 1);
}

function draw() {
  const deal = rp.data.deals[rp.deal];
  const frames = deal.frames;
  const frame = frames[rp.step];
  const atEnd = rp.step === frames.length - 1;
  const view = frame.view;
  const ctx = ctxAt(rp.deal, frame, atEnd);
  $("#deal-select").value = String(rp.deal);
  $("#deal-no").textContent = t("web.replay.deal_of", { n: deal.number + 1, total: rp.data.deals.length });
  $("#step-count").textContent = t("web.replay.step_of", { n: rp.step, total: frames.length - 1 });
  $('[data-testid="step-first"]').disabled = $('[data-testid="step-back"]').disabled = rp.step === 0 && rp.deal === 0;
  $('[data-testid="step-last"]').disabled = atEnd;
  $('[data-testid="step-forward"]').disabled = atEnd && rp.deal === rp.data.deals.length - 1;

  const spots = seatSpots(view.players, 0);
  drawSeats($("#seats"), { view, spots, mySeat: null, kinds: rp.data.seats, botLabels: rp.botLabels });
  drawFelt($("#felt-top"), $("#felt-bottom"), view.explain ? view.explain.felt : [], spots, null);
  const current = view.current_trick ?? [];
  const tricks = view.tricks ?? [];
  const caption = $("#trick-caption");
  if (current.length) {
    drawTrick($("#trick"), current, spots);
    $("#trick").dataset.complete = "false";
    caption.textContent = ledText(current[0][0], null);
  } else if (tricks.length) {
    const last = tricks[tricks.length - 1];
    drawTrick($("#trick"), last.plays, spots, { winner: last.winner });
    $("#trick").dataset.complete = "true";
    caption.textContent = last.winner === null || last.winner === undefined ? "" : tookText(last.winner, null);
  } else {
    $("#trick").replaceChildren();
    caption.textContent = "";
  }

  const said = view.explain.history;
  const unplayed = atEnd && summaryOf(deal).tricks.length === 0;
  // A deal that ends before a card is played (an Icelandic cut, everybody passing) says why.
  const n = deal.number + 1;
  $("#step-line").replaceChildren(...(unplayed
    ? [t("web.replay.no_cards", { n }), ...(deal.score ? deal.score.notes.flatMap((m) => [" ", msgNode(m)]) : [])]
    : [rp.step === 0 || !said.length ? t("web.replay.deals", { n, seat: seatName(deal.dealer, null) })
                                     : msgNode(said[said.length - 1])]));

  const hands = $("#hands");
  hands.replaceChildren();
  (view.hands ?? []).forEach((cards, seat) => {
    const ordered = cards ?? [];  // the server sends each hand as its player holds it
    hands.append(el("div", { class: "hand-row" + (view.to_act === seat ? " to-act" : ""), "data-seat": seat },
      el("span", { class: "who" }, seatName(seat, null)),
      ordered.length ? cardRow(ordered, "small") : el("span", { class: "muted" }, t("web.replay.hand_empty"))));
  });

  $('[data-testid="info"]').replaceChildren(panelNode(view.explain.panel, null));
  $('[data-testid="sheet"]').replaceChildren(el("h2", { class: "panel-title" }, t("web.sheet.title")),
    rp.mod ? guarded(() => rp.mod.sheet(ctx)) : el("div"),
    ...sheetWords(view.explain));

  const result = $("#result");
  result.hidden = !atEnd;
  if (atEnd) {
    const summary = summaryOf(deal);
    result.replaceChildren(el("h3", {}, t("web.replay.result", { n })),
      summary.score ? dealScoreNode(summary.score) : el("div"),
      el("h3", {}, t("web.deal.tricks")), trickList(summary.tricks, null));
  }
}

// -- autoplay: one step every so often, twice as long on a finished trick or a deal's end --
function atLastStep() {
  return rp.deal === rp.data.deals.length - 1 && rp.step === rp.data.deals[rp.deal].frames.length - 1;
}

function playing(on) {
  clearTimeout(rp.timer);
  rp.timer = null;
  const button = $('[data-testid="autoplay"]');
  button.setAttribute("aria-pressed", String(on));
  button.textContent = t(on ? "web.replay.pause" : "web.replay.play");
  if (on) schedule();
}

function schedule() {
  const frame = rp.data.deals[rp.deal].frames[rp.step];
  const view = frame.view;
  const pause = (view.current_trick ?? []).length === 0 && (view.tricks ?? []).length > 0 ||
    rp.step === rp.data.deals[rp.deal].frames.length - 1;
  rp.timer = setTimeout(() => {
    if (atLastStep()) {
      playing(false);
      return;
    }
    forward();
    schedule();
  }, Number($("#autoplay-speed").value) * (pause ? 2 : 1));
}

function toggleAutoplay() {
  if (rp.timer === null && atLastStep()) go(0, 0); // from the start again
  playing(rp.timer === null);
}

function setup() {
  const select = $("#deal-select");
  select.replaceChildren(...rp.data.deals.map((d, i) =>
    el("option", { value: i }, t("web.replay.deal_option", { n: d.number + 1, seat: seatName(d.dealer, null),
                                                            k: d.frames.length - 1 }))));
  select.addEventListener("change", () => go(Number(select.value), 0));
  $('[data-testid="step-first"]').addEventListener("click", () => go(rp.deal, 0));
  $('[data-testid="step-back"]').addEventListener("click", back);
  $('[data-testid="step-forward"]').addEventListener("click", forward);
  $('[data-testid="step-last"]').addEventListener("click", () => go(rp.deal, Infinity));
  $('[data-testid="autoplay"]').addEventListener("click", toggleAutoplay);
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLSelectElement || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const keys = { ArrowRight: forward, ArrowLeft: back,
                   Home: () => go(rp.deal, 0), End: () => go(rp.deal, Infinity) };
    if (ev.key === " " && !(ev.target instanceof HTMLButtonElement)) keys[" "] = toggleAutoplay;
    if (keys[ev.key]) {
      ev.preventDefault();
      keys[ev.key]();
    }
  });
  for (const tab of document.querySelectorAll("[data-tab]")) {
    tab.addEventListener("click", () => showPane(tab));
  }
  document.body.dataset.pane = "info";
  $("#controls").hidden = false;
}

async function start() {
  await loadLanguage();
  $(".topbar").append(languagePicker());
  const id = encodeURIComponent(tableId);
  $("#download").href = `/api/tables/${id}/record`;
  $("#download").setAttribute("download", `stikk-${tableId}.json`);
  try {
    const [res, games] = await Promise.all([fetch(`/api/tables/${id}/replay?lang=${encodeURIComponent(lang())}`),
                                            fetch("/api/games").catch(() => null)]);
    const body = await res.json().catch(() => null);
    if (!res.ok) {
      const why = body && body.error ? body.error : `${res.status} ${res.statusText}`;
      showError(t(res.status === 409 ? "web.replay.not_over" : "web.replay.none", { why }));
      $("#download").hidden = true;
      return;
    }
    rp.data = body;
    if (games && games.ok) {
      const g = await games.json();
      for (const b of g.bots ?? []) rp.botLabels[b.spec] = b.label;
    }
  } catch (e) {
    showError(t("web.replay.failed", { why: e.message }));
    return;
  }
  if (!rp.data.deals || rp.data.deals.length === 0) {
    showError(t("web.replay.no_deals"));
    return;
  }
  try {
    rp.mod = gameModule(rp.data.game);
  } catch (e) {
    console.error(e);
  }
  const title = t(`game.${gameId(rp.data.game)}.title`);
  $("#title").textContent = t("web.replay.title_game", { game: title });
  document.title = t("web.replay.page_title_game", { game: title });
  setup();
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  go(Number(params.get("deal") ?? 0) || 0, Number(params.get("step") ?? 0) || 0);
}

start();
