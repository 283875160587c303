"""Source bytes as Python reads them, for the cheap word searches that decide which files are parsed.

Python decodes a file by its coding declaration and NFKC-normalises every identifier, so `claims` in
full-width letters and `+AGM-laims` (in a `# -*- coding: utf-7 -*-` file) are both the name `claims`. A
search on the raw bytes would miss them: here a file is searched as Python would read it whenever its bytes
could mean something else, and as it is in the common case (pure ASCII, no declaration of an unusual coding),
which stays one `bytes.find`. Imports nothing heavy until a file needs decoding (the run-time side uses it too).
"""

from __future__ import annotations

_PLAIN_CODINGS = frozenset({"utf-8", "utf8", "ascii", "us-ascii", "latin-1", "latin1", "iso-8859-1", "iso8859-1"})
"""Declared codings under which a pure-ASCII file reads as its bytes (the usual spellings; others are decoded)."""


def searchable(data: bytes) -> bytes | None:
    """The bytes a word search must look at: `data` itself when Python reads it as those bytes, else the file
    decoded as Python decodes it, NFKC-normalised, in UTF-8; None when it cannot be decoded."""
    if data.isascii() and not _declares_other_coding(data):
        return data
    import unicodedata

    text = decoded(data)
    return None if text is None else unicodedata.normalize("NFKC", text).encode("utf-8", "surrogatepass")


def decoded(data: bytes) -> str | None:
    """The file's text, decoded by its coding declaration (or UTF-8) as Python decodes it; None when it cannot be."""
    import io
    import tokenize

    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        return data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError):
        return None


def mentions(data: bytes, word: bytes = b"claims") -> bool:
    """Can the file hold `word` as Python reads it? True when it cannot be ruled out (it cannot be decoded)."""
    if word in data:
        return True
    text = searchable(data)
    return text is None or (text is not data and word in text)


def _declares_other_coding(data: bytes) -> bool:
    """Does a coding declaration in the first two lines name something other than a plain ASCII-compatible one?"""
    head = data[: data.find(b"\n", data.find(b"\n") + 1) + 1 or len(data)]
    if b"coding" not in head:
        return False
    import re

    for line in head.splitlines()[:2]:
        found = re.match(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", line)
        if found is not None:
            name = found.group(1).decode("ascii").lower().replace("_", "-")
            return name not in _PLAIN_CODINGS and not name.startswith(("utf-8-", "latin-1-", "iso-8859-1-"))
    return False
