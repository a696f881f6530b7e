// cardodds serve, mid-game: a position as JSON (typed, or cut from a replayed game by /api/position/<game>), posted
// to /api/advise/<game>; the answer first (the best move and why, in the game's words), then the moves ranked and the
// odds, refined as the events stream in. Every number comes from the server (the functions of `cardodds advise` /
// `cardodds odds --state`) and carries data-key and data-value. The words are WORDS[lang].advise (words.js).
"use strict";

const GAME = location.pathname.split("/")[2]; // the page is served at /advise/<game> only
const $ = (id) => document.getElementById(id);
const state = { lang: localStorage.getItem("cardodds.lang") || "vi", request: null, last: null, start: null,
  deck: null };
const W = () => WORDS[state.lang].advise;
const esc = (s) => Cards.esc(s);
const nf = (v, digits) => Fmt.nf(v, digits, state.lang);

// ---- words: moves, measures, players ----
function moveName(m) { return Cards.move(state.deck, GAME, m, state.lang); }
function measure(name) {
  // [column head, meaning]: the page's words, else the server's text
  return (W().measures[GAME] || {})[name] || [name, state.start.measures[name][1]];
}
function rankWords() {
  // [how moves are ranked, which way is better, the unit of a difference]
  return W().rank[GAME] || [measure(state.start.rank_by[0])[1], "", ""];
}
function playerName(p) {
  return (WORDS[state.lang].strategies[GAME] || {})[p] || W().players[p] || p;
}
function shown(kind, v) {
  if (v === null) return "—";
  return kind === "chance" ? Fmt.pct(v, state.lang) : Fmt.signed(v, 2, state.lang);
}
function tag(key, v, text) {
  return `<span class="num" data-key="${esc(key)}" data-value="${esc(JSON.stringify(v))}">${esc(text)}</span>`;
}
function value(key, kind, v, low, high, exact) {
  // the value, and under it its interval in the same unit ([−0,28; −0,20]); an exact value has none
  if (exact || low === null) return tag(key, v, shown(kind, v));
  return `${tag(key, v, shown(kind, v))}<span class="ci">` +
    `${Fmt.interval(tag(`${key}_low`, low, shown(kind, low)), tag(`${key}_high`, high, shown(kind, high)))}</span>`;
}
function diffValue(m, kind, exact) {
  // a difference against the best: points as they are, a chance in percentage points
  const f = kind === "chance" ? (v) => Fmt.signed(100 * v, 1, state.lang) : (v) => Fmt.signed(v, 2, state.lang);
  const t = (key, v) => tag(key, v, v === null ? "—" : f(v));
  if (exact || m.diff_low === null) return t(`${m.move}.diff`, m.diff);
  return `${t(`${m.move}.diff`, m.diff)}<span class="ci">` +
    `${Fmt.interval(t(`${m.move}.diff_low`, m.diff_low), t(`${m.move}.diff_high`, m.diff_high))}</span>`;
}

// ---- the answer first: the best move and why ----
function reason(d) {
  const w = W(), [best, second] = d.advice, [rank, sign] = state.start.rank_by, kind = d.measures[rank][0];
  const b = moveName(best.move);
  if (!second) return w.only(b);
  const s = moveName(second.move), gain = -sign * second.diff, [, , unit] = rankWords();
  if (d.exact && second.tied) return w.same_exact(b, s);
  let text = kind === "points" ? w.gain_points(b, Fmt.signed(gain, 2, state.lang), unit, s)
    : w.gain_chance(b, measure(rank)[1], Fmt.pct(best[rank], state.lang), sign < 0, nf(100 * gain, 1), s,
      Fmt.pct(second[rank], state.lang));
  if (!d.exact && second.tied) text += ` ${w.unsure(s, nf(d.worlds, 0))}`;
  return text;
}
function notByWin(d) {
  // a move ranked lower that wins more often: say why it is not first
  const [rank] = state.start.rank_by, best = d.advice[0];
  if (rank === "win" || !("win" in d.measures)) return "";
  const m = d.advice.find((x) => !x.best && x.win > best.win);
  if (!m) return "";
  const [how, , unit] = rankWords();
  return W().not_by_win(how, moveName(m.move), Fmt.pct(m.win, state.lang), Fmt.pct(best.win, state.lang), unit);
}
function drawAnswer(d) {
  const best = d.advice[0];
  const why = notByWin(d);
  $("answer").hidden = false;
  $("answer").innerHTML = `<p class="best"><span>${esc(W().best_h)}:</span> <b data-move="${esc(best.move)}">` +
    `${esc(moveName(best.move))}</b></p><p class="reason">${esc(reason(d))}</p>` +
    (why ? `<p class="why">${esc(why)}</p>` : "");
}

// ---- the moves ranked, the odds from here ----
function drawMoves(d) {
  const w = W(), [rank] = state.start.rank_by, rankKind = d.measures[rank][0];
  const names = [rank, ...Object.keys(d.measures).filter((n) => n !== rank)];
  const [how, better, unit] = rankWords();
  const head = `<tr><th>${esc(w.move)}</th>${names.map((n) => `<th title="${esc(measure(n)[1])}">` +
    `${esc(measure(n)[0])}</th>`).join("")}<th>${esc(w.vs_best)}${unit ? ` (${esc(unit)})` : ""}</th></tr>`;
  const rows = d.advice.map((m) => {
    const mark = m.best ? w.best : m.tied ? w.tied : "";
    const cells = names.map((n) => `<td>${value(`${m.move}.${n}`, d.measures[n][0], m[n], m[`${n}_low`],
      m[`${n}_high`], d.exact)}</td>`);
    return `<tr class="${m.best ? "best" : m.tied ? "tied" : ""}" data-move="${esc(m.move)}"><td>` +
      `${esc(moveName(m.move))}${mark ? `<span class="mark">${esc(mark)}</span>` : ""}</td>${cells.join("")}` +
      `<td>${m.best ? "—" : diffValue(m, rankKind, d.exact)}</td></tr>`;
  });
  const legend = names.map((n) => `${measure(n)[0]}: ${measure(n)[1]}`).join(" · ");
  const notes = [d.exact ? w.exact_note : w.ci_note, d.advice.some((m) => m.tied) ? w.tied_note(nf(d.worlds, 0)) : ""];
  $("moves").innerHTML = `<h2>${esc(w.moves_h)}</h2><p class="hint">${esc(w.ranked(how, better,
    playerName(d.players)))}</p><table class="advice">${head}${rows.join("")}</table>` +
    `<p class="hint">${esc(legend)}</p>${notes.filter((n) => n).map((n) => `<p class="hint">${esc(n)}</p>`).join("")}`;
}
function drawOdds(d) {
  const rows = d.odds.map((r) => `<tr><td>${esc(measure(r.quantity)[1])}</td><td>${value(`odds.${r.quantity}`,
    r.kind, r.estimate, r.ci_low, r.ci_high, r.exact)}</td></tr>`);
  // the move the players would make here, when one row alone has every number the odds have (the same worlds)
  const rowsLike = d.advice.filter((m) => d.odds.every((r) => Math.abs(m[r.quantity] - r.estimate) < 1e-12));
  const same = rowsLike.length === 1 ? rowsLike[0] : null;
  $("odds").innerHTML = `<h2>${esc(W().odds_h(playerName(d.players)))}</h2><table class="advice odds">` +
    `${rows.join("")}</table>${same ? `<p class="hint">${esc(W().odds_move(moveName(same.move)))}</p>` : ""}`;
}
function draw() {
  const d = state.last;
  if (!d) return;
  drawAnswer(d);
  drawMoves(d);
  drawOdds(d);
  $("budget").textContent = d.exact ? W().budget_exact(nf(d.seconds, 2))
    : W().budget(nf(d.worlds, 0), nf(d.batches, 0), nf(d.seconds, 2));
}
function showError(message) {
  $("error").hidden = !message;
  $("error").dataset.message = message || ""; // the command line's words (the tests read them)
  $("error").textContent = message ? errorWords(state.lang, message) : "";
}
function progress(d, done) {
  $("progress-line").hidden = done;
  if (!done) {
    $("progress").value = d.worlds / d.games;
    const text = W().played(nf(d.worlds, 0), nf(d.games, 0));
    $("progress-text").textContent = state.warming ? `${text} (${WORDS[state.lang].warming})` : text;
  }
}

function handle(kind, data) {
  if (kind === "start") state.start = data;
  else if (kind === "warming") { // said beside the progress until the end
    state.warming = true;
    $("progress-line").hidden = false;
    $("progress-text").textContent = WORDS[state.lang].warming;
  }
  else if (kind === "progress" || kind === "done") {
    state.last = data;
    progress(data, kind === "done");
    draw();
  } else if (kind === "error") {
    showError(data.error);
    $("setup").open = true; // the position is to be mended: the form again, under the message
  }
  if (kind === "done" || kind === "error") document.body.dataset.state = kind === "done" ? "done" : "error";
}

async function ask() {
  if (state.request) state.request.abort();
  const controller = new AbortController();
  state.request = controller;
  showError("");
  state.warming = false;
  document.body.dataset.state = "running";
  $("setup").open = false; // the answer comes first, at the top; the form folds away
  window.scrollTo(0, 0);
  const query = new URLSearchParams();
  for (const id of ["opponents", "games", "seed"]) if ($(id).value.trim()) query.set(id, $(id).value.trim());
  try {
    const resp = await fetch(`/api/advise/${GAME}?${query}`, { method: "POST", body: $("state").value,
      headers: { "Content-Type": "application/json" }, signal: controller.signal });
    if (!resp.ok) { handle("error", await resp.json()); return; }
    const reader = resp.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value: chunk, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const [kindLine, dataLine] = buffer.slice(0, end).split("\n");
        buffer = buffer.slice(end + 2);
        handle(kindLine.replace("event: ", ""), JSON.parse(dataLine.replace("data: ", "")));
      }
    }
  } catch (e) {
    if (e.name !== "AbortError") handle("error", { error: String(e) });
  }
}

async function cut() {
  const query = new URLSearchParams({ seed: $("cut-seed").value, at: $("cut-at").value });
  const resp = await fetch(`/api/position/${GAME}?${query}`);
  const answer = await resp.json();
  if (!resp.ok) { handle("error", answer); return; }
  $("state").value = JSON.stringify(answer, null, 1);
  $("state").dispatchEvent(new Event("input")); // the form follows
  ask();
}

function drawWords(title) {
  const w = W();
  document.documentElement.lang = state.lang;
  document.title = w.title(title);
  $("heading").textContent = w.heading(title);
  $("lang").textContent = WORDS[state.lang].other_lang;
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w[el.dataset.w];
  $("menu").innerHTML = `<a href="/${esc(GAME)}">${esc(w.hand_page)}</a>`;
  AdviseForm.draw();
  draw();
}

async function start() {
  const answer = await (await fetch(`/api/cards/${GAME}`)).json();
  const title = (answer.games || {})[GAME] || GAME;
  state.deck = answer;
  AdviseForm.start(GAME, answer, $("form"), $("state"), () => state.lang);
  drawWords(title);
  $("lang").addEventListener("click", () => {
    state.lang = state.lang === "vi" ? "en" : "vi";
    localStorage.setItem("cardodds.lang", state.lang);
    drawWords(title);
  });
  $("cut").addEventListener("click", cut);
  $("ask").addEventListener("click", ask);
  $("state").addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) ask(); });
  document.body.dataset.ready = "1";
  const query = new URLSearchParams(location.search);
  if (query.has("seed")) $("cut-seed").value = query.get("seed");
  if (query.has("at")) $("cut-at").value = query.get("at");
  if (query.has("blank")) AdviseForm.blank(); // a position typed from scratch: nothing to cut, nothing to ask yet
  else cut();
}
start();
