// The coin's parts of the pages (served in /games.js, as every game's page.js): only the mid-game form of its
// position ({"rules": {"p": 0.3}, "calls": "H T", "tosses": "H H"}); its hand page shows the generic list.
GAME_PAGES.demo = {
  form: {
    // a coin's faces repeat: the calls and the tosses are not counted against the deck's one copy of each
    fields: [{ path: "calls", kind: "cards", repeats: true }, { path: "tosses", kind: "cards", repeats: true }],
    blank: { rules: { p: 0.5 }, calls: "", tosses: "" },
  },
};
