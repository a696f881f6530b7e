"""Checks of a page as a player sees it in the browser: it fits the window (the page and every table), its menus show
their options whole, and its Vietnamese text holds no English word (card codes aside)."""

from __future__ import annotations

import re

VIETNAMESE = set("""
a an anh ba bai bao biet bo bon cai cao che chi chia chin cho chu co con cu cua da dan danh day de den di do doi du
duoc em gan gi gia giai hai han hay ho hoa hon khi khong la lai lam len loai luc lui ma mai may moi mot muoi nam nay
neu ngang nghe ngoai nguoi nha nhan nhat nhi nhieu nho noc nua o on phai qua quan ra rac roi sam sanh sau so tam tan
tang thang the theo thi thu tien tim tin toi tom trang tren trong tu tuy uu van vao ve vi voi xa xem xep u ai kia
nhanh thua tinh trung xong cardodds english
""".split())
"""Words of Vietnamese written in plain ASCII letters (no diacritics) that the pages use, the project's name and the
button to the English page (named in English); anything else made only of ASCII letters is English or a code."""
CARD = re.compile(r"(10|[2-9TJQKA])[scdh♠♣♦♥]?|[2-9][VWS]|CC|[JQKA]")
"""A card's code or rank as the pages may show it (a Sâm move names ranks: "rác J")."""


def english(text: str) -> list[str]:
    """The words of ``text`` made of ASCII letters only that are neither Vietnamese nor a card."""
    words = re.findall(r"[\w♠♣♦♥]+", text)
    return sorted({w for w in words if w.isascii() and w.isalpha() and w.lower() not in VIETNAMESE
                   and not CARD.fullmatch(w)})


def layout(driver) -> dict:
    """The page's width against the window's, every table's overflow and the text a player sees."""
    return driver.execute_script("""
        const tables = [...document.querySelectorAll('table')].filter((t) => t.offsetParent !== null);
        return {scroll: document.documentElement.scrollWidth, width: window.innerWidth, height: window.innerHeight,
                tables: tables.map((t) => [t.scrollWidth - t.clientWidth, Math.round(t.getBoundingClientRect().right)]),
                text: document.body.innerText, lang: document.documentElement.lang};""")


def fits(shown: dict, width: int):
    """The page (``layout``'s) is ``width`` wide, no wider, and so is every table in it, none scrolling inside."""
    assert shown["scroll"] <= shown["width"] == width
    for overflow, right in shown["tables"]:
        assert overflow <= 0 and right <= width, shown["tables"]


def menus_fit(driver):
    """Every option of every menu is as wide as its menu shows it (no option cut: "…nhà dưới của c")."""
    cut = driver.execute_script("""
        const ctx = document.createElement('canvas').getContext('2d'), out = [];
        for (const s of document.querySelectorAll('select')) {
          const style = getComputedStyle(s);
          ctx.font = `${style.fontSize} ${style.fontFamily}`;
          const room = s.clientWidth - 24;  // the arrow and the padding
          for (const o of s.options) if (ctx.measureText(o.text).width > room) out.push([s.id, o.text]);
        }
        return out;""")
    assert not cut, cut


def reads_well(driver, width: int):
    """The page fits ``width``, its menus show their options whole, its text has no English word, one interval form
    ("[a; b]") and true minus signs."""
    shown = layout(driver)
    fits(shown, width)
    menus_fit(driver)
    assert not english(shown["text"]), " ".join(english(shown["text"]))
    assert " – " not in shown["text"] and "-0" not in shown["text"]
