"""``demo``: a tiny complete game (a biased coin), test-only, laid out as a built-in game's folder is.

It is not part of the product: ``tests/conftest.py`` registers it with one ``register_game(SPEC)`` line, the way a
new game would be, and ``tests/test_demo_game.py`` walks it through every front door.  Its files by role (the table
of ``docs/architecture.md``): ``spec.py`` (the game as data), ``cards.py`` (the two faces), ``rules.py``,
``players.py`` (its registry ``PLAYERS``: one calls heads, one tails), ``user_seat.py`` (a player a user wrote, seated),
``play_task.py`` (the task ``demo.coin``), ``position.py`` (mid-game positions), ``game_state.py`` (one game call by
call: ``deal``, ``replayed``), ``env_form.py`` (the game for learning code: ``cardodds.envs``), ``hand_odds.py``,
``replay.py``, ``words.en.toml`` and ``words.vi.toml`` (its words, a file a language) and ``suite.toml`` with
``coin.toml`` (a report's suite that includes it).

Config::

    [experiment]
    name = "coin"
    task = "demo.coin"
    games = 100_000
    [rules]
    p = 0.5      # probability of heads, 0 <= p <= 1
"""
