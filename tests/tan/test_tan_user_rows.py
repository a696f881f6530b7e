"""``user_rows`` builds a batch row's view, legal moves and generator without the ``Position`` round trip: at every
decision of many games they equal ``to_json(view_position(row))``, ``legal_moves`` of that position and
``decision_rng`` of the decision's place (the route the adapter took before: ``batch_rows.rows_of``)."""

from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest

from cardodds.sim.streams import chunk_seed
from cardodds.sim.tan.batch_rows import deciding_rows, rows_of
from cardodds.sim.tan.play_task import TanParams, run_chunk
from cardodds.sim.tan.players import seat_strategies
from cardodds.sim.tan.position_cut import view_position
from cardodds.sim.tan.position_json import to_json
from cardodds.sim.tan.position_state import DECISIONS, legal_moves
from cardodds.sim.tan.rules import TanRules
from cardodds.sim.tan.user_rows import CODE, StateWriter, names, pcg_state, row_views, text
from cardodds.sim.tan.user_seat import UserSeat, decision_rng
from cardodds.sim.user_player import UserPlayer

RULES = {
    "4p52": {},
    "2p36": {"players": 2, "deck": 36, "hand_size": 6},
    "3p36 throw-in": {"players": 3, "deck": 36, "hand_size": 6, "throw_in_after_take": True},
    "5p52 refill": {"players": 5, "defender_runs_out": "others_may_continue", "trump_exchange": "two_only"},
    "4p52 cap 3": {"max_attack_cards": 3},
}


class Random(UserPlayer):
    """A legal move drawn from the decision's generator (32 bits drawn first: a buffered half to clear); the
    generator's state as given appended to ``states``."""

    states: list = None

    def decide(self, view, legal, rng):
        self.states.append(rng.bit_generator.state)
        rng.integers(2**31, dtype=np.int32)
        return legal[int(rng.integers(len(legal)))]


@dataclass(frozen=True)
class Compared(UserSeat):
    """The user seat, checking at each batch decision ``user_rows`` against the Position route; ``seen`` counts."""

    seen: Counter = None

    def _rows(self, v, kind):
        expected, self.player.states[:] = [], []
        rows = deciding_rows(v)
        for (seat, view, legal, state), row in zip(row_views(v, rows, kind), rows_of(v, rows, kind)):
            seed, p = row.game_seed, view_position(row, kind)
            assert view == to_json(p) and list(view) == list(to_json(p))
            assert legal == legal_moves(p) and seat == p.seat
            covered = sum(1 for _, c in p.table if c >= 0)
            rng = decision_rng(seed, p.seat, p.bouts, len(p.table), covered, p.passes, DECISIONS.index(p.decision))
            assert pcg_state(state[1] << 64 | state[0], state[3] << 64 | state[2]) == rng.bit_generator.state
            expected.append(rng.bit_generator.state)
            self.seen[p.decision] += 1
            self.seen["taking"] += "taking" in view
        out = super()._rows(v, kind)
        assert self.player.states == expected  # what the player was given
        return out


@pytest.mark.parametrize("name", list(RULES))
def test_row_views_equal_the_position_route_at_every_decision(name):
    rules = TanRules(**RULES[name])
    seen: Counter = Counter()
    seats = (Compared(Random(states=[]), seen),) + tuple(seat_strategies("basic", rules.players))[1:]
    run_chunk(TanParams(rules, seats), chunk_seed(11, 0), 150)
    assert min(seen[d] for d in DECISIONS) >= 100, seen
    if rules.throw_in_after_take:
        assert seen["taking"] > 0


def test_names_texts_and_codes():
    assert names(0) == [] and names((1 << 0) | (1 << 51) | (1 << 9)) == ["2s", "4c", "Ah"]
    assert text(0) == "" and text((1 << 0) | (1 << 51) | (1 << 9) | (1 << 12) | (1 << 47)) == "2s 4c 5s Kh Ah"
    assert all(text(m) == " ".join(names(m)) for m in np.random.default_rng(1).integers(0, 1 << 52, 1000).tolist())
    assert CODE["10h"] == 35 and CODE["pass"] == CODE["take"] == -1


def test_the_state_writer_gives_the_dict_setters_numbers():
    gen = np.random.Generator(np.random.PCG64(5))
    writer = StateWriter(gen)
    gen.integers(2**31, dtype=np.int32)  # a buffered half the next state must drop
    words = (0x0123456789ABCDEF, 0x0FEDCBA987654321, 0x1111, 0x2222)
    writer.set(words)
    ref = np.random.Generator(np.random.PCG64(0))
    ref.bit_generator.state = pcg_state(words[1] << 64 | words[0], words[3] << 64 | words[2])
    assert gen.bit_generator.state == ref.bit_generator.state
    assert gen.integers(2**31, dtype=np.int32, size=5).tolist() == ref.integers(2**31, dtype=np.int32, size=5).tolist()
