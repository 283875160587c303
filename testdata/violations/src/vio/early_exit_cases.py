"""Early exits past the guard limit: a guard conjoins at most 32 tests (docs/decisions.md, Platforms), so the
negated tests of a function's first 32 early exits still prune what follows them, and later ones no longer do."""

import time


def lookup(name):
    if name == "k0":  # want-blind: `name.__eq__(...)` from vio.early_exit_cases.leading_key via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup # want-blind: `name.__eq__(...)` from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
        return 0
    if name == "k1":
        return 1
    if name == "k2":
        return 2
    if name == "k3":
        return 3
    if name == "k4":
        return 4
    if name == "k5":
        return 5
    if name == "k6":
        return 6
    if name == "k7":
        return 7
    if name == "k8":
        return 8
    if name == "k9":
        return 9
    if name == "k10":
        return 10
    if name == "k11":
        return 11
    if name == "k12":
        return 12
    if name == "k13":
        return 13
    if name == "k14":
        return 14
    if name == "k15":
        return 15
    if name == "k16":
        return 16
    if name == "k17":
        return 17
    if name == "k18":
        return 18
    if name == "k19":
        return 19
    if name == "k20":
        return 20
    if name == "k21":
        return 21
    if name == "k22":
        return 22
    if name == "k23":
        return 23
    if name == "k24":
        return 24
    if name == "k25":
        return 25
    if name == "k26":
        return 26
    if name == "k27":
        return 27
    if name == "k28":
        return 28
    if name == "k29":
        return 29
    if name == "k30":
        return 30
    if name == "k31":
        return 31
    if name == "k32":
        return 32
    if name == "k33":
        return 33
    # want: deterministic call time.time from vio.early_exit_cases.unknown_key via vio.early_exit_cases.lookup
    # want: deterministic call time.time from vio.early_exit_cases.past_the_limit via vio.early_exit_cases.lookup
    return time.time()


# claims: deterministic
def leading_key():
    return lookup("k3")  # the rest of lookup is under name != "k3": pruned


# claims: deterministic
def unknown_key(name):
    return lookup(name)


# claims: deterministic
def past_the_limit():
    # the 34th test is past the limit: left out of the guard as an unknown test, so the clock counts (the price
    # of facts linear in the number of exits)
    return lookup("k33")
