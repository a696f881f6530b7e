"""cardodds: Monte Carlo and exact odds for the Vietnamese card games Chắn, Sâm and Tấn.

The Python API is the one the ``cardodds`` command is built on::

    import cardodds

    result = cardodds.run("tan_ladder", games=20_000, seed=1)   # a shipped experiment, or a file's path
    result.summary            # one row per metric, seat and arm: label, estimate, 95 % interval, n, exact value
    result.differences        # paired differences between arms (common random numbers)
    result.charts             # the report's charts, matplotlib figures by name

    cardodds.odds.sam("3s 4s 5h 6d 7c 8s 9s 10h Jd Kd", opponents=2).table
    cardodds.exact.chan()     # exact deal probabilities of Chắn (a DataFrame)

The engines and tasks live in :mod:`cardodds.sim`, the estimates, charts and reports in :mod:`cardodds.analysis`;
the command line and the web page (:mod:`cardodds.cli`, :mod:`cardodds.web`) are built on this API.
"""

from cardodds import exact, odds
from cardodds.runs import Run, run
from cardodds.sim.experiment import cardodds_version

__version__ = cardodds_version()

__all__ = ["Run", "exact", "odds", "run", "__version__"]
