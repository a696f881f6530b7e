// The pages' words: the server's one catalogue (cardodds.vocabulary, its table `page`), which /words.js hands over as
// CATALOGUE[lang] before this file runs. Here each template becomes the function the page calls: {0}, {1} … are its
// arguments in order ({1-1}: the second less one); {one, other} chooses by whether the first argument is 1; a seat's
// words {first, second, last, nth} name seat s of n; the few words whose choice depends on the values have their
// shape in SHAPES, written once for every language. WORDS[lang][key] is then a string or a
// function of the values it names: the hand page's at the top level, the mid-game page's under `advise` and its
// form's under `form`.
"use strict";

/** `template` with each {i} replaced by args[i], each {i-k} by args[i] less k. */
function fill(template, args) {
  return template.replace(/\{(\d+)(?:-(\d+))?\}/g, (all, i, k) => String(k ? args[Number(i)] - Number(k) : args[Number(i)]));
}
const TEMPLATE = /\{\d+(?:-\d+)?\}/;

const SHAPES = {
  missing: (t) => (n, sizes) => (sizes.length > 1
    ? fill(t.dealer, [sizes[0] - n, sizes[1] - n]) : fill(t.plain, [sizes[0] - n])),
  too_many: (t) => (n, max) => fill(t, [n - max]),
  played: (t) => (a, b, done) => fill(done ? t.done : t.going, [a, b]),
  "form.all_placed": (t) => (card, n) => (n > 1 ? fill(t.many, [card, n]) : fill(t.one, [card])),
  "advise.gain_chance": (t) => (...a) => fill(a[3] ? t.lower : t.higher, a),
  // a server message: [regex, template of its groups]; {path:i|other} names group i by the words' table at `path`
  // (a game's seats: choices.<game>.seat), else says the word `other`
  errors: (t, words) => t.map(([pattern, template]) => [new RegExp(pattern), (m) => fill(template.replace(
    /\{([\w.]+):(\d+)\|(\w+)\}/g, (all, path, i, other) => at(words, path)[m[Number(i)]] || words[other]), m)]),
};

/** The words' table at the dotted `path` ({} where there is none). */
function at(words, path) {
  return path.split(".").reduce((table, key) => (table && table[key]) || {}, words);
}

/** Seat `s` of `n` in words: the first, the second, the last, else the nth. */
function seatWords(t) {
  return (s, n) => (s === 0 ? t.first : s === 1 ? t.second : s === n - 1 ? t.last : fill(t.nth, [s + 1]));
}

/** The catalogue's words at `path` as the page uses them (see the file's top). */
function shaped(value, path, words) {
  if (SHAPES[path]) return SHAPES[path](value, words);
  if (typeof value === "string") return TEMPLATE.test(value) ? (...args) => fill(value, args) : value;
  if (Array.isArray(value)) return value;
  if ("one" in value && "other" in value) return (...args) => fill(args[0] === 1 ? value.one : value.other, args);
  if ("first" in value && "nth" in value) return seatWords(value);
  const out = {};
  for (const [key, inner] of Object.entries(value)) out[key] = shaped(inner, path ? `${path}.${key}` : key, words);
  return out;
}

const WORDS = Object.fromEntries(Object.entries(CATALOGUE).map(([lang, words]) => [lang, shaped(words, "", words)]));

/** A server's one-line message in the words of `lang` where the page knows it, else as the server wrote it. */
function errorWords(lang, message) {
  for (const [pattern, words] of WORDS[lang].errors) {
    const m = pattern.exec(message);
    if (m) return words(m);
  }
  return message;
}
