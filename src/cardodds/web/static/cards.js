// The deck as buttons, shared by the pages that pick cards: one row per suit (or Chắn's colour), one button per kind
// of card with a badge for how many are picked. The markup is the hand page's (style.css: .row, .face, .badge).
"use strict";

const Cards = {
  /** Text made safe to put in HTML. */
  esc(s) {
    const named = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
    return String(s).replace(/[&<>"']/g, (c) => named[c]);
  },
  /** The deck of /api/cards/<game> as the HTML of its rows of buttons (data-code on each). */
  deckHtml(deck, game) {
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
        // Chắn's names are two words ("Nhị Văn"): the row says the second, except for the lone Chi Chi
        const short = game === "chan" && f.row !== "Chi Chi" ? f.name.split(" ")[0] : f.name;
        html += `<button type="button" class="face${f.red ? " red" : ""}" data-code="${esc(f.code)}" ` +
          `title="${esc(f.name)}">` +
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
