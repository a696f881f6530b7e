"""``python -m cardodds``: the ``cardodds`` command."""

import sys

from cardodds.analysis.cli import main

sys.exit(main())
