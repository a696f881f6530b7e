// Tấn's parts of the pages (served in /games.js, docs/architecture.md "A game's folder"): the hand page's answers
// (the hand as read; the simulated chances to lose and to draw) and the mid-game form of its position
// (docs/rules.md §3.11). The helpers (esc, tag, num, pct, W …) are the hand page's (app.js).
GAME_PAGES.tan = {
  exact(d) {
    const w = W();
    return `<h2>${esc(w.hand_h)}</h2><p>${esc(w.tan_hand(cardWords(d.hand), d.trump, d.players, valueWord(field("seat"), d.seat)))}</p>`;
  },
  sim(d) {
    const w = W();
    let h = `<h2>${esc(w.tan_lose)}</h2><p class="answer">${chance("lose", d.lose)}${fair(d.players)}</p>` +
      `<p>${esc(w.tan_draw)}: ${chance("draw", d.draw)}</p>`;
    return h + `<p>${esc(w.bouts(nf(d.bouts_mean, 1)))}${tag("bouts_mean", d.bouts_mean, "", "hid")}` +
      `${tag("hand", d.hand, "", "hid")}${tag("trump", d.trump, "", "hid")}${tag("games", d.games, "", "hid")}</p>`;
  },
  summary(e, s) {
    const w = W();
    return s ? `${esc(w.tan_lose)}: <b>${esc(pct(s.lose.estimate))}</b>${fair(s.players)}` : esc(w.simulating);
  },
  form: {
    fields: [
      { path: "rules.players", kind: "players", min: 2, max: 6, dflt: 4 },
      { path: "seat", kind: "seat" },
      { path: "decision", kind: "choice", choices: ["attack", "add", "defend"], words: "decisions" },
      { path: "trump", kind: "choice", choices: ["s", "c", "d", "h"], words: "suits" },
      { path: "hand", kind: "cards" }, { path: "bottom", kind: "card" }, { path: "stock", kind: "int" },
      { path: "discard", kind: "cards" }, { path: "table", kind: "pairs" },
      { path: "attacker", kind: "seat" }, { path: "defender", kind: "seat" },
      { path: "thrower", kind: "seat", none: true, absent: true },
      { path: "hand_sizes.*", kind: "int" }, { path: "known.*", kind: "cards" }, { path: "out", kind: "seats" },
      { path: "passes", kind: "int" }, { path: "bouts", kind: "int" },
    ],
    blank: { rules: {}, seat: 0, decision: "attack", hand: "", trump: "h", bottom: null, stock: 20, discard: "",
      table: [], attacker: 0, defender: 1, hand_sizes: [8, 8, 8, 8], known: ["", "", "", ""], out: [], passes: 0,
      bouts: 0 },
    perSeat: { hand_sizes: 0, known: "" },
  },
};
