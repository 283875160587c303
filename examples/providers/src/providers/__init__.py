"""A provider catalogue in the spirit of devlore: text, checksum, files and plan providers."""
