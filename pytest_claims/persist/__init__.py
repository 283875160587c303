"""What one run keeps for the next: facts by content, the file-system snapshot, verdicts and summaries."""
