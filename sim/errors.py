"""The one exception type users see."""


class CardoddsError(Exception):
    """A problem with the user's input (cards, config, run folder, ...).

    The command line prints ``cardodds: error: <message>`` on one line and exits with code 2;
    the message must therefore be a single line that says what is wrong and, where useful, how to fix it.
    """
