"""``/games.js``: each registered game's page parts, the ``page.js`` of its folder (``docs/architecture.md``, "A
game's folder"), as one script the pages load before their own.

A game's ``page.js`` registers itself, ``GAME_PAGES.<game> = {exact, sim, summary, move, form}``: how the hand page
shows its answers, its moves' words where the catalogue's do not name them, its mid-game form.  The pages' scripts name
no game: a game without a ``page.js`` is shown by their generic parts (its answer as a list, no form).  Each file runs
in a block of its own, so the names it declares stay its own; the helpers it calls (``esc``, ``tag``, ``W`` …) are the
page's, as the pages' scripts share them."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from cardodds.api import games


def games_script() -> str:
    """``GAME_PAGES`` and every registered game's ``page.js``, in the registry's order."""
    parts = ['"use strict";\n', "const GAME_PAGES = {};\n"]
    for spec in games():
        path = spec.role_file("page.js")
        if path is not None:
            parts.append(f"// {spec.name}: its page.js\n{{\n{path.read_text(encoding='utf-8')}}}\n")
    return "".join(parts)


async def games_route(request: Request) -> Response:
    """The route ``/games.js`` (:func:`games_script`)."""
    return Response(games_script(), media_type="text/javascript; charset=utf-8")
