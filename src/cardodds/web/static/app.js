// cardodds serve: pick cards, ask /api/odds/<game>, show the events as they stream in.
// Every number shown comes from the server (the functions of `cardodds odds`); each carries data-key (its path in
// the JSON of `cardodds odds <game> --json`) and data-value (the value as JSON, in full), so the page can be checked.
"use strict";

const GAME = location.pathname.replace(/^\//, "").split("/")[0] || "chan";
const $ = (id) => document.getElementById(id);
const state = { deck: null, picks: new Map(), request: null, seq: 0, timer: null, exact: null };

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
function num(key, v, digits = 4) {
  const shown = typeof v === "number" && !Number.isInteger(v) ? v.toFixed(digits) : v.toLocaleString("en");
  return `<span class="num" data-key="${esc(key)}" data-value="${esc(JSON.stringify(v))}">${esc(shown)}</span>`;
}
function text(key, v, shown = v) {
  return `<span data-key="${esc(key)}" data-value="${esc(JSON.stringify(v))}">${esc(shown)}</span>`;
}
function interval(key, d, est = "estimate") {
  return `${num(`${key}.${est}`, d[est])} <span class="ci">95% [${num(`${key}.ci_low`, d.ci_low)}, ${num(`${key}.ci_high`, d.ci_high)}]</span>`;
}

// ---- the deck and the hand ----
function handText() {
  const words = [];
  for (const face of state.deck.cards) for (let i = 0; i < (state.picks.get(face.code) || 0); i++) words.push(face.code);
  return words.join(" ");
}
function readHand() {
  // What the text box says, as picks; tokens the page does not know are left to the server's message.
  const byLower = new Map(state.deck.cards.map((f) => [f.code.toLowerCase(), f.code]));
  state.picks = new Map();
  for (let tok of $("hand").value.split(/[\s,;]+/)) {
    tok = tok.toLowerCase().replace(/^t(?=[scdh]$)/, "10");
    const code = byLower.get(tok);
    if (code) state.picks.set(code, (state.picks.get(code) || 0) + 1);
  }
}
function drawDeck() {
  const rows = new Map();
  for (const f of state.deck.cards) {
    if (!rows.has(f.row)) rows.set(f.row, []);
    rows.get(f.row).push(f);
  }
  let html = "";
  for (const [row, faces] of rows) {
    html += `<div class="row"><span class="rowname">${esc(row)}</span>`;
    for (const f of faces) {
      const label = GAME === "chan" ? `<span class="name">${esc(f.name)}</span><span class="code">${esc(f.code)}</span>` : `<span class="big">${esc(f.name)}</span>`;
      html += `<button type="button" class="face${f.red ? " red" : ""}" data-code="${esc(f.code)}" title="${esc(f.name)}">${label}<span class="badge"></span></button>`;
    }
    html += "</div>";
  }
  $("deck").innerHTML = html;
}
function drawPicks() {
  let total = 0, html = "";
  for (const btn of document.querySelectorAll("#deck .face")) {
    const n = state.picks.get(btn.dataset.code) || 0;
    btn.querySelector(".badge").textContent = n ? (GAME === "chan" ? `×${n}` : "✓") : "";
    btn.classList.toggle("picked", n > 0);
  }
  for (const f of state.deck.cards) {
    const n = state.picks.get(f.code) || 0;
    for (let i = 0; i < n; i++) html += `<button type="button" class="chip${f.red ? " red" : ""}" data-code="${esc(f.code)}" title="take it out">${esc(f.name)}</button>`;
    total += n;
  }
  $("picked").innerHTML = html || `<span class="hint">your hand is empty</span>`;
  $("count").textContent = `${total} of ${state.deck.sizes.join(" or ")} cards`;
}
function pick(code, delta) {
  const face = state.deck.cards.find((f) => f.code === code);
  const n = (state.picks.get(code) || 0) + delta;
  if (n < 0 || n > face.copies) return;
  state.picks.set(code, n);
  $("hand").value = handText();
  drawPicks();
  schedule();
}

// ---- asking the server ----
function params() {
  const p = new URLSearchParams({ hand: $("hand").value, games: $("games").value, seed: $("seed").value });
  if (GAME === "chan") p.set("seat", $("seat-chan").value);
  if (GAME === "sam") p.set("opponents", $("opponents").value);
  if (GAME === "tan") { p.set("trump", $("trump").value); p.set("players", $("players").value); p.set("seat", $("seat-tan").value); }
  return p;
}
function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(ask, 150);
}
function showError(message) {
  $("error").hidden = false;
  $("error").textContent = message;
  $("progress-line").hidden = true;
  document.body.dataset.state = "error";
}
async function ask() {
  if (state.request) state.request.abort(); // the server stops the old computation at its next batch
  const seq = ++state.seq;
  $("error").hidden = true;
  $("exact").innerHTML = "";
  $("sim-result").innerHTML = "";
  $("progress-line").hidden = true;
  if (!$("hand").value.trim()) { document.body.dataset.state = "idle"; return; }
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
    if (err.name !== "AbortError") showError(`the server did not answer (${err.message})`);
  }
}
function handle(kind, data, ms) {
  if (kind === "error") return showError(data.error);
  if (kind === "exact") {
    state.exact = data;
    $("exact").innerHTML = EXACT[GAME](data);
    $("exact").dataset.ms = Math.round(ms);
    document.body.dataset.state = "running";
    $("progress-line").hidden = false;
    $("progress").value = 0;
    $("progress-text").textContent = "simulating…";
    return;
  }
  const result = kind === "done" ? data : data.result;
  const played = kind === "done" ? total(data) : data.played;
  const games = kind === "done" ? played : data.games;
  $("progress").value = played / games;
  $("progress-text").textContent = `${played.toLocaleString("en")} of ${games.toLocaleString("en")} games` + (kind === "done" ? " — done" : " — refining…");
  $("sim-result").innerHTML = SIM[GAME](result);
  $("sim-result").classList.toggle("partial", kind !== "done");
  if (kind === "done") document.body.dataset.state = "done";
}
function total(d) { return d.win_chance ? d.win_chance.games : d.games; }

// ---- what each game shows ----
const EXACT = {
  chan(d) {
    const names = state.deck.win_types;
    let h = `<h2>Hand</h2><p>${num("cards", d.cards)} cards: ${text("hand", d.hand)}</p>`;
    h += `<p>split: ${text("split", d.split)} (${num("chan", d.chan)} chắn, ${num("ca", d.ca)} cạ)</p>`;
    if (d.cards === 20) {
      h += d.win ? `<p class="win">winning hand: Thiên ù if dealt to the cái — cước ${text("cuoc", d.cuoc)} = ${num("points", d.points)} points</p>` : `<p>not a winning hand</p>`;
      if (d.discards.length) {
        h += `<p>discards that leave a waiting hand:</p><ul>`;
        d.discards.forEach((x, i) => { h += `<li>${text(`discards.${i}.discard`, x.discard)} → waits ${esc(x.waits.join(" "))} (${esc(x.win_types.map((t) => names[t]).join(", "))})</li>`; });
        h += `</ul>`;
      }
      return h;
    }
    if (!d.waits.length) return h + `<p>not waiting: no single card completes this hand</p>`;
    h += `<table><tr><th>wait</th><th>win</th><th>unseen</th><th>cước (another's card)</th><th>points</th><th>cước (drawn yourself, chì)</th><th>points</th></tr>`;
    d.waits.forEach((w, i) => {
      const k = `waits.${i}`;
      h += `<tr><td>${text(`${k}.card`, w.card)} ${esc(w.name)}</td><td>${esc(names[w.win_type])}${w.how === "chiu_u" ? " by chíu ù" : ""}</td><td>${num(`${k}.outs`, w.outs)}</td>`;
      h += `<td>${text(`${k}.cuoc`, w.cuoc)}</td><td>${num(`${k}.points`, w.points)}</td><td>${text(`${k}.cuoc_chi`, w.cuoc_chi)}</td><td>${num(`${k}.points_chi`, w.points_chi)}</td></tr>`;
    });
    h += `</table><p class="answer">chance the next nọc card completes it: ${num("outs", d.outs)}/${num("unseen", d.unseen)} = ${num("p_next_card", d.p_next_card, 6)} <em>(exact)</em></p>`;
    return h;
  },
  sam(d) {
    const b = d.bayes;
    let h = `<h2>Hand</h2><p>${text("hand", d.hand)} against ${num("opponents", d.opponents)} opponents</p>`;
    h += `<p>tới trắng: ${text("toi_trang", d.toi_trang, d.toi_trang || "none")}</p>`;
    h += `<h3>The bayes declarer</h3><p class="answer">${b.declare ? "declare Sâm" : "do not declare Sâm"}` +
      `<span hidden data-key="bayes.declare" data-value="${JSON.stringify(b.declare)}"></span></p>`;
    h += `<p>P(Sâm succeeds) ≈ ${num("bayes.p_success", b.p_success)} (${num("bayes.wins", b.wins)} of ${num("bayes.n", b.n)} held-out deals)` +
      (b.plan.length ? `, plan ${esc(b.plan.join(" → "))}` : ", no plan") + `</p>`;
    h += `<p>expected cược: declaring ${num("bayes.sam_value", b.sam_value, 2)}, a normal game ${num("bayes.normal_value", b.normal_value, 2)}` +
      ` (declares when the first beats the second by more than ${num("bayes.margin", b.margin, 2)}${b.screened ? "" : "; this hand fails the quick screen"})</p>`;
    return h;
  },
  tan(d) {
    return `<h2>Hand</h2><p>${esc(d.hand)}, trump ${esc(d.trump)}, ${esc(d.players)} players, seat ${esc(d.seat)} (seat 0 attacks first)</p>`;
  },
};
const SIM = {
  chan(d) {
    const w = d.win_chance;
    return `<h2>This game</h2><p class="answer">chance to win at seat ${num("win_chance.seat", w.seat)}: ${interval("win_chance", w, "p_win")}</p>` +
      `<p>hòa (draw) ${num("win_chance.p_draw", w.p_draw)}; ${num("win_chance.wins", w.wins)} wins in ${num("win_chance.games", w.games)} games, basic play at every seat, seed ${num("win_chance.seed", w.seed)}</p>`;
  },
  sam(d) {
    const s = d.sam, w = d.win;
    let h = `<h2>Simulated</h2>`;
    h += s.plan === null ? `<p>Sâm: no plan plays this hand out on any of ${num("sam.plan_deals", s.plan_deals)} deals</p>` :
      `<p class="answer">a declared Sâm succeeds: ${interval("sam", s, "success")}</p><p>best plan (chosen on ${num("sam.plan_deals", s.plan_deals)} other deals): ${esc(s.plan.join(" → "))}</p>`;
    h += `<p class="answer">wins a normal game: ${interval("win", w)}</p><p>mean ${num("win.cuoc_mean", w.cuoc_mean, 2)} cược; control players; ${num("games", d.games)} games, seed ${num("seed", d.seed)}</p>`;
    return h;
  },
  tan(d) {
    return `<h2>Simulated</h2><p class="answer">chance to lose (tấn): ${interval("lose", d.lose)} — fair share 1/${esc(d.players)}</p>` +
      `<p>draw ${interval("draw", d.draw)}; truncated ${interval("truncated", d.truncated)}</p>` +
      `<p>${num("bouts_mean", d.bouts_mean, 1)} bouts a game; hand ${text("hand", d.hand)}, trump ${text("trump", d.trump)}, strategy ${text("strategy", d.strategy)}; ${num("games", d.games)} games, seed ${num("seed", d.seed)}</p>`;
  },
};

// ---- wiring ----
async function start() {
  document.querySelectorAll("nav a").forEach((a) => a.classList.toggle("here", a.dataset.game === GAME));
  document.querySelectorAll(".opt").forEach((el) => { el.hidden = el.dataset.for !== GAME; });
  document.title = `cardodds — ${document.querySelector(`nav a[data-game="${GAME}"]`).textContent} hand odds`;
  state.deck = await (await fetch(`/api/cards/${GAME}`)).json();
  drawDeck();
  const query = new URLSearchParams(location.search);
  for (const id of ["hand", "games", "seed"]) if (query.has(id)) $(id).value = query.get(id);
  readHand();
  drawPicks();
  $("deck").addEventListener("click", (e) => { const b = e.target.closest(".face"); if (b) pick(b.dataset.code, +1); });
  $("deck").addEventListener("contextmenu", (e) => { const b = e.target.closest(".face"); if (b) { e.preventDefault(); pick(b.dataset.code, -1); } });
  $("picked").addEventListener("click", (e) => { const b = e.target.closest(".chip"); if (b) pick(b.dataset.code, -1); });
  $("hand").addEventListener("input", () => { readHand(); drawPicks(); schedule(); });
  $("clear").addEventListener("click", () => { $("hand").value = ""; readHand(); drawPicks(); schedule(); });
  for (const id of ["games", "seed", "seat-chan", "opponents", "trump", "players", "seat-tan"]) $(id).addEventListener("change", schedule);
  document.body.dataset.ready = "1";
  if ($("hand").value.trim()) ask();
}
start();
