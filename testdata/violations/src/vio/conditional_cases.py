"""Catalogue entries conditional on an argument (gzip, tarfile, zipfile, bz2, lzma), contextvars reads as
interpreter state, and presence tests of stdlib members decided by the target's stubs."""

import bz2
import contextvars
import gzip
import io
import lzma
import os
import pathlib
import sys
import tarfile
import time
import zipfile
from collections.abc import Hashable, Sequence, Sized
from typing import Optional

VAR: contextvars.ContextVar[int] = contextvars.ContextVar("VAR", default=0)


# -- gzip.GzipFile: fs unless `fileobj`, clock when writing unless `mtime` -------------------------------------
# claims: deterministic
def gzip_reads_memory():
    return gzip.GzipFile(fileobj=io.BytesIO()).read()


# claims: deterministic
def gzip_opens_a_name():
    return gzip.GzipFile("x.gz")  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_opens_a_name


# claims: deterministic
def gzip_fileobj_none():
    return gzip.GzipFile("x.gz", fileobj=None)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_fileobj_none


# claims: deterministic
def gzip_writes_stamped(buf: io.BytesIO):
    return gzip.GzipFile(fileobj=buf, mode="wb")  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_writes_stamped


# claims: deterministic
def gzip_writes_fixed(buf: io.BytesIO):
    return gzip.GzipFile(fileobj=buf, mode="wb", mtime=0)


# claims: deterministic
def gzip_writes_positional(buf: io.BytesIO):
    return gzip.GzipFile(None, "ab", 9, buf, 0)


# claims: deterministic
def gzip_mode_unknown(buf: io.BytesIO, mode: str):
    return gzip.GzipFile(fileobj=buf, mode=mode)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_mode_unknown


# claims: deterministic
def gzip_reads_mode(buf: io.BytesIO):
    return gzip.GzipFile(fileobj=buf, mode="rb")


# claims: deterministic
def gzip_local_buffer(data: bytes):
    buf = io.BytesIO(data)
    return gzip.GzipFile(fileobj=buf).read()


# claims: deterministic
def gzip_local_maybe_none(flag: bool):
    buf = io.BytesIO() if flag else None
    return gzip.GzipFile(fileobj=buf)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_local_maybe_none


# claims: deterministic
def gzip_optional_param(buf: Optional[io.BytesIO]):
    return gzip.GzipFile(fileobj=buf)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_optional_param


# claims: deterministic
def gzip_union_param(buf: io.BytesIO | None):
    return gzip.GzipFile(fileobj=buf)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_union_param


# claims: deterministic
def gzip_unknown_param(buf):
    return gzip.GzipFile(fileobj=buf)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_unknown_param


# claims: deterministic
def gzip_none_default(buf: io.BytesIO = None):  # type: ignore[assignment]
    return gzip.GzipFile(fileobj=buf)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_none_default


def make_buffer():
    return None


# claims: deterministic
def gzip_function_result():
    return gzip.GzipFile(fileobj=make_buffer())  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_function_result


# claims: deterministic
def gzip_local_rebound():
    buf = io.BytesIO()
    buf = make_buffer()
    return gzip.GzipFile(fileobj=buf)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_local_rebound


# claims: deterministic
def gzip_param_rebound(buf: io.BytesIO):
    buf = make_buffer()
    return gzip.GzipFile(fileobj=buf)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_param_rebound


class Archive:
    # claims: deterministic
    def wrap(self):
        return gzip.GzipFile(fileobj=self)


# claims: deterministic
def gzip_compress_stamped(data: bytes):
    return gzip.compress(data)  # want: deterministic call gzip.compress from vio.conditional_cases.gzip_compress_stamped


# claims: deterministic
def gzip_compress_fixed(data: bytes):
    return gzip.compress(data, mtime=0)


# -- tarfile.open: fs unless `fileobj` -------------------------------------------------------------------------
# claims: deterministic
def tar_in_memory(buf: io.BytesIO):
    return tarfile.open(fileobj=buf).getnames()


# claims: deterministic
def tar_writes_compressed(buf: io.BytesIO):
    return tarfile.open(fileobj=buf, mode="w:gz")  # want: deterministic call tarfile.open from vio.conditional_cases.tar_writes_compressed


# claims: deterministic
def tar_by_name():
    return tarfile.open("a.tar")  # want: deterministic call tarfile.open from vio.conditional_cases.tar_by_name


# claims: deterministic
def tar_extracts(buf: io.BytesIO):
    archive = tarfile.open(fileobj=buf)
    archive.extractall("out")  # want: deterministic call tarfile.TarFile.extractall from vio.conditional_cases.tar_extracts


# -- zipfile, bz2, lzma: a file when the first argument is a path ----------------------------------------------
# claims: deterministic
def zip_in_memory():
    return zipfile.ZipFile(io.BytesIO()).namelist()


# claims: deterministic
def zip_by_name():
    return zipfile.ZipFile("a.zip")  # want: deterministic call zipfile.ZipFile from vio.conditional_cases.zip_by_name


# claims: deterministic
def zip_by_path():
    return zipfile.ZipFile(pathlib.PurePath("a.zip"))  # want: deterministic call zipfile.ZipFile from vio.conditional_cases.zip_by_path


# claims: deterministic
def zip_by_keyword(buf: io.BytesIO):
    return zipfile.ZipFile(file=buf)


# claims: deterministic
def zip_unknown(source):
    return zipfile.ZipFile(source)  # want: deterministic call zipfile.ZipFile from vio.conditional_cases.zip_unknown


class Buffer(io.BytesIO):
    pass


# claims: deterministic
def zip_project_buffer():
    return zipfile.ZipFile(Buffer())  # want: deterministic call zipfile.ZipFile from vio.conditional_cases.zip_project_buffer


# claims: deterministic
def zip_typed_by_a_protocol(source: Sized):
    return zipfile.ZipFile(source)  # want: deterministic call zipfile.ZipFile from vio.conditional_cases.zip_typed_by_a_protocol


# claims: deterministic
def zip_typed_by_a_base_of_str(source: Sequence):
    return zipfile.ZipFile(source)  # want: deterministic call zipfile.ZipFile from vio.conditional_cases.zip_typed_by_a_base_of_str


# claims: deterministic
def zip_typed_by_an_unrelated_class(source: io.BufferedReader):
    return zipfile.ZipFile(source)


# claims: deterministic
def gzip_typed_by_a_protocol(buf: Hashable):
    return gzip.GzipFile(fileobj=buf)  # want: deterministic call gzip.GzipFile from vio.conditional_cases.gzip_typed_by_a_protocol


# claims: deterministic
def zip_extracts():
    archive = zipfile.ZipFile(io.BytesIO())
    return archive.extractall("out")  # want: deterministic call zipfile.ZipFile.extractall from vio.conditional_cases.zip_extracts


# claims: deterministic
def zip_writes_named(buf: io.BytesIO):
    archive = zipfile.ZipFile(buf, "w")
    archive.writestr("a.txt", b"x")  # want: deterministic call zipfile.ZipFile.writestr from vio.conditional_cases.zip_writes_named


# claims: deterministic
def zip_writes_info(buf: io.BytesIO):
    archive = zipfile.ZipFile(buf, "w")
    archive.writestr(zipfile.ZipInfo("a.txt"), b"x")


# claims: deterministic
def bz2_in_memory(buf: io.BytesIO):
    return bz2.BZ2File(buf).read()


# claims: deterministic
def bz2_by_name():
    return bz2.BZ2File("a.bz2")  # want: deterministic call bz2.BZ2File from vio.conditional_cases.bz2_by_name


# claims: deterministic
def lzma_in_memory():
    return lzma.LZMAFile(io.BytesIO()).read()


# claims: deterministic
def lzma_by_bytes():
    return lzma.LZMAFile(b"a.xz")  # want: deterministic call lzma.LZMAFile from vio.conditional_cases.lzma_by_bytes


# -- contextvars: interpreter state ----------------------------------------------------------------------------
# claims: deterministic
def reads_context_var():
    return VAR.get()  # want: deterministic call contextvars.ContextVar.get from vio.conditional_cases.reads_context_var


# claims: deterministic
def copies_context():
    return contextvars.copy_context()  # want: deterministic call contextvars.copy_context from vio.conditional_cases.copies_context


# -- presence tests of stdlib members, per target ----------------------------------------------------------------
# claims: deterministic
def where_startfile_exists():
    if hasattr(os, "startfile"):
        return time.time()  # want: deterministic call time.time from vio.conditional_cases.where_startfile_exists [win32]
    return 0.0


# claims: deterministic
def where_startfile_is_missing():
    if not hasattr(os, "startfile") and hasattr(sys, "platform"):
        return time.time()  # want: deterministic call time.time from vio.conditional_cases.where_startfile_is_missing [darwin, linux]
    return 0.0


# claims: deterministic
def never_there():
    if hasattr(sys, "_no_such_member_anywhere"):
        return time.time()
    return 0.0


# claims: deterministic
def interactive_only():
    if hasattr(sys, "ps1"):
        return 0.0
    return time.time()  # want: deterministic call time.time from vio.conditional_cases.interactive_only


# claims: deterministic
def where_sys_has_a_private_member():
    if hasattr(sys, "_clear_type_descriptors"):
        return 0.0
    return time.time()  # want: deterministic call time.time from vio.conditional_cases.where_sys_has_a_private_member


# claims: deterministic
def probe_of_a_parameter_named_like_a_module(os):
    if hasattr(os, "startfile"):  # want-blind: `hasattr(os, 'startfile')` from vio.conditional_cases.probe_of_a_parameter_named_like_a_module
        return time.time()  # want: deterministic call time.time from vio.conditional_cases.probe_of_a_parameter_named_like_a_module
    return 0.0


# claims: deterministic
def probe_of_a_value(value: object):
    if hasattr(value, "startfile"):  # want-blind: `hasattr(value, 'startfile')` from vio.conditional_cases.probe_of_a_value
        return time.time()  # want: deterministic call time.time from vio.conditional_cases.probe_of_a_value
    return 0.0
