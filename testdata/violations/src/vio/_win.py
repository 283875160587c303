import os


def impl():
    return os.getenv("USERPROFILE")  # want: deterministic call os.getenv from vio.platforms.import_level via vio._win.impl [win32]
