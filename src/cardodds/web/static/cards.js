// The deck as buttons, shared by the pages that pick cards: one row per suit (or Chắn's colour), one button per kind
// of card with a badge for how many are picked (the markup is the hand page's: style.css .row, .face, .badge); and a
// mid-game move in the game's words, as both the form's legal-move line and the ranked moves name it.
"use strict";

const Cards = {
  /** Text made safe to put in HTML. */
  esc(s) {
    const named = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
    return String(s).replace(/[&<>"']/g, (c) => named[c]);
  },
  /** A face's name in `lang`: the game's words for it where the deck's name is not the page's language
   * (WORDS[lang].faces[game][code]: the coin's "ngửa"), else the deck's name. */
  name(face, game, lang) {
    return ((WORDS[lang].faces || {})[game] || {})[face.code] || face.name;
  },
  /** The deck of /api/cards/<game> as the HTML of its rows of buttons (data-code on each), named in `lang`. */
  deckHtml(deck, game, lang) {
    const esc = Cards.esc;
    const rows = new Map();
    for (const f of deck.cards) {
      if (!rows.has(f.row)) rows.set(f.row, []);
      rows.get(f.row).push(f);
    }
    let html = "";
    for (const [row, faces] of rows) {
      html += `<div class="row"><span class="rowname">${esc(row)}</span><div class="faces">`;
      for (const f of faces) {
        // a face's short name where its deck gives one (Chắn's "Nhị" in the row "Văn"), else its name
        const named = Cards.name(f, game, lang), short = f.short || named;
        html += `<button type="button" class="face${f.red ? " red" : ""}" data-code="${esc(f.code)}" ` +
          `title="${esc(named)}">` +
          `<span class="big">${esc(short)}</span><span class="badge"></span></button>`;
      }
      html += "</div></div>";
    }
    return html;
  },
  /** The face of a card as typed (its code or name, any case, "T" for 10), or undefined. */
  face(deck, token) {
    const t = String(token).toLowerCase().replace(/^t(?=[scdh♠♣♦♥]$)/, "10");
    return deck.cards.find((f) => f.code.toLowerCase() === t || f.name.toLowerCase() === t);
  },
  /** A move of the mid-game page (the engine's text: "9V", "ca 9W", "pass", "7 7", "3-4-5", "10h") in the game's
   * own words (WORDS[lang].advise.moves), its cards by their faces: "ăn cạ (với Cửu Văn)", "đôi 7", "10♥". */
  move(deck, game, text, lang) {
    const words = WORDS[lang].advise.moves[game] || {}, parts = String(text).split(" ");
    const name = (code) => { const face = Cards.face(deck, code); return face ? Cards.name(face, game, lang) : code; };
    if (typeof words[parts[0]] === "string") return words[parts[0]];
    if (typeof words[parts[0]] === "function") return words[parts[0]](name(parts[1]));
    const page = GAME_PAGES[game] || {}; // a game's own move words (Sâm's straights and pairs): its page.js
    if (page.move) return page.move(parts, words, name);
    return parts.length === 1 ? name(text) : text;
  },
  /** Mark each deck button under `root` with its count from `counts` (code -> n): ×n where a kind has copies. */
  mark(root, deck, counts) {
    for (const btn of root.querySelectorAll(".face")) {
      const n = counts.get(btn.dataset.code) || 0;
      const face = deck.cards.find((f) => f.code === btn.dataset.code);
      btn.querySelector(".badge").textContent = n ? (face.copies > 1 ? `×${n}` : "✓") : "";
      btn.classList.toggle("picked", n > 0);
    }
  },
};
