// The mid-game page's form: a position's JSON (docs/rules.md, each game's "position" section) written for the person
// at the table, as the game's page.js declares it. Card fields are filled by clicking the deck (the field being filled
// is the one marked), counts are number boxes, seats and decisions are lists. The form and the JSON text stay in step
// both ways: an edit of either redraws the other. Keys the form does not show (Chắn's slot/owner/decider/declined,
// Sâm's chat/den/sam) are kept as the JSON has them.
"use strict";

// The form is the game's (GAME_PAGES[game].form, its folder's page.js, served in /games.js; a game without one has
// none: its position is typed as JSON):
// - fields: each field's path in the JSON ("*" is every seat), its kind, and for lists the choices (`words`: their
//   words' table). `absent`: leave the key out when empty (the position readers refuse some keys where they do not
//   apply); `echo`: its cards are written in another field too (not counted twice against the deck's copies);
//   `repeats`: its cards repeat (a coin's faces: not counted against the deck's copies); `implied(seat)`: a
//   checkbox's value where the JSON leaves it out, from the seat's other keys; `word`: its label's word where the
//   path's last part is not;
// - blank: the blank position; perSeat: the per-seat lists a change of players resizes, with what a new seat starts
//   with; follows: {key: {from, is}}: a list that, where given, follows another as it is edited (the seats whose
//   `from` is `is`);
// - melds: a mat's meld kinds ("chan 9V", "ca 9V 9W"), the first chosen at first: each `copies` of one card, or
//   `cards: 2`, two cards taken one then the other.
const CARD_KINDS = ["cards", "card", "pairs", "melds"];

const AdviseForm = {
  game: null, deck: null, lang: null, text: null, root: null, model: null, active: "hand", timer: null, asking: null,
  checked: null, form: null, meldKind: null, pending: null,

  /** Draw the form of `game` in `root`, kept in step with the textarea `text`; `lang()` is the page's language. */
  start(game, deck, root, text, lang) {
    Object.assign(this, { game, deck, root, text, lang, form: (GAME_PAGES[game] || {}).form || null });
    if (!this.form) { root.hidden = true; return; }
    this.meldKind = Object.keys(this.form.melds || {})[0] || null;
    text.addEventListener("input", () => this.fromText());
    root.addEventListener("click", (e) => this.click(e));
    root.addEventListener("input", (e) => this.edit(e));
    root.addEventListener("change", (e) => this.edit(e));
    this.fromText();
  },
  W() { return WORDS[this.lang()].form; },
  faceName(face) { return Cards.name(face, this.game, this.lang()); },
  codeName(code) { const face = Cards.face(this.deck, code); return face ? this.faceName(face) : code; },
  esc(s) { return Cards.esc(s); },

  // ---- the model: the position's JSON object ----
  blank() {
    this.model = JSON.parse(JSON.stringify(this.form.blank));
    this.active = "hand";
    this.toText();
    this.draw();
  },
  fromText() {
    let data;
    try {
      data = JSON.parse(this.text.value);
    } catch (e) {
      if (!this.text.value.trim()) return this.blank();
      this.schedule(); // the server's line too
      return this.note(this.W().bad_json(e.message));
    }
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      this.schedule();
      return this.note(this.W().bad_json("{…}"));
    }
    this.model = data;
    this.note("");
    this.draw();
    this.schedule();
  },
  toText() {
    this.text.value = JSON.stringify(this.model, null, 1);
    this.schedule();
  },

  // ---- the server's word on the position, as it is edited (POST /api/advise/<game>?check=1) ----
  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), 250);
  },
  async check() {
    if (this.asking) this.asking.abort();
    const controller = new AbortController();
    this.asking = controller;
    try {
      const resp = await fetch(`/api/advise/${this.game}?check=1`, { method: "POST", body: this.text.value,
        headers: { "Content-Type": "application/json" }, signal: controller.signal });
      const answer = await resp.json();
      if (this.asking !== controller) return; // a later edit asked since
      this.checked = answer;
      this.showCheck();
    } catch (e) {
      if (e.name !== "AbortError") { this.checked = { error: String(e) }; this.showCheck(); }
    }
  },
  showCheck() {
    const el = document.getElementById("form-check"), c = this.checked;
    if (!el || !c) return;
    el.hidden = false;
    el.dataset.ok = c.error ? "0" : "1";
    el.dataset.message = c.error || "";
    const name = (m) => Cards.move(this.deck, this.game, m, this.lang());
    el.textContent = c.error || this.W().valid(c.moves.map(name).join(", "));
  },
  players() {
    // Seats as the rules say, within the form's bounds (a JSON that says more is the server's to refuse)
    const field = this.form.fields.find((f) => f.kind === "players");
    if (!field) return 4;
    const n = Math.round(+((this.model.rules || {}).players ?? field.dflt));
    return Number.isFinite(n) ? Math.min(field.max, Math.max(field.min, n)) : field.dflt;
  },
  get(path) {
    let v = this.model;
    for (const part of path.split(".")) v = v === null || v === undefined ? undefined : v[part];
    return v;
  },
  set(path, value, absent) {
    const parts = path.split(".");
    let v = this.model;
    for (const [i, part] of parts.slice(0, -1).entries()) {
      if (v[part] === null || typeof v[part] !== "object") v[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      v = v[part];
    }
    const last = parts[parts.length - 1];
    if (absent && (value === null || value === "")) delete v[last];
    else v[last] = value;
  },
  resize(n) {
    this.set("rules.players", n);
    for (const [key, fill] of Object.entries(this.form.perSeat || {})) {
      const list = Array.isArray(this.model[key]) ? this.model[key].slice(0, n) : [];
      while (list.length < n) list.push(fill);
      this.model[key] = list;
    }
    for (const { path, kind } of this.form.fields) {
      if (kind === "seats" && Array.isArray(this.model[path])) this.model[path] = this.model[path].filter((s) => s < n);
    }
  },
  // A card field's cards as a list; a table of pairs as attack, cover, attack, cover … (null: not covered yet); a
  // mat as its melds ("chan 9V", "ca 9V 9W", "chiu 9V")
  cards(field, path) {
    const v = this.get(path);
    if (field.kind === "melds") return Array.isArray(v) ? v.slice() : [];
    if (field.kind === "pairs") return (Array.isArray(v) ? v : []).flatMap((p) => [p[0], p[1] ?? null]);
    if (field.kind === "card") return v ? [v] : [];
    return typeof v === "string" ? v.split(/[\s,]+/).filter((t) => t) : [];
  },
  placed(field, path) {
    // The cards a field puts somewhere: a meld's copies of its card, or its cards (a kind not known: the first's)
    if (field.kind !== "melds") return this.cards(field, path);
    return this.cards(field, path).flatMap((meld) => {
      const [kind, ...cards] = String(meld).trim().split(/\s+/);
      const m = this.meld(kind.toLowerCase());
      return m.cards ? cards.slice(0, m.cards) : Array(m.copies).fill(cards[0]);
    });
  },
  meld(kind) {
    const melds = this.form.melds || {};
    return melds[kind] || Object.values(melds)[0] || {};
  },
  setCards(field, path, list) {
    if (field.kind === "melds") this.set(path, list);
    else if (field.kind === "pairs") {
      const pairs = [];
      for (let i = 0; i < list.length; i += 2) pairs.push([list[i], list[i + 1] === undefined ? null : list[i + 1]]);
      this.set(path, pairs);
    } else if (field.kind === "card") this.set(path, list.length ? list[0] : null, field.absent);
    else this.set(path, list.join(" "));
  },
  afterEdit() {
    // a list that follows another (Sâm's bao_1, the seats with one card left), where given, is written anew
    for (const [key, { from, is }] of Object.entries(this.form.follows || {})) {
      if (Array.isArray(this.model[key]) && Array.isArray(this.model[from])) {
        this.model[key] = this.model[from].flatMap((n, s) => (n === is ? [s] : []));
      }
    }
    this.toText();
  },

  // ---- drawing ----
  note(message) {
    const el = this.root.querySelector("#form-note");
    if (el) { el.textContent = message; el.hidden = !message; }
  },
  label(field, seat) {
    const w = this.W();
    const key = field.word || field.path.split(".").filter((p) => !["*", "seats", "rules"].includes(p)).pop();
    return seat === undefined ? w[key] : `${w[key]} — ${w.seat_n(seat)}`;
  },
  options(values, chosen, word, none) {
    // A value the list does not hold (a trump typed "♦" or "rô") stays chosen, as typed: the server reads it
    const typed = chosen != null && !values.map(String).includes(String(chosen)) ? [chosen] : [];
    const all = [...(none ? [null] : []), ...typed, ...values];
    const picked = (v) => (v === null ? chosen == null : String(v) === String(chosen));
    return all.map((v) => `<option value="${v === null ? "" : this.esc(v)}"${picked(v) ? " selected" : ""}>` +
      `${this.esc(v === null ? this.W().none : word(v))}</option>`).join("");
  },
  control(field, path, seat) {
    const w = this.W(), v = this.get(path), id = `f-${path.replace(/\./g, "-")}`, P = this.players();
    const seats = Array.from({ length: P }, (_, s) => s);
    const wrap = (inner, cls = "") => `<label class="ff ${cls}" data-path="${this.esc(path)}">` +
      `<span>${this.esc(this.label(field, seat))}</span>${inner}</label>`;
    switch (field.kind) {
      case "players":
        return wrap(`<input id="${id}" type="number" min="${field.min}" max="${field.max}" ` +
          `value="${v ?? field.dflt}">`);
      case "int": return wrap(`<input id="${id}" type="number" min="0" value="${this.esc(v ?? 0)}">`, "small");
      case "text": return wrap(`<input id="${id}" autocomplete="off" value="${this.esc(v ?? "")}">`);
      case "bool":
        return wrap(`<input id="${id}" type="checkbox"${(v ?? this.implied(field, path)) ? " checked" : ""}>`, "check");
      case "seat": return wrap(`<select id="${id}">${this.options(seats, v, w.seat_n, field.none)}</select>`);
      case "choice": {
        const word = (c) => w[field.words][c] || c;
        return wrap(`<select id="${id}">${this.options(field.choices, v, word, field.none)}</select>`);
      }
      case "seats": {
        const on = new Set(Array.isArray(v) ? v : []);
        const box = (s) => `<label><input type="checkbox" data-seat="${s}"${on.has(s) ? " checked" : ""}> ` +
          `${this.esc(w.seat_n(s))}</label>`;
        return `<fieldset class="ff seats" data-path="${this.esc(path)}">` +
          `<legend>${this.esc(this.label(field))}</legend>` +
          `${seats.map(box).join("")}</fieldset>`;
      }
      default: return this.cardField(field, path, seat, id);
    }
  },
  implied(field, path) {
    // a checkbox the JSON leaves out: as the game's page.js says it follows from the seat's other keys
    return field.implied ? field.implied(this.get(path.replace(/\.\w+$/, "")) || {}) : false;
  },
  cardField(field, path, seat, id) {
    const list = this.cards(field, path), on = this.active === path;
    const chip = (code, i) => {
      if (code === null) return `<span class="chip empty">${this.esc(this.W().none)}</span>`;
      const face = Cards.face(this.deck, code);
      return `<button type="button" class="chip${face && face.red ? " red" : ""}" data-index="${i}" ` +
        `data-code="${this.esc(code)}">` +
        `${this.esc(this.codeName(code))}</button>`;
    };
    const meld = (text, i) => {
      const [kind, ...cards] = String(text).trim().split(/\s+/);
      const names = cards.map((c) => this.codeName(c)).join(" ");
      return `<button type="button" class="chip" data-index="${i}" data-meld="${this.esc(text)}">` +
        `${this.esc(`${this.W().melds[kind.toLowerCase()] || kind} ${names}`)}</button>`;
    };
    let chips = "";
    if (field.kind === "melds") {
      chips = list.map(meld).join("");
      const first = this.pending && this.codeName(this.pending);
      const kind = this.W().melds[this.meldKind];
      if (on && first) chips += `<span class="chip empty">${this.esc(kind)} ${this.esc(first)} …</span>`;
    } else if (field.kind === "pairs") {
      for (let i = 0; i < list.length; i += 2) {
        chips += `<span class="pair">${chip(list[i], i)}→${chip(list[i + 1] ?? null, i + 1)}</span>`;
      }
    } else chips = list.map(chip).join("");
    return `<div class="ff cardfield${on ? " active" : ""}" id="${id}" data-path="${this.esc(path)}">` +
      `<button type="button" class="fill" data-fill="${this.esc(path)}">${this.esc(this.label(field, seat))}` +
      `${on ? ` <em>(${this.esc(this.W().filling)})</em>` : ""}</button>${on ? this.meldChoice(field) : ""}` +
      `<div class="chips">${chips}</div></div>` +
      (on ? `<div id="form-deck">${Cards.deckHtml(this.deck, this.game, this.lang())}</div>` : "");
  },
  meldChoice(field) {
    if (field.kind !== "melds") return "";
    const kinds = Object.entries(this.W().melds);
    return ` <select class="meld-kind" aria-label="meld">${kinds.map(([k, word]) => `<option value="${k}"` +
      `${k === this.meldKind ? " selected" : ""}>${this.esc(word)}</option>`).join("")}</select>`;
  },
  fields() {
    // Every field with its concrete path (one per seat for "*"), in order
    const out = [];
    for (const field of this.form.fields) {
      if (!field.path.includes("*")) out.push([field, field.path, undefined]);
      else for (let s = 0; s < this.players(); s++) out.push([field, field.path.replace("*", s), s]);
    }
    return out;
  },
  draw() {
    if (!this.model || !this.form) return;
    const w = this.W(), shown = new Set(this.form.fields.map((f) => f.path.split(".")[0]));
    const kept = Object.keys(this.model).filter((k) => !shown.has(k) && !(k in (this.form.follows || {})));
    let h = `<h2>${this.esc(w.form_h)} <button type="button" id="form-blank">${this.esc(w.blank)}</button></h2>` +
      `<p class="hint">${this.esc(w.pick_hint)}</p><div class="fields">`;
    for (const [field, path, seat] of this.fields()) {
      // small controls share a wrapping line; a card field (and the deck under it) takes a line of its own
      if (CARD_KINDS.includes(field.kind)) h += `</div>${this.control(field, path, seat)}<div class="fields">`;
      else h += this.control(field, path, seat);
    }
    h += `</div><p class="hint" id="form-kept"${kept.length ? "" : " hidden"}>` +
      `${this.esc(w.kept(kept.join(", ")))}</p>` +
      `<p id="form-note" class="note" hidden></p>`;
    this.root.innerHTML = h;
    this.markDeck();
    this.showCheck(); // in the page's language
  },
  markDeck() {
    // The badges count the active field's cards; a kind whose every copy is placed somewhere is greyed
    const deck = this.root.querySelector("#form-deck");
    if (!deck) return;
    const here = this.counts(this.active), all = this.counts(null);
    Cards.mark(deck, this.deck, here);
    for (const btn of deck.querySelectorAll(".face")) {
      const face = Cards.face(this.deck, btn.dataset.code);
      btn.classList.toggle("gone", (all.get(face.code) || 0) >= face.copies && !here.get(face.code));
    }
  },
  counts(only) {
    // code -> copies written in the card fields (all of them, or the one at path `only`)
    const counts = new Map();
    for (const [field, path] of this.fields()) {
      if (!CARD_KINDS.includes(field.kind)) continue;
      if (only !== null ? path !== only : field.echo || field.repeats) continue;
      for (const code of this.placed(field, path)) {
        const face = code && Cards.face(this.deck, code);
        if (face) counts.set(face.code, (counts.get(face.code) || 0) + 1);
      }
    }
    return counts;
  },

  // ---- edits ----
  click(e) {
    const target = e.target.closest("button");
    if (!target) return;
    if (target.id === "form-blank") return this.blank();
    if (target.dataset.fill) {
      this.active = this.active === target.dataset.fill ? null : target.dataset.fill;
      this.pending = null;
      return this.draw();
    }
    const entry = this.fields().find(([, path]) => path === (target.closest("[data-path]") || {}).dataset?.path);
    if (target.classList.contains("chip") && entry) return this.takeOut(entry, +target.dataset.index);
    if (target.classList.contains("face") && this.active) {
      const active = this.fields().find(([, path]) => path === this.active);
      if (active) this.putIn(active, target.dataset.code);
    }
  },
  putIn([field, path], code) {
    const face = Cards.face(this.deck, code), all = this.counts(null);
    const need = field.kind === "melds" ? this.meld(this.meldKind).copies || 1 : 1;
    if (field.kind !== "card" && !field.repeats && (all.get(face.code) || 0) + need > face.copies) {
      return this.note(this.W().all_placed(this.faceName(face), face.copies));
    }
    let list = this.cards(field, path);
    const cards = field.kind === "melds" && this.meld(this.meldKind).cards;
    if (cards && !this.pending) {
      this.pending = code; // a meld of two cards (Chắn's cạ): the one taken, then the hand's
      return this.draw();
    }
    if (field.kind === "melds") {
      list.push(cards ? `${this.meldKind} ${this.pending} ${code}` : `${this.meldKind} ${code}`);
      this.pending = null;
    } else if (field.kind === "card") list = [code];
    else if (field.kind === "pairs" && list.includes(null)) list[list.indexOf(null)] = code;
    else list.push(code);
    this.setCards(field, path, list);
    this.afterEdit();
    this.draw();
  },
  takeOut([field, path], index) {
    const list = this.cards(field, path);
    if (field.kind === "pairs" && index % 2 === 1) list[index] = null; // a cover taken back: the attack stays
    else list.splice(index, field.kind === "pairs" ? 2 : 1);
    if (field.kind === "pairs") while (list.length && list[list.length - 1] === null) list.pop();
    this.setCards(field, path, list);
    this.afterEdit();
    this.draw();
  },
  edit(e) {
    const el = e.target, holder = el.closest("[data-path]");
    if (el.classList.contains("meld-kind")) {
      this.meldKind = el.value;
      this.pending = null;
      return;
    }
    if (!holder || !(el.matches("input, select"))) return;
    const path = holder.dataset.path, entry = this.fields().find(([, p]) => p === path);
    if (!entry) return;
    const [field] = entry;
    const typing = e.type === "input" && el.type !== "checkbox" && el.tagName !== "SELECT";
    if (field.kind === "players") {
      const n = Math.round(+el.value);
      if (e.type !== "change" || !(n >= field.min && n <= field.max)) return;
      this.resize(n);
    } else if (field.kind === "int") {
      if (el.value.trim() === "" || !Number.isFinite(+el.value)) return;
      this.set(path, Math.round(+el.value));
    } else if (field.kind === "text") this.set(path, el.value.trim() || null);
    else if (field.kind === "bool") this.set(path, el.checked);
    else if (field.kind === "seat" || field.kind === "choice") {
      const v = el.value === "" ? null : field.kind === "seat" ? +el.value : el.value;
      this.set(path, v, field.absent);
    } else if (field.kind === "seats") {
      const boxes = [...holder.querySelectorAll("input[data-seat]")];
      this.set(path, boxes.filter((b) => b.checked).map((b) => +b.dataset.seat));
    }
    this.afterEdit();
    if (!typing && (field.kind === "players" || field.kind === "seat" || field.kind === "choice")) this.draw();
  },
};
