"""How long a request to ``cardodds serve`` may be, and the answer to a longer one (the app's and the server's)."""

MAX_ADDRESS = 8192
"""Characters of a request's address (path and query string) the page reads; a longer one is answered 414."""
MAX_HEAD = 16_384
"""Bytes of a request's line and headers the server reads (h11's default), the address included."""
TOO_LONG = f"the address is too long (the page reads at most {MAX_ADDRESS:,} characters)"
HEADERS_TOO_LONG = f"the request's headers are too long (the page reads at most {MAX_HEAD:,} bytes of them)"
