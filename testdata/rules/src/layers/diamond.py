"""Several paths to one sink: the witness is the shortest, then the first by names hop by hop."""


def sink():
    return 1


def left():
    return sink()


def right():
    return sink()


def a_mid():
    return sink()


def a_long():
    return a_mid()


def top():
    # the sorted-first callee (a_long) leads to the sink by a longer path; left and right tie
    return right() + a_long() + left()


def z_last():
    return sink()


def a_first():
    return sink()


def c_branch():
    return a_first()


def b_branch():
    return z_last()


def deep():
    # two shortest paths: deep -> b_branch -> z_last -> sink and deep -> c_branch -> a_first -> sink;
    # the first by names compares b_branch with c_branch, not a_first with z_last
    return c_branch() + b_branch()
