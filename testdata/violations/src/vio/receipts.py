class Receipt:
    """A type the config lists in mutating-returns."""
