// Chắn's parts of the pages (served in /games.js, docs/architecture.md "A game's folder"): the hand page's answers
// (the split, the win or the waits, the exact chance of the next card; the simulated chance to win) and the mid-game
// form of its position (docs/rules.md §1.12). The helpers (esc, tag, num, pct, W …) are the hand page's (app.js).
GAME_PAGES.chan = {
  exact(d) {
    const w = W();
    let h = `<h2>${esc(w.hand_h)} (${num("cards", d.cards)})</h2>`;
    h += `<p>${esc(w.split)}: ${tag("split", d.split, esc(cardWords(d.split)), "txt")} — ${esc(w.chan_ca(d.chan, d.ca))}` +
      `${tag("chan", d.chan, "", "hid")}${tag("ca", d.ca, "", "hid")}</p>`;
    if (d.cards === 20) {
      h += d.win ? `<p class="win">${esc(w.win20)}: ${esc(w.cuoc_points("@C", "@P")).replace("@C", tag("cuoc", d.cuoc, esc(d.cuoc), "txt")).replace("@P", num("points", d.points))}</p>` : `<p>${esc(w.not_win20)}</p>`;
      if (d.discards.length) {
        h += `<p>${esc(w.discards)}</p><ul>`;
        d.discards.forEach((x, i) => {
          h += `<li>${tag(`discards.${i}.discard`, x.discard, esc(cardWord(x.discard)), "txt")} → ${esc(w.waits_for)} ` +
            `${esc(x.waits.map(cardWord).join(", "))} (${esc(x.win_types.map((t) => w.win_types[t] || t).join(", "))})</li>`;
        });
        h += `</ul>`;
      }
      return h;
    }
    if (!d.waits.length) return h + `<p>${esc(w.no_wait)}</p>`;
    h += `<div class="scroll"><table><tr>${w.wait_head.map((x) => `<th>${esc(x)}</th>`).join("")}</tr>`;
    d.waits.forEach((x, i) => {
      const k = `waits.${i}`;
      h += `<tr><td>${tag(`${k}.card`, x.card, esc(x.name), "txt")}</td><td>${esc(w.win_types[x.win_type] || x.win_type)}${x.how === "chiu_u" ? " " + esc(w.chiu_u) : ""}</td>` +
        `<td>${num(`${k}.outs`, x.outs)}</td><td>${tag(`${k}.cuoc`, x.cuoc, esc(x.cuoc), "txt")}</td><td>${num(`${k}.points`, x.points)}</td>` +
        `<td>${tag(`${k}.cuoc_chi`, x.cuoc_chi, esc(x.cuoc_chi), "txt")}</td><td>${num(`${k}.points_chi`, x.points_chi)}</td></tr>`;
    });
    h += `</table></div><p class="answer">${esc(w.next_card)}: ${num("outs", d.outs)}/${num("unseen", d.unseen)} = ` +
      `${tag("p_next_card", d.p_next_card, esc(pct(d.p_next_card)))} <em>(${esc(w.exact)})</em></p>`;
    return h;
  },
  sim(d) {
    const w = W(), x = d.win_chance;
    return `<h2>${esc(w.chan_win)}</h2><p class="answer">${chance("win_chance", x, "p_win")}${fair(4)}</p>` +
      `<p>${esc(w.points_game)}: ${num("win_chance.points_game", x.points_game, 2, true)}` +
      `${interval(num("win_chance.points_ci_low", x.points_ci_low, 2, true), num("win_chance.points_ci_high", x.points_ci_high, 2, true))}</p>` +
      `<p>${esc(w.draw)}: ${tag("win_chance.p_draw", x.p_draw, esc(pct(x.p_draw)))}${tag("win_chance.games", x.games, "", "hid")}${tag("win_chance.seat", x.seat, "", "hid")}</p>`;
  },
  summary(e, s) {
    const w = W();
    if (!s) return e.cards === 19 && e.waits.length ? `${esc(w.next_card)}: ${esc(pct(e.p_next_card))}` : esc(w.simulating);
    const x = s.win_chance;
    return `${esc(w.chan_win)}: <b>${esc(pct(x.p_win))}</b>${fair(4)}; ${esc(w.per_game(Fmt.signed(x.points_game, 2, state.lang)))}`;
  },
  form: {
    // each field: its path in the position's JSON ("*" is every seat), its kind, and for lists the choices (the
    // generic form, static/advise_form.js, says what each kind and flag means)
    fields: [
      { path: "seat", kind: "seat" },
      { path: "decision", kind: "choice", choices: ["discard", "act", "chiu", "tra_cua"], words: "decisions" },
      { path: "hand", kind: "cards" }, { path: "seats.*.mat", kind: "melds" },
      // the discards are a history: each of them now lies on a mat or on the table
      { path: "seats.*.discards", kind: "cards", echo: true },
      // acted, left out: true when the seat has eaten or discarded (docs/rules.md §1.12)
      { path: "seats.*.acted", kind: "bool",
        implied: (seat) => Boolean((seat.discards || "").trim() || (seat.mat || []).length) },
      { path: "table", kind: "cards", word: "chan_table" }, { path: "noc", kind: "int" },
      { path: "card", kind: "card", absent: true, echo: true }, // the card in play lies on the table too
      { path: "from", kind: "choice", choices: ["discard", "noc", "passed", "tra_cua"], words: "froms", none: true,
        absent: true },
    ],
    blank: { rules: {}, seat: 0, decision: "discard", hand: "",
      seats: [0, 1, 2, 3].map(() => ({ mat: [], discards: "" })), table: "", noc: 23 }, // acted: as it follows
    // a mat's melds ("chan 9V", "ca 9V 9W", "chiu 9V"), the first the one chosen at first: a chắn is two copies of
    // a card, a chíu four, a cạ two cards (the one taken, then the hand's)
    melds: { chan: { copies: 2 }, ca: { cards: 2 }, chiu: { copies: 4 } },
  },
};
