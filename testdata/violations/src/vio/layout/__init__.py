"""Module layouts where the file system offers Python more than one thing under one name."""
