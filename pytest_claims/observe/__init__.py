"""Run-time observation (semantics §13a): what a test run shows the code doing, beside what the static pass proved.

`recorder.Recorder` wraps the capability catalogue's entry points for the length of a test run and attributes
every touch to the project functions on the stack. It imports nothing from the project but the catalogue, so it
can be installed before any project code (or most of pytest) is imported. Two users share it: `plugin`, the
`--claims-observe` option (judged by `verdicts`), and the soundness benchmark (`benchmarks/soundness.py`).
"""
