"""Estimates, intervals, exact combinatorics, charts, reports and the command line of cardodds."""
