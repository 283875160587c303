"""SPEC §6, a catalogue entry is judged by what it does with the arguments the call passes where a separate
parameter takes a file object: `gzip.GzipFile(fileobj=buf)` compresses into the buffer and opens no file, the
usual way to gzip bytes reproducibly. Given a name (or `fileobj=None`, or arguments the call unpacks), it opens
the file."""

import gzip
import io


# claims: deterministic
def compress_in_memory(data: bytes) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0) as zipped:
        zipped.write(data)
    return buf.getvalue()


# claims: deterministic
def compress_positional(buf: io.BytesIO) -> gzip.GzipFile:
    return gzip.GzipFile(None, "wb", 9, buf, 0)


# claims: deterministic
def compress_to_file(path: str) -> gzip.GzipFile:
    return gzip.GzipFile(path, "wb")  # want: deterministic call gzip.GzipFile from vio.spared_cases.compress_to_file


# claims: deterministic
def compress_given_none(path: str) -> gzip.GzipFile:
    return gzip.GzipFile(path, "wb", fileobj=None)  # want: deterministic call gzip.GzipFile from vio.spared_cases.compress_given_none


# claims: deterministic
def compress_positional_none(path: str) -> gzip.GzipFile:
    return gzip.GzipFile(path, "wb", 9, None)  # want: deterministic call gzip.GzipFile from vio.spared_cases.compress_positional_none


# claims: deterministic
def compress_unpacked(path: str, options: dict) -> gzip.GzipFile:
    return gzip.GzipFile(path, **options)  # want: deterministic call gzip.GzipFile from vio.spared_cases.compress_unpacked

