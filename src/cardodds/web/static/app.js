// cardodds serve: pick cards, ask /api/odds/<game>, show the events as they stream in, in the players' words.
// Every number shown comes from the server (the functions of `cardodds odds`); each carries data-key (its path in
// the JSON of `cardodds odds <game> --json`) and data-value (the value as JSON, in full), so the page can be checked.
// The words are in words.js (Vietnamese first; English one click away, remembered in localStorage). How a game shows
// its answers is its folder's page.js (GAME_PAGES, /games.js); a game without one has its answer listed.
"use strict";

const GAME = location.pathname.split("/")[1]; // the page is served at /<game> only
const PAGE = GAME_PAGES[GAME] || {}; // the game's page.js (/games.js): its answers; without one, the answer listed
let GAME_NAMES = {}; // every page's game by its printed name, from the server (/api/cards: "games")
const RARE = 0.02; // a chance below this reads "1 in N"
const $ = (id) => document.getElementById(id);
const state = {
  deck: null, picks: new Map(), tokens: 0, request: null, seq: 0, timer: null, exact: null,
  sim: null, simKind: null, deckOpen: false, lang: localStorage.getItem("cardodds.lang") || "vi", fullDeck: null,
  unread: [],
};
const W = () => WORDS[state.lang];

// ---- words and numbers (the games' page.js call these too: the page's scripts share one global scope) ----
function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
function nf(v, digits = 0) { return Fmt.nf(v, digits, state.lang); }
function pct(p) {
  // a rare chance also as "1 in N"; an interval's bounds are percentages always (format.js)
  const percent = Fmt.pct(p, state.lang);
  return p > 0 && p < RARE ? `${percent} (${W().one_in(nf(Math.round(1 / p)))})` : percent;
}
function tag(key, v, shown, cls = "num") {
  return `<span class="${cls}" data-key="${esc(key)}" data-value="${esc(JSON.stringify(v))}">${shown}</span>`;
}
function num(key, v, digits = 0, sign = false) {
  return tag(key, v, esc(sign ? Fmt.signed(v, digits, state.lang) : nf(v, digits)));
}
function interval(low, high) {
  // the 95 % interval, one form on every page: "[−0,28; −0,20]", its bounds written already (tags)
  return ` <span class="ci">(${esc(W().ci)}: ${Fmt.interval(low, high)})</span>`;
}
function chance(key, d, est = "estimate") {
  const bound = (k) => tag(`${key}.${k}`, d[k], esc(Fmt.pct(d[k], state.lang)));
  return `${tag(`${key}.${est}`, d[est], esc(pct(d[est])))}${interval(bound("ci_low"), bound("ci_high"))}`;
}
function fair(k) {
  return ` <span class="fair">— ${esc(W().fair(k))} = ${esc(pct(1 / k))}</span>`;
}
function faceName(face) { return Cards.name(face, GAME, state.lang); } // cards.js: in the page's language
function cardWord(token) {
  const face = state.deck.cards.find((f) => f.code.toLowerCase() === token.toLowerCase() || f.name === token);
  return face ? faceName(face) : token;
}
function cardWords(textValue) {
  return String(textValue).replace(/[^\s,|]+/g, cardWord);
}
function strategyWord(game, name) { return (W().strategies[game] || {})[name] || name; }

// ---- the deck and the hand ----
function handText() {
  const words = [];
  for (const face of state.deck.cards) for (let i = 0; i < (state.picks.get(face.code) || 0); i++) words.push(face.code);
  return words.join(" ");
}
function readHand() {
  // What the text box says, as picks (a two-word name, "Nhị Vạn", is one card); words the page does not know count
  // toward the hand, are named in a hint, and are left to the server's message once the hand could be complete.
  const byLower = new Map(state.deck.cards.map((f) => [f.code.toLowerCase(), f.code]));
  for (const f of state.deck.cards) for (const name of [f.name, faceName(f)]) byLower.set(name.toLowerCase(), f.code);
  const known = (t) => byLower.get(t.toLowerCase().replace(/^t(?=[scdh♠♣♦♥]$)/, "10"));
  state.picks = new Map();
  state.unread = [];
  const words = $("hand").value.split(/[\s,;]+/).filter((t) => t);
  let count = 0;
  for (let i = 0; i < words.length; i++, count++) {
    const two = i + 1 < words.length && known(`${words[i]} ${words[i + 1]}`);
    const code = two || known(words[i]);
    if (two) i++;
    if (code) state.picks.set(code, (state.picks.get(code) || 0) + 1);
    else state.unread.push(words[i]);
  }
  state.tokens = count;
}
function unreadHint() {
  const w = W(), list = state.unread.map((t) => `«${t}»`).join(", ");
  const example = w.unread_example[GAME] || state.deck.cards.slice(0, 4).map((f) => f.code).join(", ");
  return state.unread.length ? w.unread(list, example) : "";
}
function drawDeck() {
  $("deck").innerHTML = Cards.deckHtml(state.deck, GAME, state.lang); // cards.js: the markup the mid-game form's deck shares
}
function sizes() { return state.deck.sizes; }
function useDeck(name, value) {
  // a field's value that deals from another deck (Tấn's 36 cards, 6 dealt): the cards and sizes the deck's variant keeps
  const full = state.fullDeck, variant = ((full.variants || {})[name] || {})[value];
  state.deck = variant ? { ...full, cards: full.cards.filter((f) => variant.codes.includes(f.code)), sizes: variant.sizes } : full;
  drawDeck();
  readHand();
  drawPicks();
}
function drawPicks() {
  let html = "";
  for (const btn of document.querySelectorAll("#deck .face")) {
    const n = state.picks.get(btn.dataset.code) || 0, face = state.deck.cards.find((f) => f.code === btn.dataset.code);
    btn.querySelector(".badge").textContent = n ? (face.copies > 1 ? `×${n}` : "✓") : "";
    btn.classList.toggle("picked", n > 0);
  }
  for (const f of state.deck.cards) {
    const n = state.picks.get(f.code) || 0;
    for (let i = 0; i < n; i++) html += `<button type="button" class="chip${f.red ? " red" : ""}" data-code="${esc(f.code)}">${esc(faceName(f))}</button>`;
  }
  $("picked").innerHTML = html || `<span class="hint">${esc(W().empty)}</span>`;
  const n = state.tokens, s = sizes(), max = s[s.length - 1];
  const where = n < s[0] ? W().missing(n, s) : n > max ? W().too_many(n, max) : W().complete(n);
  $("count").textContent = `${W().picked(n)} — ${where}`;
  $("count").dataset.picked = n;
  const full = n >= s[0];
  document.body.classList.toggle("full", full && !state.deckOpen);
  $("toggle-deck").hidden = !full;
  $("toggle-deck").textContent = state.deckOpen ? W().hide_deck : W().show_deck;
}
function notice(message) {
  $("notice").textContent = message;
  $("notice").hidden = !message;
}
function pick(code, delta) {
  const face = state.deck.cards.find((f) => f.code === code);
  const n = (state.picks.get(code) || 0) + delta;
  const max = sizes()[sizes().length - 1];
  if (delta > 0 && n > face.copies) return notice(face.copies > 1 ? W().copies_used(faceName(face), face.copies) : W().already(faceName(face)));
  if (delta > 0 && state.tokens >= max) return notice(W().full(max));
  if (n < 0) return;
  notice("");
  const before = state.tokens;
  state.picks.set(code, n);
  $("hand").value = handText();
  readHand();
  if (delta > 0 && before < sizes()[0] && state.tokens >= sizes()[0]) state.deckOpen = false; // the last card: show the result
  drawPicks();
  schedule();
}

// ---- the table: the game's hand question, as the server sends it (its fields' words: the catalogue's) ----
const LISTED = 20; // a whole-number field with at most this many values is a list to choose from
function options(values, chosen, word) {
  return values.map((v) => `<option value="${esc(v)}"${String(v) === String(chosen) ? " selected" : ""}>${esc(word(v))}</option>`).join("");
}
function select(id, label, values, chosen, word) {
  return `<label><span>${esc(label)}</span> <select id="${id}">${options(values, chosen, word)}</select></label>`;
}
function field(name) { return state.question.find((f) => f.name === name); }
function fieldValue(f) { return $(`q-${f.name}`) ? $(`q-${f.name}`).value : ""; }
function gameWords(table) { return ((W()[table] || {})[GAME] || {}); }
function fieldLabel(f) { return gameWords("labels")[f.name] || (W().labels || {})[f.name] || f.name; }
function valueWord(f, v, chosen = {}) {
  // the game's words for a field's values: a list or a table by value, or a seat's place at a table of n (the value
  // of the field bounding it: as chosen while the form is drawn, else as shown)
  if (v === "") return gameWords("auto")[f.name] || "";
  if (f.kind === "player") return strategyWord(GAME, v);
  const words = gameWords("choices")[f.name];
  const n = !f.below ? f.hi + 1 : f.below in chosen ? chosen[f.below] : +fieldValue(field(f.below));
  if (typeof words === "function") return words(+v, n);
  return words && words[v] !== undefined ? words[v] : String(v);
}
function fieldValues(f, chosen) {
  // the values a list offers (null: the field is typed): its options, else its whole numbers below its bound
  if (f.options) return f.options;
  if (f.kind !== "whole" || f.hi - f.lo > LISTED) return null;
  const hi = f.below ? Math.min(f.hi, chosen[f.below] - 1) : f.hi;
  const values = Array.from({ length: hi - f.lo + 1 }, (_, i) => f.lo + i);
  return f.default === null ? ["", ...values] : values;
}
function drawTable() {
  const chosen = {};
  let h = "";
  for (const f of state.question) h += fieldControl(f, chosen);
  $("table").innerHTML = h;
  drawWho();
}
function fieldControl(f, chosen) {
  const id = `q-${f.name}`, values = fieldValues(f, chosen);
  let value = $(id) ? $(id).value : f.default ?? "";
  if (values && !values.map(String).includes(String(value))) value = +value > +values[values.length - 1] ? values[values.length - 1] : values[0];
  chosen[f.name] = value === "" ? value : f.kind === "whole" ? +value : value;
  if (values) return select(id, fieldLabel(f), values, value, (v) => valueWord(f, v, chosen));
  const typed = f.kind === "text" ? 'type="text"' : `type="number" min="${f.lo}" max="${f.hi}" step="${f.kind === "whole" ? 1 : "any"}"`;
  return `<label title="${esc(f.help)}"><span>${esc(fieldLabel(f))}</span> <input id="${id}" ${typed} value="${esc(value)}"></label>`;
}
function whoWord(f) {
  // a field's value as the line under the form says it: its words, else the number (an empty value: by the hand's size)
  let v = fieldValue(f);
  if (v === "" && f.by_size) v = String(f.by_size[state.tokens] ?? f.by_size[sizes()[0]]);
  const words = f.kind === "player" || gameWords("choices")[f.name];
  return words ? valueWord(f, v) : f.kind === "whole" || f.kind === "number" ? +v : v;
}
function drawWho() {
  const who = gameWords("who");
  $("who").textContent = typeof who === "function" ? who(...state.question.map(whoWord)) : "";
}

// ---- asking the server ----
function params() {
  const p = new URLSearchParams({ hand: $("hand").value, games: $("games").value, seed: $("seed").value });
  for (const f of state.question) p.set(f.name, fieldValue(f));
  return p;
}
function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(ask, 150);
}
function showError(message) {
  $("error").hidden = false;
  $("error").dataset.message = message; // the command line's words, for the curious (and the tests)
  $("error").title = message;
  $("error").textContent = errorWords(state.lang, message);
  $("progress-line").hidden = true;
  document.body.dataset.state = "error";
}
function clearResult() {
  state.exact = state.sim = null;
  state.warming = false;
  $("error").hidden = true;
  $("exact").innerHTML = $("sim-result").innerHTML = "";
  $("progress-line").hidden = true;
  drawSummary();
}
async function ask() {
  if (state.request) state.request.abort(); // the server stops the old computation at its next batch
  const seq = ++state.seq;
  clearResult();
  if (state.tokens < sizes()[0]) { document.body.dataset.state = "idle"; return; } // a hint, not an error, until then
  document.body.dataset.state = "loading";
  const controller = new AbortController();
  state.request = controller;
  const started = performance.now();
  try {
    const resp = await fetch(`/api/odds/${GAME}?${params()}`, { signal: controller.signal });
    if (!resp.ok) { showError((await resp.json()).error); return; }
    const reader = resp.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done || seq !== state.seq) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const kind = /^event: (.*)$/m.exec(block)[1];
        const data = JSON.parse(/^data: (.*)$/m.exec(block)[1]);
        handle(kind, data, performance.now() - started);
      }
    }
  } catch (err) {
    if (err.name !== "AbortError") showError(W().no_answer(err.message));
  }
}
function handle(kind, data, ms) {
  if (kind === "error") return showError(data.error);
  if (kind === "warming") { state.warming = true; return drawResult(); } // said beside the progress until the end
  if (kind === "exact") {
    state.exact = data;
    $("exact").dataset.ms = Math.round(ms);
    document.body.dataset.state = "running";
    $("progress-line").hidden = false;
    $("progress").value = 0;
    drawResult();
    return;
  }
  state.sim = kind === "done" ? data : data.result;
  state.simKind = kind;
  state.played = kind === "done" ? total(data) : data.played;
  state.games = kind === "done" ? state.played : data.games;
  drawResult();
  if (kind === "done") document.body.dataset.state = "done";
}
function total(d) { return d.win_chance ? d.win_chance.games : d.games; }
function drawProgress(done) {
  // A game whose answer names no games played (one answered exactly) shows no count
  const known = Number.isFinite(state.played) && Number.isFinite(state.games) && state.games > 0;
  $("progress").value = known ? state.played / state.games : done ? 1 : 0;
  const text = known ? W().played(nf(state.played), nf(state.games), done) : done ? W().finished : W().simulating;
  $("progress-text").textContent = state.warming && !done ? `${text} (${W().warming})` : text;
}
function drawResult() {
  if (state.exact) $("exact").innerHTML = PAGE.exact ? PAGE.exact(state.exact) : listed(state.exact);
  if (state.sim) {
    const done = state.simKind === "done";
    drawProgress(done);
    $("sim-result").innerHTML = PAGE.sim ? PAGE.sim(state.sim) : sameAsExact(state.sim) ? "" : listed(state.sim);
    $("sim-result").classList.toggle("partial", !done);
  } else if (state.exact) {
    $("progress-text").textContent = state.warming ? W().warming : W().simulating;
  }
  drawSummary();
}
function drawSummary() {
  const line = state.exact && PAGE.summary ? PAGE.summary(state.exact, state.sim) : "";
  $("summary").innerHTML = line;
  $("summary").hidden = !line;
}

// ---- any other game: its answer as a list ----
function leaves(value, path, out) {
  // Every number, word or flag of a nested answer, with its path ("a.b.0")
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  } else {
    out.push([path, value]);
  }
  return out;
}
function keyWords(path) {
  return path.split(".").map((part) => (W().keys || {})[part] || part).join(" › ");
}
function shownValue(v) {
  if (typeof v === "number") return Number.isInteger(v) ? nf(v) : v >= 0 && v <= 1 ? pct(v) : nf(v, 2);
  if (typeof v === "boolean") return v ? W().yes : W().no;
  return v === null ? "—" : cardWords(v);
}
function listed(d) {
  const rows = leaves(d, "", []).map(([key, v]) => `<li>${esc(keyWords(key))}: ${tag(key, v, esc(shownValue(v)), typeof v === "number" ? "num" : "txt")}</li>`);
  return `<h2>${esc(W().answer_h)}</h2><ul class="listed">${rows.join("")}</ul>`;
}
function sameAsExact(d) { return JSON.stringify(d) === JSON.stringify(state.exact); }

// ---- language ----
function drawWords() {
  const w = W();
  document.documentElement.lang = state.lang;
  document.title = w.title(GAME_NAMES[GAME]);
  $("lang").textContent = w.other_lang;
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w[el.dataset.w];
  drawDeck();
  drawTable();
  drawPicks();
  drawResult();
}

// ---- wiring ----
function drawMenu() {
  $("menu").innerHTML = Object.entries(GAME_NAMES)
    .map(([game, title]) => `<a href="/${esc(game)}" data-game="${esc(game)}">${esc(title)}</a>`).join(" ");
  document.querySelectorAll("nav a").forEach((a) => a.classList.toggle("here", a.dataset.game === GAME));
}

async function start() {
  const answer = await (await fetch(`/api/cards/${GAME}`)).json();
  GAME_NAMES = answer.games;
  drawMenu();
  if (answer.advise) $("menu").insertAdjacentHTML("beforeend", ` <a href="/advise/${esc(GAME)}" id="advise-link">⇢ ${esc(state.lang === "vi" ? "giữa ván" : "mid-game")}</a>`);
  state.deck = state.fullDeck = answer;
  state.question = answer.question;
  const query = new URLSearchParams(location.search);
  for (const id of ["hand", "games", "seed"]) if (query.has(id)) $(id).value = query.get(id);
  readHand();
  drawWords();
  notice(unreadHint());
  $("lang").addEventListener("click", () => {
    state.lang = state.lang === "vi" ? "en" : "vi";
    localStorage.setItem("cardodds.lang", state.lang);
    drawWords();
  });
  $("deck").addEventListener("click", (e) => { const b = e.target.closest(".face"); if (b) pick(b.dataset.code, +1); });
  $("deck").addEventListener("contextmenu", (e) => { const b = e.target.closest(".face"); if (b) { e.preventDefault(); pick(b.dataset.code, -1); } });
  $("picked").addEventListener("click", (e) => { const b = e.target.closest(".chip"); if (b) pick(b.dataset.code, -1); });
  $("hand").addEventListener("input", () => { readHand(); notice(unreadHint()); drawPicks(); drawWho(); schedule(); });
  $("clear").addEventListener("click", () => { $("hand").value = ""; notice(""); state.deckOpen = false; readHand(); drawPicks(); schedule(); });
  $("toggle-deck").addEventListener("click", () => { state.deckOpen = !state.deckOpen; drawPicks(); });
  $("table").addEventListener("change", (e) => {
    const name = e.target.id.replace(/^q-/, "");
    if (state.question.some((f) => f.below === name)) drawTable(); // the seats follow the number of players
    if ((state.fullDeck.variants || {})[name]) useDeck(name, e.target.value);
    drawWho();
    schedule();
  });
  for (const id of ["games", "seed"]) $(id).addEventListener("change", schedule);
  document.body.dataset.ready = "1";
  if (state.tokens) ask();
}
start();
