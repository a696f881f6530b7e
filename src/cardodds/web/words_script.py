"""``/words.js``: the pages' words from the one catalogue (:mod:`cardodds.vocabulary`), as the script that sets
``CATALOGUE`` before ``static/words.js`` shapes it."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import Response

from cardodds.vocabulary import LANGUAGES, nested


def catalogue_script() -> str:
    """``const CATALOGUE = {lang: words};``: the catalogue's page words in every language."""
    words = {lang: nested("page", lang) for lang in LANGUAGES}
    return f"const CATALOGUE = {json.dumps(words, ensure_ascii=False)};\n"


async def words_script(request: Request) -> Response:
    """The route ``/words.js`` (:func:`catalogue_script`)."""
    return Response(catalogue_script(), media_type="text/javascript; charset=utf-8")
