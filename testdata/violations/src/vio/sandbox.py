"""The trust boundary (configured in `trusted`): it must touch the file system, by design."""


def read_text(path):
    with open(path) as handle:
        return handle.read()
