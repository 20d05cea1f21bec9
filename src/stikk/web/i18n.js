// The page's language: the player's choice (localStorage "stikk.lang"), else the browser's
// (the server picks from Accept-Language).  GET /api/i18n gives the page's messages in it
// (web.*, game.*, opt.*; English where untranslated, src/stikk/i18n/web.py); t() formats one,
// and the HTML's data-i18n* attributes are filled once they are in.
const KEY = "stikk.lang";
const ATTRIBUTES = { "data-i18n-aria-label": "aria-label", "data-i18n-title": "title",
                     "data-i18n-placeholder": "placeholder" };
// {{ and }}: a literal brace; {name} or {name:kind:arg:...}: a field.
const FIELD = /\{\{|\}\}|\{(\w+)(?::([^{}]*))?\}/g;

const state = { lang: "en", dir: "ltr", plural: ["one", "other"], languages: [], messages: {},
                rules: new Intl.PluralRules("en") };
const warned = new Set();

function chosen() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // no storage (a private window): the browser's language
  }
}

/** Load the messages of the page's language and fill the page's data-i18n* elements. */
export async function loadLanguage() {
  const code = chosen();
  try {
    const res = await fetch(code ? `/api/i18n?lang=${encodeURIComponent(code)}` : "/api/i18n");
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
    Object.assign(state, await res.json());
  } catch (e) {
    console.warn("stikk: the page's words could not be loaded", e);
  }
  state.rules = new Intl.PluralRules(state.lang);
  document.documentElement.lang = state.lang;
  document.documentElement.dir = state.dir;
  fillPage();
}

function fillPage() {
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const [data, attr] of Object.entries(ATTRIBUTES)) {
    for (const node of document.querySelectorAll(`[${data}]`)) node.setAttribute(attr, t(node.getAttribute(data)));
  }
}

/** The current language's code ("fo"). */
export function lang() {
  return state.lang;
}

function template(id) {
  if (id in state.messages) return state.messages[id];
  if (!warned.has(id)) {
    warned.add(id);
    console.warn(`stikk: no message ${id}`);
  }
  return id;
}

/** The message `id` in the page's language, its fields filled from `params`. */
export function t(id, params = {}) {
  return format(template(id), params);
}

/** The same as a list of strings and nodes: a param that is a DOM node stays a node. */
export function tNodes(id, params = {}) {
  return pieces(template(id), params);
}

/** A template (str.format style, see src/stikk/core/explain.py) filled from `params`. */
export function format(text, params = {}) {
  return pieces(text, params).join("");
}

function pieces(text, params) {
  const out = [];
  let at = 0;
  for (const m of text.matchAll(FIELD)) {
    out.push(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1] === undefined) out.push(m[0][0]);
    else out.push(m[1] in params ? field(params[m[1]], m[2]) : m[0]);
  }
  out.push(text.slice(at));
  return out.filter((p) => p !== "");
}

function field(value, spec) {
  const [kind, ...forms] = (spec ?? "").split(":");
  if (kind === "count") return countText(value, forms);
  return value instanceof Node ? value : String(value);
}

/** "3 tricks": the form of n's plural category (the server's list gives each form's
 *  category; the last form when there are fewer), "#" in it standing for n. */
function countText(n, forms) {
  const i = state.plural.indexOf(state.rules.select(n));
  const form = forms[i >= 0 && i < forms.length ? i : forms.length - 1];
  return form.includes("#") ? form.replaceAll("#", String(n)) : `${n} ${form}`;
}

/** A <select> of the languages, each in its own name; a choice is kept and the page reloaded. */
export function languagePicker() {
  const select = document.createElement("select");
  select.className = "lang-picker";
  select.dataset.testid = "lang-picker";
  select.setAttribute("aria-label", t("web.lang.choose"));
  for (const l of state.languages) {
    const option = new Option(l.name, l.code, false, l.code === state.lang);
    option.lang = l.code;
    option.dir = l.dir;
    select.append(option);
  }
  select.addEventListener("change", () => {
    localStorage.setItem(KEY, select.value);
    location.reload();
  });
  return select;
}
