"""``python -m cardodds``: the ``cardodds`` command."""

import sys

from cardodds.cli import main

sys.exit(main())
