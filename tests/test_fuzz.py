"""Hostile input and random deals (hypothesis).

Garbage given to any parser — hands, experiment files, move logs, the command line — either parses or fails with a
``CardoddsError`` of one line (the CLI: exit code 2, one line on stderr); never another exception, never a traceback.
Random deals conserve the cards, and the vectorised hand features equal the plain-Python evaluator on random hands
(played games: ``tests/test_conformance.py``).

A new game joins with a line in ``HAND_PARSERS`` / ``CARD_WORDS`` (and its task is fuzzed through the registry).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import tempfile
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from cardodds.cli import main
from cardodds.sim.chan.cards import CHI_CHI, COPIES, IS_RED, N_KINDS, parse_hand
from cardodds.sim.chan.deal import (
    CAI_HAND_SIZE,
    DECK_SIZE,
    HAND_SIZE,
    NOC_SLICE,
    PLAYERS,
    deal_orders,
    kinds_of,
    seat_slices,
)
from cardodds.sim.chan.deal_metrics import count_tables, empty_counts
from cardodds.sim.chan.features import features, pack_counts
from cardodds.sim.chan.hand import (
    best_discards,
    leo_count,
    red_count,
    split_hand,
    thien_khai_count,
    thien_u_type,
    tom_count,
    waits,
)
from cardodds.sim.errors import CardoddsError
from cardodds.sim.experiment import _EXPERIMENT_KEYS, load_experiment
from cardodds.sim.registry import task_names

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _optional(module: str, name: str):
    """A parser of a game that may not be written yet (None then; its tests skip)."""
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


HAND_PARSERS = {
    "chan": parse_hand,
    "chan.sized": lambda text: parse_hand(text, (HAND_SIZE, CAI_HAND_SIZE)),
    "sam": _optional("cardodds.sim.sam.cards", "parse_hand"),
    "tan": _optional("cardodds.sim.tan.cards", "parse_cards"),
    "tan.suit": _optional("cardodds.sim.tan.cards", "parse_suit"),
}
CARD_WORDS = {
    "chan": ["9V", "9W", "9S", "CC", "2w", "Cửu", "cuu", "Vạn", "văn", "van", "vanj", "sách", "chi", "Chi", "nhị", "bát", "đ"],
    "sam": ["3s", "10h", "Td", "Q♦", "A♣", "2♥", "6", "♦", "k", "1", "0s", "JOKER"],
    "tan": ["3s", "10h", "Td", "Q♦", "A♣", "2♥", "6", "♦", "bích", "cơ", "rô", "hh", "10hQd2s"],
}
CARD_WORDS["chan.sized"] = CARD_WORDS["chan"]
CARD_WORDS["tan.suit"] = CARD_WORDS["tan"] + ["chuồn", "nhép", "Cơ", "hearts"]
SEPARATORS = [" ", ",", ", ", ";", "\t", "\n", "", "  ", "\u00a0", "\u2028", "\x0b"]


def _event(name: str) -> None:
    with contextlib.suppress(Exception):  # outside a hypothesis test there is nothing to record
        event(name)


def assert_one_line_error(call, *args):
    """``call(*args)`` returns, or raises CardoddsError with a one-line message; anything else fails the test."""
    try:
        call(*args)
    except CardoddsError as exc:
        message = str(exc)
        assert message.strip(), "empty error message"
        assert "\n" not in message and "\r" not in message, f"multi-line message: {message!r}"
        _event("rejected")
        return message
    _event("accepted")
    return None


_WESTERN = [f"{r}{s}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] for s in "scdh"]


def _chan_hand_text(size: int):
    from cardodds.sim.chan.cards import format_hand

    return st.builds(lambda h, names: format_hand(h, names=names), hands(size), st.booleans())


def _western_hand_text(size: int):
    return st.lists(st.sampled_from(_WESTERN), min_size=size, max_size=size, unique=True).map(" ".join)


def full_hands(game: str):
    """Well-formed hands of ``game`` (so the fuzzer also reaches the checks after the tokens: sizes, duplicates)."""
    if game.startswith("chan"):
        return st.one_of(_chan_hand_text(HAND_SIZE), _chan_hand_text(CAI_HAND_SIZE))
    return st.one_of(_western_hand_text(10), _western_hand_text(13))


def card_text(words: list[str], game: str = "chan"):
    """Text made of card-like words, junk and separators, or a whole hand with a token more or less."""
    token = st.one_of(st.sampled_from(words), st.text(max_size=6))
    pieces = st.lists(st.tuples(token, st.sampled_from(SEPARATORS)), max_size=30)
    edited = st.tuples(full_hands(game), st.sampled_from(["", " 9V", " 3s", " CC CC", " x"]), st.integers(0, 4)).map(
        lambda t: (t[0] + t[1]) if t[2] else t[0].rsplit(" ", 1)[0]
    )
    return st.one_of(st.text(max_size=60), pieces.map(lambda ps: "".join(t + s for t, s in ps)), full_hands(game), edited)


# --- parsers of hands ---------------------------------------------------------------------------------------------


HOSTILE_HANDS = ["2S\n10H", "9V\n9V", "9V\r\nCC", "\x00", "9V " * 200, "🂡", "Cửu\u0301 Vạn",
                 unicodedata.normalize("NFD", "Cửu Vạn, cửu văn, chi chi"), "chi, chi, chi", "cửu, vạn", "6, ♦", "cơ", "Rô"]
"""Texts found by the fuzzer (or worth trying every time): a newline in an echoed hand once split an error message;
decomposed accents (NFD) were once rejected, and "chi, chi, chi" read as two cards."""


@pytest.mark.parametrize("game", sorted(HAND_PARSERS))
def test_hand_parsers_take_any_text(game):
    parser = HAND_PARSERS[game]
    if parser is None:
        pytest.skip(f"no hand parser for {game} yet")

    @FUZZ
    @given(card_text(CARD_WORDS[game], game))
    def check(text):
        assert_one_line_error(parser, text)

    for text in HOSTILE_HANDS:
        check = example(text)(check)
    check()


def _outcome(parser, text):
    try:
        return np.asarray(parser(text)).tolist()
    except CardoddsError:
        return "rejected"


@pytest.mark.parametrize("game", sorted(HAND_PARSERS))
def test_hand_parsers_read_decomposed_accents_as_composed(game):
    parser = HAND_PARSERS[game]

    @FUZZ
    @given(card_text(CARD_WORDS[game], game))
    def check(text):
        result = _outcome(parser, unicodedata.normalize("NFC", text))
        assert _outcome(parser, unicodedata.normalize("NFD", text)) == result

    for text in HOSTILE_HANDS:
        check = example(text)(check)
    check()


@FUZZ
@given(st.lists(st.integers(0, N_KINDS - 1), min_size=1, max_size=24))
def test_chan_hand_round_trip(kinds):
    from cardodds.sim.chan.cards import format_hand

    counts = np.bincount(kinds, minlength=N_KINDS)
    if counts.max() > COPIES:
        with pytest.raises(CardoddsError, match="appears .* times; the deck has only 4"):
            parse_hand(format_hand(counts))
    else:
        assert parse_hand(format_hand(counts)).tolist() == counts.tolist()
        assert parse_hand(format_hand(counts, names=True)).tolist() == counts.tolist()


# --- experiment files ---------------------------------------------------------------------------------------------


def _option_fields(module: str, name: str) -> dict[str, object]:
    """Field name -> default of a game's rules dataclass (empty when the game is not written yet)."""
    import dataclasses

    cls = _optional(module, name)
    if cls is None:
        return {}
    return {
        f.name: (f.default if f.default is not dataclasses.MISSING else f.default_factory())
        for f in dataclasses.fields(cls)
    }


SECTION_KEYS = {  # what a section may hold, per task: keys the fuzzer should hit with values of the right type
    "chan.deal": {"rules": _option_fields("cardodds.sim.chan.rules", "ChanRules")},
    "chan.play": {"rules": _option_fields("cardodds.sim.chan.rules", "ChanRules"), "strategies": {"name": "", "seat": 0}},
    "demo.coin": {"rules": {"p": 0.5}},
    "sam.deal": {"rules": _option_fields("cardodds.sim.sam.rules", "SamRules")},
    "sam.play": {"rules": _option_fields("cardodds.sim.sam.rules", "SamRules"), "strategies": {"name": "", "declare": ""}},
    "tan.play": {"rules": _option_fields("cardodds.sim.tan.rules", "TanRules"), "strategies": {"name": "", "seat": 0}},
}


def _toml_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _toml_key(key: str) -> str:
    return key if key.replace("_", "a").replace("-", "a").isalnum() and key.isascii() else _toml_str(key)


def _toml(value) -> str:
    """A Python value as TOML (the generator's own small serialiser)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(str(value), repr(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    return str(value)  # dates, raw fragments


_scalar = st.one_of(
    st.integers(-(2**64), 2**64),
    st.integers(-3, 30),
    st.floats(allow_nan=True),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(task_names() + ["loky", "dask", "tcp://h:1", "no_xuong", "rules.cai_seat", "main"]),
)
_value = st.recursive(
    _scalar,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6,
)


def _like(default):
    """Values of the default's type (to get past the type checks), or anything at all."""
    if isinstance(default, bool):
        typed = st.booleans()
    elif isinstance(default, int):
        typed = st.integers(-5, 2**63)
    elif isinstance(default, float):
        typed = st.one_of(st.floats(-1, 2), st.sampled_from([float("nan"), float("inf")]))
    elif isinstance(default, dict):
        typed = st.dictionaries(st.sampled_from(["leo", "tom", "ga", "bach_thu", "x"]), st.integers(-2, 9), max_size=3)
    else:
        typed = st.text(max_size=8)
    return st.one_of(typed, _value)


@st.composite
def experiment_doc(draw, task: str) -> str:
    """An experiment file of ``task``: valid TOML (mostly), right keys (often), values of the right type (sometimes)."""
    rarely = st.integers(0, 5).map(lambda x: x == 0)
    task = draw(st.sampled_from([task, "chan.deall", ""])) if draw(rarely) else task
    head = {"name": "x", "task": task, "games": draw(st.sampled_from([10, 1, 0, -1, "10"])) if draw(rarely) else 10}
    if draw(rarely):
        for key in draw(st.lists(st.sampled_from(list(_EXPERIMENT_KEYS) + ["gmaes"]), max_size=3)):
            head[key] = draw(_value)
        for key in draw(st.lists(st.sampled_from(["name", "task", "games"]), max_size=1)):
            del head[key]
    doc = {"experiment": head}
    for section, fields in SECTION_KEYS.get(task, {}).items():
        table = {}
        for key in draw(st.lists(st.sampled_from(sorted(fields) + ["unknown"]), max_size=4)):
            table[key] = draw(_like(fields.get(key)))
        doc[section] = table
    if draw(rarely):
        doc[draw(st.sampled_from(["arms", "sweep", "strategies", "other"]))] = draw(
            st.one_of(
                st.lists(st.dictionaries(st.sampled_from(["name", "baseline", "rules"]), _value, max_size=3), max_size=3),
                st.dictionaries(st.sampled_from(["parameter", "values", "baseline", "x"]), _value, max_size=3),
            )
        )
    lines = []
    for section, table in doc.items():
        if isinstance(table, list):
            for item in table:
                lines.append(f"[[{_toml_key(section)}]]")
                lines += [f"{_toml_key(k)} = {_toml(v)}" for k, v in item.items()]
        else:
            lines.append(f"[{_toml_key(section)}]")
            lines += [f"{_toml_key(k)} = {_toml(v)}" for k, v in table.items()]
    text = "\n".join(lines) + "\n"
    if draw(st.integers(0, 9)) == 0:  # now and then, break it somewhere
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(max_size=5)) + text[at:]
    return text


_HEAD = '[experiment]\nname = "x"\ntask = "{task}"\ngames = 1\n'
HOSTILE_CONFIGS = [_HEAD + "[strategies]\nname = []\n", _HEAD + '[strategies]\nname = "\\r"\n', _HEAD + "[rules]\nplayers = 1e999\n"]
"""Files found by the fuzzer (or worth trying every time), written for each task."""


@pytest.mark.parametrize("task", task_names())
def test_experiment_loader_takes_any_file_of_a_task(task):
    path = Path(tempfile.mkdtemp(prefix="cardodds-fuzz-")) / "fuzz.toml"

    @settings(FUZZ, max_examples=120)
    @given(experiment_doc(task))
    def check(text):
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        assert_one_line_error(load_experiment, path)

    for text in HOSTILE_CONFIGS:
        check = example(text.format(task=task))(check)
    check()


def test_experiment_loader_takes_any_text():
    folder = Path(tempfile.mkdtemp(prefix="cardodds-fuzz-"))
    path = folder / "fuzz.toml"

    @settings(FUZZ, max_examples=200)
    @given(st.text(max_size=200))
    def check(text):
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        assert_one_line_error(load_experiment, path)

    check()
    path.write_bytes(b"\xff\xfe[experiment]")
    assert "not UTF-8" in assert_one_line_error(load_experiment, path)
    assert "is a folder" in assert_one_line_error(load_experiment, folder)


# --- move logs ----------------------------------------------------------------------------------------------------

_json = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 30), st.text(max_size=8), st.sampled_from(["9V", "CC", "danh", "an"])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(
            st.sampled_from(["format", "deal", "moves", "hands", "noc", "cai", "seat", "action", "card", "with", "as", "x"]),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=20,
)


def test_move_log_parser_takes_any_json():
    parse_log = _optional("cardodds.sim.chan.movelog", "parse_log")
    if parse_log is None:
        pytest.skip("no Chắn move log yet")

    @FUZZ
    @given(_json)
    def check(obj):
        assert_one_line_error(parse_log, obj)

    check()


def test_move_log_reader_takes_any_text():
    read_log = _optional("cardodds.sim.chan.movelog", "read_log")
    if read_log is None:
        pytest.skip("no Chắn move log yet")
    path = Path(tempfile.mkdtemp(prefix="cardodds-fuzz-")) / "log.json"

    @FUZZ
    @given(st.one_of(st.text(max_size=80), _json.map(json.dumps)))
    def check(text):
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        assert_one_line_error(read_log, path)

    check()


HOSTILE_LOG_FILES = {
    "random bytes": bytes(range(256))[::-7] * 3,
    "UTF-16": '{"deal": {}, "moves": []}'.encode("utf-16"),
    "deep nesting": b"[" * 100_000,
    "deep objects": b'{"a":' * 50_000,
    "UTF-8 BOM": b"\xef\xbb\xbf{}",
}
"""Move-log files that once gave a traceback (UnicodeDecodeError, RecursionError) instead of one line."""


@pytest.mark.parametrize("name", sorted(HOSTILE_LOG_FILES))
def test_move_log_reader_takes_any_bytes(tmp_path, name):
    read_log = _optional("cardodds.sim.chan.movelog", "read_log")
    path = tmp_path / "log.json"
    path.write_bytes(HOSTILE_LOG_FILES[name])
    assert assert_one_line_error(read_log, path) is not None
    assert "is a folder" in assert_one_line_error(read_log, tmp_path)


# --- the command line ---------------------------------------------------------------------------------------------

_FLAGS = ["--json", "--games", "--seed", "--jobs", "--out", "--resume", "--hand", "--quick", "--no-progress", "--precision",
          "--max-games", "--metric", "--backend", "--scheduler", "-1", "0", "2", "chan", "sam", "tan", "x", "--",
          "--trump", "--opponents", "--players", "--config", "--arm", "-5", "1.5", "cơ", "h"]


@st.composite
def argv(draw):
    """Command lines that cannot start a long computation: ``run`` only gets files that are not experiments."""
    command = draw(st.sampled_from(["odds", "exact", "run", "replay", "check", "frobnicate", "", "-x"]))
    words = draw(st.lists(st.one_of(st.sampled_from(_FLAGS), st.text(max_size=10)), max_size=6))
    if command == "odds":
        hand = draw(card_text(CARD_WORDS["chan"]))
        return ["odds", draw(st.sampled_from(["chan", "chan", "sam", "x"])), "--hand", hand] + words
    if command == "run":
        config = draw(st.sampled_from(["missing.toml", "garbage.toml", "folder"]))
        return ["run", str(CLI_DIR / config), "--out", str(CLI_DIR / "out")] + words
    return ([command] if command else []) + words


CLI_DIR = Path(tempfile.mkdtemp(prefix="cardodds-cli-fuzz-"))
(CLI_DIR / "folder").mkdir()
(CLI_DIR / "garbage.toml").write_text("[experiment]\nname = 'x'\ntask = 'chan.deal'\n[rules]\ncai_seat = 9\n")


@settings(FUZZ, max_examples=200)
@given(argv())
@example(["odds", "chan", "--hand", "", "\r"])  # argparse echoes unknown arguments as typed
@example(["odds", "chan", "--hand", "9V\n9V"])
@example(["--help"])
@example(["odds", "sam", "--hand", "3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", "--trump", "h"])  # options another game takes
@example(["odds", "tan", "--hand", "As Ac Ad Kh 2s 3c 4d 5s", "--trump", "h", "--opponents", "2"])
@example(["odds", "chan", "--hand", "9V", "--games", "-5"])
@example(["odds", "sam", "--hand", "3s", "--games", "0"])
@example(["replay", "tan", "--seed", "1", "--config", "configs/tan_strategies.toml", "--arm", "nosuch"])
@example(["replay", "tan", "--seed", "1", "--log", str(Path(tempfile.gettempdir()) / "cardodds-fuzz-tan.json")])
@example(["check", "chan", str(Path(tempfile.gettempdir()))])
def test_cli_returns_0_or_2_with_one_line_on_stderr(args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exc:  # --help and its abbreviations print the help and exit 0
            code = exc.code
    stderr = err.getvalue()
    event(f"exit {code}")
    assert code in (0, 2), (args, code, stderr)
    assert "Traceback" not in stderr
    if code == 2:
        assert stderr.startswith("cardodds: error: ") and stderr.count("\n") == 1 and "\r" not in stderr, stderr


_COIN = "[experiment]\nname = 'coin'\ntask = 'demo.coin'\ngames = 4_000\nchunk_size = 1_000\n"
(CLI_DIR / "coin.toml").write_text(_COIN)
(CLI_DIR / "coin_arms.toml").write_text(_COIN + "[[arms]]\nname = 'a'\n[[arms]]\nname = 'b'\n[arms.rules]\np = 0.4\n")
(CLI_DIR / "afile").write_text("not a folder")
BAD_RUNS = [
    (["coin.toml", "--max-games", "5"], "--max-games only goes with --precision"),
    (["coin.toml", "--metric", "heads"], "--metric only goes with --precision"),
    (["coin.toml", "--precision", "0.1", "--metric", "nosuch"], "has no such metric"),
    (["coin.toml", "--precision", "0.1", "--metric", "heads:0"], "has no seats"),
    (["coin_arms.toml", "--games", "1000"], "a paired interval needs at least 2 chunks"),
    (["coin.toml", "--out", str(CLI_DIR / "afile" / "sub")], "is a file, not a folder"),
    (["coin_arms.toml", "--out", str(CLI_DIR / "afile")], "is a file, not a folder"),
]
"""Bad ``run`` command lines found by trying (issue 13): each is one line, exit 2, and leaves no run folder."""


@pytest.mark.parametrize("args, message", BAD_RUNS)
def test_bad_run_command_lines_write_nothing(args, message):
    out = CLI_DIR / "bad-run-out"
    argv = ["run", str(CLI_DIR / args[0]), "--jobs", "1", "--no-progress"] + args[1:]
    if "--out" not in argv:
        argv += ["--out", str(out)]
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(argv)
    stderr = err.getvalue()
    assert code == 2 and stderr.startswith("cardodds: error: ") and stderr.count("\n") == 1, stderr
    assert message in stderr and not out.exists() and not (CLI_DIR / "afile" / "sub").exists()


# --- random deals -------------------------------------------------------------------------------------------------


@FUZZ
@given(st.integers(0, 2**63 - 1), st.integers(1, 40), st.integers(0, PLAYERS - 1))
def test_every_card_is_dealt_to_exactly_one_place(seed, n, cai_seat):
    order = deal_orders(np.random.default_rng(seed), n)
    assert order.shape == (n, DECK_SIZE) and order.dtype == np.uint8
    assert (np.sort(order, axis=1) == np.arange(DECK_SIZE)).all()  # each card once
    places = seat_slices(cai_seat) + [NOC_SLICE]
    covered = np.zeros(DECK_SIZE, dtype=int)
    for sl in places:
        covered[sl] += 1
    assert (covered == 1).all()  # each position in exactly one hand or the nọc
    sizes = [sl.stop - sl.start for sl in places]
    assert sizes[cai_seat] == CAI_HAND_SIZE and sum(sizes) == DECK_SIZE
    assert sorted(sizes[:PLAYERS]) == [HAND_SIZE] * (PLAYERS - 1) + [CAI_HAND_SIZE]
    kinds = kinds_of(order)
    per_place = [np.apply_along_axis(np.bincount, 1, kinds[:, sl], minlength=N_KINDS) for sl in places]
    assert (sum(per_place) == COPIES).all()  # four of each kind across the table, in every deal

    # The tallies conserve them too: every hand counted once per table, all 20 red cards found.
    counts = empty_counts()
    count_tables(order, cai_seat, counts)
    assert int(counts["games"]) == n
    assert (counts["hist.chan_count"].sum(axis=1) == n).all()
    red_in_hands = int((counts["hist.red"] * np.arange(counts["hist.red"].shape[1])).sum())
    red_in_noc = int(IS_RED[kinds[:, NOC_SLICE]].sum())
    assert red_in_hands + red_in_noc == 20 * n


@st.composite
def hands(draw, size: int):
    """A count vector of ``size`` cards, built mostly from pairs and cạ so that waits and wins are common."""
    counts = [0] * N_KINDS
    for kind in draw(st.lists(st.integers(0, N_KINDS - 1), max_size=size // 2)):
        if counts[kind] + 2 <= COPIES and sum(counts) + 2 <= size:
            counts[kind] += 2
    while sum(counts) < size:
        free = [k for k in range(N_KINDS) if counts[k] < COPIES]
        counts[draw(st.sampled_from(free))] += 1
    return counts


def _check_against_reference(h: list[int]):
    feat = features(*pack_counts(np.array([h])))
    split = split_hand(h)
    assert int(feat.chan[0]) == len(split.chan)
    assert int(feat.red[0]) == red_count(h) and int(feat.chi_chi[0]) == h[CHI_CHI]
    assert int(feat.leo[0]) == leo_count(h) and int(feat.tom[0]) == tom_count(h)
    assert int(feat.thien_khai[0]) == thien_khai_count(h)
    if sum(h) == HAND_SIZE:
        w = waits(h)
        assert bool(feat.waiting()[0]) == bool(w)
        assert int(feat.wait_kinds()[0]) == len(w)
        assert bool(feat.waiting_bach_thu()[0]) == ("bach_thu" in w.values())
        assert bool(feat.waiting_bach_thu_chi()[0]) == ("bach_thu_chi" in w.values())
    else:
        kind = thien_u_type(h)
        assert bool(feat.winning()[0]) == (kind is not None)
        assert bool(feat.discard_waiting()[0]) == (kind is None and bool(best_discards(h)))


@settings(FUZZ, max_examples=250)
@given(hands(HAND_SIZE))
def test_features_equal_the_reference_on_19_card_hands(h):
    _check_against_reference(h)


@settings(FUZZ, max_examples=250)
@given(hands(CAI_HAND_SIZE))
def test_features_equal_the_reference_on_20_card_hands(h):
    _check_against_reference(h)
