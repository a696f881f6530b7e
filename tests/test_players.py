"""The one player layer (``cardodds.sim.players``): every game's registry holds declared players, and one
``[strategies]`` grammar makes them."""

import pytest

from cardodds.sim.chan.players import PLAYERS as CHAN
from cardodds.sim.errors import CardoddsError
from cardodds.sim.knobs import Choice, Range, declared
from cardodds.sim.players import Player
from cardodds.sim.sam.players import PLAYERS as SAM
from cardodds.sim.tan.players import PLAYERS as TAN

REGISTRIES = {"chan": (CHAN, 4), "sam": (SAM, 3), "tan": (TAN, 4)}


@pytest.mark.parametrize("game", REGISTRIES)
def test_every_registered_player_declares_its_contract(game):
    registry, _ = REGISTRIES[game]
    for name, cls in registry.classes.items():
        assert issubclass(cls, Player) and cls.name == name
        assert isinstance(cls.deterministic, bool) and isinstance(cls.needs_public, bool)
        assert all(isinstance(k, (Range, Choice)) for k in declared(cls).values())


@pytest.mark.parametrize("game", REGISTRIES)
def test_one_grammar_in_every_game(game, tmp_path):
    registry, n = REGISTRIES[game]
    cls = registry.classes[registry.default]
    everyone = registry.for_seats({}, n)
    assert everyone == (cls(),) * n and everyone[0] is everyone[-1]
    assert registry.for_seats({"name": "random"}, n) == (registry.classes["random"](),) * n
    seats = registry.for_seats({"seats": ["random"] + [registry.default] * (n - 1)}, n)
    assert type(seats[0]) is registry.classes["random"] and seats[1:] == (cls(),) * (n - 1)
    knob, space = next(iter(declared(registry.classes["expert"]).items()))
    value = space.values()[-1]
    path = tmp_path / "k.toml"
    path.write_text(f'strategy = "expert"\n[knobs]\n{knob} = {value!r}\n'.replace("'", '"'))
    assert getattr(registry.for_seats({"file": str(path)}, n)[0], knob) == value
    with pytest.raises(CardoddsError, match="either 'seats' or one strategy"):
        registry.for_seats({"seats": ["random"] * n, "name": "random"}, n)
    with pytest.raises(CardoddsError, match=r"one strategy per seat \(%d players\), not 1" % n):
        registry.for_seats({"seats": ["random"]}, n)
    with pytest.raises(CardoddsError, match="unknown .* strategy 'nobody'"):
        registry.for_seats({"seats": ["nobody"] * n}, n)


def test_the_older_sam_spelling_keeps_working_and_shares_the_default_player():
    seats = SAM.for_seats({"default": {"name": "random"}, "seat1": "greedy"}, 3)
    assert [s.name for s in seats] == ["random", "greedy", "random"] and seats[0] is seats[2]
    with pytest.raises(CardoddsError, match="'seat4' but the table has only 3 players"):
        SAM.for_seats({"seat4": "greedy"}, 3)
    with pytest.raises(CardoddsError, match="basic: unknown key 'default'"):
        CHAN.for_seats({"default": "basic"}, 4)  # Chắn and Tấn read a key beside a name as a knob


def test_the_search_players_say_so_and_the_fast_ones_do_not():
    """``searches`` is what the odds commands read to refuse a player that would take minutes."""
    searching = {(g.game, name) for g in (CHAN, SAM, TAN) for name, cls in g.classes.items() if cls.searches}
    assert searching == {("Chắn", "expert"), ("Sâm", "expert"), ("Tấn", "expert"), ("Tấn", "pimc"),
                         ("Tấn", "ismcts"), ("Tấn", "endgame"), ("Tấn", "ismcts_tree")}


def test_the_compiled_form_is_declared_by_each_class_and_not_inherited():
    """Which players the compiled engines play is a fact on the player class (``compiled_form``), read from the class
    itself: a subclass that may decide otherwise is not compiled unless it says so; ``tuned`` is its base."""
    from cardodds.sim.player_base import has_compiled_form, not_compiled

    compiled = {(g.game, name) for g in (CHAN, SAM, TAN) for name, cls in g.classes.items()
                if has_compiled_form(g.make(name))}
    assert compiled == {("Chắn", "basic"), ("Chắn", "heuristic"), ("Chắn", "cuoc"), ("Chắn", "tuned"),
                        ("Sâm", "greedy"), ("Sâm", "control"),
                        ("Tấn", "beginner"), ("Tấn", "basic"), ("Tấn", "heuristic"), ("Tấn", "tuned")}
    basic = type(TAN.make("basic"))
    subclass = type("MyBasic", (basic,), {"__module__": __name__})
    assert not has_compiled_form(subclass()) and not_compiled(subclass()) == "'basic'"
    eat = CHAN.make({"name": "heuristic", "eat_ca_to_wait": True})
    assert not has_compiled_form(eat) and not_compiled(eat) == "'heuristic' with eat_ca_to_wait=True"
