import os
import sys

assert sys.platform == "win32"


# claims: deterministic
def only_on_windows():
    return os.getcwd()
