// The table websocket (web_contract.md "Websocket"): connect to /ws/{id}, send the join or
// watch message first (credentials never go in the URL), dispatch every server message by
// its type, and reconnect on its own with a growing delay (0.5 s, 1 s, 2 s ... at most 5 s),
// sending the same first message again, so a dropped network gives the seat back.  The first
// message names the page's language: the server says its sentences in it.
import { lang } from "./i18n.js";

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5000;
const POLICY_VIOLATION = 1008; // the server refused the credential: retrying cannot help

/** The credential in a table page's URL fragment: {token} for a seat, {watch} for a spectator.
 *  "#token=T" -> {token: "T"}; "#watch=W" -> {watch: "W"}; "#watch" or nothing -> {watch: ""}. */
export function credentialFromHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("token");
  if (token) return { token };
  return { watch: params.get("watch") ?? "" };
}

/** The first message for a credential, in the page's language. */
export function helloMessage(cred) {
  const hello = cred.token ? { type: "join", token: cred.token } : { type: "watch", watch: cred.watch ?? "" };
  return { ...hello, lang: lang() };
}

export class TableConnection {
  /**
   * @param {string} tableId
   * @param {object} cred      {token} or {watch}
   * @param {object} handlers  {view(msg), error(msg), unknown(msg), status(state, detail)}
   *   status states: "connecting", "connected", "reconnecting", "closed" (refused for good).
   */
  constructor(tableId, cred, handlers) {
    this.tableId = tableId;
    this.cred = cred;
    this.handlers = handlers;
    this.attempt = 0;
    this.socket = null;
    this.timer = null;
    this.closedForGood = false;
  }

  start() {
    this._open("connecting");
    // Coming back to the tab or the network: do not wait out the backoff.
    window.addEventListener("online", () => this._retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this._retryNow();
    });
  }

  /** Send one intent; false if there is no open socket (the caller shows why). */
  act(action) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify({ type: "act", action }));
    return true;
  }

  _url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/${encodeURIComponent(this.tableId)}`;
  }

  _open(state) {
    clearTimeout(this.timer);
    this.timer = null;
    this.handlers.status(state);
    let ws;
    try {
      ws = new WebSocket(this._url());
    } catch (e) {
      this._scheduleRetry();
      return;
    }
    this.socket = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify(helloMessage(this.cred)));
      this.handlers.status("connected");
    });
    ws.addEventListener("message", (ev) => this._dispatch(ev.data));
    ws.addEventListener("close", (ev) => {
      if (this.socket !== ws) return; // an old socket replaced by a newer one
      this.socket = null;
      if (ev.code === POLICY_VIOLATION) {
        this.closedForGood = true;
        this.handlers.status("closed", ev.reason);
        return;
      }
      this._scheduleRetry();
    });
  }

  _dispatch(raw) {
    let msg;
    try {
      msg = JSON.parse(raw);
    } catch {
      this.handlers.unknown({ type: null, raw });
      return;
    }
    if (msg && msg.type === "view") {
      this.attempt = 0; // a full view: the connection is good again, restart the backoff
      this.handlers.view(msg);
    } else if (msg && msg.type === "error") {
      this.handlers.error(msg);
    } else {
      this.handlers.unknown(msg);
    }
  }

  _scheduleRetry() {
    if (this.closedForGood || this.timer) return;
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.handlers.status("reconnecting");
    this.timer = setTimeout(() => {
      this.timer = null;
      this._open("reconnecting");
    }, delay);
  }

  _retryNow() {
    if (this.closedForGood || this.socket) return;
    this._open("reconnecting");
  }
}
