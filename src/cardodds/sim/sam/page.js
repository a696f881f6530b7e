// Sâm's parts of the pages (served in /games.js, docs/architecture.md "A game's folder"): the hand page's answers
// (the tới trắng, the bayes declarer's advice; the simulated chances to win and to make Sâm, and the plan), a move's
// words where the catalogue names no move (a straight, a pair …), and the mid-game form of its position
// (docs/rules.md §2.11). The helpers (esc, tag, num, pct, W …) are the hand page's (app.js).
function planWords(move) {
  // "straight 3-4-5-6" -> "sảnh 3–6", "pair 7" -> "đôi 7"
  const [kind, ranks] = move.split(" ");
  const parts = ranks.split("-");
  return `${W().advise.moves.sam[kind] || kind} ${parts.length > 1 ? `${parts[0]}–${parts[parts.length - 1]}` : ranks}`;
}
GAME_PAGES.sam = {
  exact(d) {
    const w = W(), b = d.bayes;
    let h = `<h2>${esc(w.hand_h)}</h2><p>${tag("hand", d.hand, esc(cardWords(d.hand)), "txt")}${tag("opponents", d.opponents, "", "hid")}</p>`;
    if (d.toi_trang) return h + `<p class="answer win">${tag("toi_trang", d.toi_trang, esc(w.toi_trang(w.toi_trang_kinds[d.toi_trang] || d.toi_trang)), "txt")}</p>`;
    h += `<p>${tag("toi_trang", d.toi_trang, esc(w.no_toi_trang), "txt")}</p>`;
    h += `<h3>${esc(w.advice_h)}</h3><p class="answer">${tag("bayes.declare", b.declare, esc(b.declare ? w.declare : w.no_declare), "txt")}</p>`;
    h += `<p>${esc(w.quick_success("@P", "@W", "@N")).replace("@P", tag("bayes.p_success", b.p_success, esc(pct(b.p_success))))
      .replace("@W", num("bayes.wins", b.wins)).replace("@N", num("bayes.n", b.n))}</p>`;
    const gain = b.sam_value - b.normal_value, by = gain >= 0 ? w.declare_by : w.keep_by;
    h += `<p>${esc(w.values("@A", "@B")).replace("@A", num("bayes.sam_value", b.sam_value, 2, true)).replace("@B", num("bayes.normal_value", b.normal_value, 2, true))}` +
      `${esc(by(nf(Math.abs(gain), 2)))}` +
      `${b.margin > 0 ? esc(w.margin("@M")).replace("@M", num("bayes.margin", b.margin, 2)) : ""}</p>`;
    return h;
  },
  sim(d) {
    const w = W(), s = d.sam, x = d.win;
    let h = `<h2>${esc(w.sam_win)}</h2><p class="answer">${chance("win", x)}${fair(d.opponents + 1)}</p>` +
      `<p>${esc(w.cuoc_mean)}: ${num("win.cuoc_mean", x.cuoc_mean, 2, true)}${tag("games", d.games, "", "hid")}</p>`;
    if (d.toi_trang) return h;
    h += `<h2>${esc(w.sam_success)}</h2>`;
    h += s.plan === null ? `<p>${esc(w.no_plan)}</p>` :
      `<p class="answer">${chance("sam", s, "success")}</p><p>${esc(w.plan)}: ${esc(s.plan.map(planWords).join(" → "))}</p>`;
    return h;
  },
  summary(e, s) {
    const w = W();
    if (e.toi_trang) return `<b>${esc(w.toi_trang(w.toi_trang_kinds[e.toi_trang] || e.toi_trang))}</b>`;
    const advice = `<b>${esc(e.bayes.declare ? w.declare : w.no_declare)}</b>`;
    if (!s) return advice;
    const made = e.bayes.declare && s.sam.plan !== null ? esc(w.sum_success(pct(s.sam.success))) : "";
    return `${advice}${made}; ${esc(w.sum_normal)} <b>${esc(pct(s.win.estimate))}</b>${fair(s.opponents + 1)}`;
  },
  /** A move of the engine's text, split at its spaces ("3-4-5", "7 7"), in `words` (WORDS[lang].advise.moves.sam). */
  move(parts, words) {
    const run = parts[0].split("-");
    if (run.length > 1) return `${words.straight} ${run[0]}–${run[run.length - 1]}`;
    return `${words[["single", "pair", "triple", "quad"][parts.length - 1]] || ""} ${parts[0]}`.trim();
  },
  form: {
    fields: [
      { path: "rules.players", kind: "players", min: 2, max: 5, dflt: 4 },
      { path: "seat", kind: "seat" }, { path: "hand", kind: "cards" }, { path: "played.*", kind: "cards" },
      { path: "counts.*", kind: "int" }, { path: "to_beat", kind: "text" }, { path: "by", kind: "seat", none: true },
      { path: "passed", kind: "seats" },
    ],
    blank: { rules: {}, seat: 0, hand: "", played: ["", "", "", ""], counts: [10, 10, 10, 10], to_beat: null, by: null,
      passed: [] },
    // the per-seat lists a change of players resizes, with what a new seat starts with
    perSeat: { played: "", counts: 10 },
    // bao_1, where given, must match the counts: the seats with one card left
    follows: { bao_1: { from: "counts", is: 1 } },
  },
};
