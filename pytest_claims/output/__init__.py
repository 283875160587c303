"""What users read: failure texts and the JSON, Markdown and SARIF reports."""
