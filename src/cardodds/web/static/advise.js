// cardodds serve, mid-game: a position as JSON (typed, or cut from a replayed game by /api/position/<game>), posted
// to /api/advise/<game>; the odds and the moves ranked refine as the events stream in. Every number comes from the
// server (the functions of `cardodds advise` / `cardodds odds --state`) and carries data-key and data-value.
"use strict";

const GAME = location.pathname.split("/")[2] || "tan";
const $ = (id) => document.getElementById(id);
const state = { lang: localStorage.getItem("cardodds.lang") || "vi", request: null, last: null, start: null };
const WORDS_ADVISE = {
  vi: {
    other_lang: "English", title: (g) => `${g} — giữa ván`, heading: (g) => `${g}: khả năng và nước đi từ giữa ván`,
    intro: "Thế bài là những gì một người chơi biết lúc đến lượt mình (JSON, xem docs/rules.md). Các lá không thấy " +
      "được chia lại nhiều lần, mỗi nước đi được chơi tiếp trên cùng các ván chia đó.",
    cut_seed: "Ván số", cut_at: "Quyết định thứ", cut: "Lấy thế bài từ ván này", state: "Thế bài (JSON)",
    opponents: "Người chơi", games: "Số lần chia mỗi nước", seed: "Hạt giống", ask: "Tính",
    odds_h: "Khả năng từ đây", moves_h: "Các nước đi, tốt nhất trước", move: "Nước đi", vs_best: "So với nước tốt nhất",
    best: "tốt nhất", tied: "chưa phân biệt được", exact: "chính xác", ci: "khoảng tin cậy 95 %",
    played: (n, of) => `đã chia ${n} / ${of} lần mỗi nước, đang tính tiếp…`, hand_page: "Bài chia",
    budget: (p, b) => `Người chơi: ${p} · ${b}`,
    warming: "đang khởi động: lần đầu sau khi cài, một bộ giả lập chậm hơn tính trong lúc chờ, cùng kết quả",
  },
  en: {
    other_lang: "Tiếng Việt", title: (g) => `${g} — mid-game`, heading: (g) => `${g}: odds and moves from mid-game`,
    intro: "A position is what one player knows at their turn (JSON, see docs/rules.md). The cards they cannot see " +
      "are dealt many times over, and every move is played out in the same deals.",
    cut_seed: "Game seed", cut_at: "Decision", cut: "Take the position from this game", state: "Position (JSON)",
    opponents: "Players", games: "Worlds per move", seed: "Seed", ask: "Compute",
    odds_h: "Odds from here", moves_h: "The moves, best first", move: "Move", vs_best: "Against the best",
    best: "best", tied: "not told apart", exact: "exact", ci: "95 % interval",
    played: (n, of) => `${n} / ${of} worlds a move, refining…`, hand_page: "Hand odds",
    budget: (p, b) => `Players: ${p} · ${b}`,
    warming: "starting up: the first time after an install, a slower simulator answers meanwhile, with the same numbers",
  },
};
const W = () => WORDS_ADVISE[state.lang];

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
function nf(v, digits) {
  const locale = state.lang === "vi" ? "vi-VN" : "en-GB";
  return v.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
function shown(kind, v) { return v === null ? "—" : kind === "chance" ? `${nf(100 * v, 1)} %` : nf(v, 3); }
function tag(key, v, text) {
  return `<span class="num" data-key="${esc(key)}" data-value="${esc(JSON.stringify(v))}">${esc(text)}</span>`;
}
function value(key, kind, v, low, high, exact) {
  if (exact) return `${tag(key, v, shown(kind, v))} <span class="mark">${esc(W().exact)}</span>`;
  return `${tag(key, v, shown(kind, v))} <span class="ci">[${tag(`${key}_low`, low, shown(kind, low))}, ` +
    `${tag(`${key}_high`, high, shown(kind, high))}]</span>`;
}

function drawOdds(d) {
  const rows = d.odds.map((r) => `<tr><td>${esc(r.label)}</td><td>${value(`odds.${r.quantity}`, r.kind, r.estimate,
    r.ci_low, r.ci_high, r.exact)}</td></tr>`);
  $("odds").innerHTML = `<h2>${esc(W().odds_h)}</h2><table class="advice">${rows.join("")}</table>`;
}
function drawMoves(d) {
  const measures = Object.entries(d.measures);
  const [rank] = state.start.rank_by;
  const rankKind = d.measures[rank][0];
  const head = `<tr><th>${esc(W().move)}</th><th></th>${measures.map(([name, [, text]]) => `<th title="${esc(text)}">${esc(name)}</th>`).join("")}` +
    `<th>${esc(W().vs_best)}</th></tr>`;
  const rows = d.advice.map((m) => {
    const mark = m.best ? W().best : m.tied ? W().tied : "";
    const cells = measures.map(([name, [kind]]) => `<td>${value(`${m.move}.${name}`, kind, m[name], m[`${name}_low`],
      m[`${name}_high`], m.exact)}</td>`);
    const versus = m.best ? "—" : value(`${m.move}.diff`, rankKind === "chance" ? "chance" : "points", m.diff,
      m.diff_low, m.diff_high, m.exact);
    return `<tr class="${m.best ? "best" : m.tied ? "tied" : ""}" data-move="${esc(m.move)}"><td>${esc(m.move)}</td>` +
      `<td class="mark">${esc(mark)}</td>${cells.join("")}<td>${versus}</td></tr>`;
  });
  $("moves").innerHTML = `<h2>${esc(W().moves_h)}</h2><table class="advice">${head}${rows.join("")}</table>`;
}
function draw() {
  const d = state.last;
  if (!d) return;
  drawOdds(d);
  drawMoves(d);
  $("budget").textContent = W().budget(d.players, d.budget);
}
function showError(message) {
  $("error").hidden = !message;
  $("error").textContent = message || "";
}
function progress(d, done) {
  $("progress-line").hidden = done;
  if (!done) {
    $("progress").value = d.worlds / d.games;
    const text = W().played(d.worlds, d.games);
    $("progress-text").textContent = state.warming ? `${text} (${W().warming})` : text;
  }
}

function handle(kind, data) {
  if (kind === "start") state.start = data;
  else if (kind === "warming") { // said beside the progress until the end
    state.warming = true;
    $("progress-line").hidden = false;
    $("progress-text").textContent = W().warming;
  }
  else if (kind === "progress" || kind === "done") {
    state.last = data;
    progress(data, kind === "done");
    draw();
  } else if (kind === "error") showError(data.error);
  if (kind === "done" || kind === "error") document.body.dataset.state = kind === "done" ? "done" : "error";
}

async function ask() {
  if (state.request) state.request.abort();
  const controller = new AbortController();
  state.request = controller;
  showError("");
  state.warming = false;
  document.body.dataset.state = "running";
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
  $("lang").textContent = w.other_lang;
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w[el.dataset.w];
  $("menu").innerHTML = `<a href="/${esc(GAME)}">${esc(w.hand_page)}</a>`;
  AdviseForm.draw();
  draw();
}

async function start() {
  const answer = await (await fetch(`/api/cards/${GAME}`)).json();
  const title = (answer.games || {})[GAME] || GAME;
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
