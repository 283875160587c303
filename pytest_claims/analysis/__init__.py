"""The analysis: source files to facts, names to what they denote, claims and rules to verdicts."""
