"""The cardodds simulator: one sub-package per game plus the shared runner and random streams."""
