import os


def impl():
    return os.getenv("USERPROFILE")
