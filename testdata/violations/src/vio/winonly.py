import os
import sys

assert sys.platform == "win32"


# claims: deterministic
def only_on_windows():  # want-platforms: [win32]
    return os.getcwd()  # want: deterministic call os.getcwd from vio.winonly.only_on_windows
