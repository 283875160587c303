"""Module constants for module_tuple_cases.py: tuples of literals, bound once here; STORED is stored from outside
(module_tuple_cases.restore), TWICE bound twice."""

VERSION = (5, 1, 15, "final", 0)

DEVELOPMENT = (5, 2, 0, "alpha", 0)

STORED = (5, 1, 15, "final", 0)

TWICE = (5, 1, 15, "final", 0)
TWICE = (5, 2, 0, "alpha", 0)
