"""The one comparison the Sâm differential tests share: does a batch game equal a reference game, field for field."""

import numpy as np

from cardodds.sim.sam.rules import OUTCOMES


def agree(b, i, res):
    """Whether game ``i`` of batch result ``b`` is the reference engine's ``res`` in every recorded field."""
    return (
        OUTCOMES[b.outcome[i]] == res.outcome and b.winner[i] == res.winner and np.array_equal(b.pay[i], res.pay)
        and b.plays[i] == res.plays and b.chops[i] == res.chops and b.declarer[i] == res.declarer
        and b.den[i] == res.den and np.array_equal(b.cong[i], res.cong) and np.array_equal(b.thoi_2[i], res.thoi_2)
        and np.array_equal(b.toi_trang[i], res.toi_trang)
    )
