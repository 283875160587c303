import os


def tool():
    return os.getenv("X")  # want: deterministic call os.getenv from vio.layout.cases.reexported_function via vio.layout.reexport.tool.tool
