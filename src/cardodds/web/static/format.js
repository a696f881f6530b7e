// Numbers as both pages show them: the language's own format (vi: 5.000 and 0,13), a true minus sign (−0,28),
// intervals in one form, "[−0,28; −0,20]", their bounds in the same unit as the value.
"use strict";

const Fmt = {
  /** `v` with `digits` decimals in the format of `lang` ("vi" or "en"); negative numbers with a true minus sign. */
  nf(v, digits, lang) {
    const text = Math.abs(v).toLocaleString(lang === "vi" ? "vi-VN" : "en-GB",
      { minimumFractionDigits: digits, maximumFractionDigits: digits });
    return v < 0 && /[1-9]/.test(text) ? `\u2212${text}` : text;
  },
  /** The same with a "+" before a positive value (a difference, points won). */
  signed(v, digits, lang) { return `${v > 0 && /[1-9]/.test(Fmt.nf(v, digits, lang)) ? "+" : ""}${Fmt.nf(v, digits, lang)}`; },
  /** A chance as a percentage: one decimal, two below 1 % (0,12 % rather than 0,1 %). */
  pct(p, lang) { return `${Fmt.nf(100 * p, p > 0 && p < 0.01 ? 2 : 1, lang)}\u00a0%`; },
  /** An interval "[low; high]" of two bounds already written. */
  interval(low, high) { return `[${low}; ${high}]`; },
};
