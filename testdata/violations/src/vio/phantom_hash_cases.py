"""A method of unknown receiver is taken for a `dict`'s or a `set`'s by its name (`x.add(k)` hashes k), but only
where the call could be one: those builtins take one or two positional arguments and no keyword, and any other
call raises before it hashes anything. Django's `Q._combine` builds `obj = self.create(...)` (a `Node` whose class
is then set to `cls`) and calls `obj.add(self, conn)`: a `Node.add`, never a `set.add`, so `Q.__hash__` is not
entered there."""

import time


class Node:
    """A tree whose `create` returns an instance the walk cannot type (its class is set after it is made)."""

    def __init__(self, children=None, connector=None):
        self.children = list(children or ())  # want-blind: `bool(children)` from vio.phantom_hash_cases.Clause.combine via vio.phantom_hash_cases.Node.create -> vio.phantom_hash_cases.Node.__init__
        self.connector = connector

    @classmethod
    def create(cls, connector=None):
        obj = Node(None, connector)
        obj.__class__ = cls
        return obj

    def add(self, data, conn_type):
        self.children.append(data)
        return data


class Clause(Node):
    """A node whose hash and equality read the clock."""

    def __hash__(self):
        # want: deterministic call time.time from vio.phantom_hash_cases.Clause.kept_in_a_set via vio.phantom_hash_cases.Clause.__hash__
        # want: deterministic call time.time from vio.phantom_hash_cases.added_alone via vio.phantom_hash_cases.Clause.__hash__
        # want: deterministic call time.time from vio.phantom_hash_cases.looked_up_with_default via vio.phantom_hash_cases.Clause.__hash__
        return int(time.time())

    def __eq__(self, other):
        # want: deterministic call time.time from vio.phantom_hash_cases.Clause.kept_in_a_set via vio.phantom_hash_cases.Clause.__eq__
        # want: deterministic call time.time from vio.phantom_hash_cases.added_alone via vio.phantom_hash_cases.Clause.__eq__
        # want: deterministic call time.time from vio.phantom_hash_cases.looked_up_with_default via vio.phantom_hash_cases.Clause.__eq__
        return time.time() == 0

    # claims: deterministic
    def combine(self, other, conn):
        obj = self.create(connector=conn)
        obj.add(self, conn)  # want-blind: `obj.add(self, conn)` from vio.phantom_hash_cases.Clause.combine
        return obj

    # claims: deterministic
    def kept_in_a_set(self, seen):
        seen.add(self)  # want-blind: `seen.add(self)` from vio.phantom_hash_cases.Clause.kept_in_a_set
        return {self}


# claims: deterministic
def added_alone(seen, clause: Clause):
    seen.add(clause)  # want-blind: `seen.add(clause)` from vio.phantom_hash_cases.added_alone


# claims: deterministic
def added_with_a_connector(tree, clause: Clause):
    tree.add(clause, "AND")  # want-blind: `tree.add(clause, "AND")` from vio.phantom_hash_cases.added_with_a_connector


# claims: deterministic
def looked_up_with_default(table, clause: Clause):
    return table.get(clause, None)  # want-blind: `table.get(clause, None)` from vio.phantom_hash_cases.looked_up_with_default


# claims: deterministic
def looked_up_by_keyword(table, clause: Clause):
    return table.get(clause, default=None)  # want-blind: `table.get(clause, default=None)` from vio.phantom_hash_cases.looked_up_by_keyword


# claims: deterministic
def popped_with_too_many(table, clause: Clause):
    return table.pop(clause, None, 1)


class Stamped(type):
    """A metaclass whose hash reads the clock: hashing a class of it runs this, not the class's own `__hash__`."""

    def __hash__(cls):
        # want: deterministic call time.time from vio.phantom_hash_cases.metaclass_hashed_key via vio.phantom_hash_cases.Stamped.__hash__
        # want: deterministic call time.time from vio.phantom_hash_cases.metaclass_hashed_member via vio.phantom_hash_cases.Stamped.__hash__
        return int(time.time())


class Plain(metaclass=Stamped):
    pass


KINDS = {Clause: "clause", Node: "node"}


# claims: deterministic
def class_keys():
    return {Clause: 1, Node: 2}


# claims: deterministic
def class_table(kind: str):
    return KINDS.get(Clause, kind)


# claims: deterministic
def class_compared(a: Clause, b: Clause):
    return type(a) == type(b) or a.__class__ != b.__class__


# claims: deterministic
def metaclass_hashed_key():
    return {Plain: 1}


# claims: deterministic
def metaclass_hashed_member(seen: set):
    return Plain in seen


# claims: deterministic
def class_member_of_a_set(seen: set):
    return Clause in seen
