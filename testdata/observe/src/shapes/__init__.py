"""A fixture project for `--claims-observe` (tests/test_observe_plugin.py): a breach only the run can show."""
