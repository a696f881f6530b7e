"""``cardodds serve``: a local web page per game where a player clicks cards and gets the odds (:mod:`.app`)."""
