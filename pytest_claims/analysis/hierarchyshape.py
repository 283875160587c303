"""What other modules' class hierarchy answers read of one file, as one digest.

A changed file whose digest is as it was leaves the stored answers that searched the hierarchy standing
(`validity.hierarchy_changed`, `affected`): an edit inside a body, a comment, a line added above change no shape."""

from __future__ import annotations

import hashlib

from pytest_claims.records import ClassFacts, FileFacts


# claims: deterministic
def hierarchy_shape(facts: FileFacts) -> str:
    """What other modules' class hierarchy analysis reads of this file: its classes, their bases (as written),
    their method names, class-body assignments and the names their methods store on `self`, and the
    module-level names its imports, aliases and subscripts of a name bind (a base written `Base` is whatever
    they make it), each with the platform conditions over it
    (not their indexes: an unrelated `if` added elsewhere in the file leaves the shape as it was). "" for a file
    that binds nothing of the kind."""
    names = sorted(
        f"{b.name}={b.kind}:{b.target}:{b.member}{_guard_text(facts, b.guard)}"
        for b in facts.bindings
        if b.kind in ("import", "from", "star", "alias", "class") or b.member == "[]"
    )
    if not facts.classes and not names:
        return ""
    parts = names
    for cls in facts.classes:
        methods = sorted(f"{name}{_guard_text(facts, facts.functions[i].guard)}" for name, i in cls.methods)
        # class-body assignments override like defs (`run = _run`): what each binds is part of the shape
        assigned = sorted(f"{b.name}={b.kind}:{b.target}{_guard_text(facts, b.guard)}" for b in cls.attributes)
        # a field its methods store on `self` shadows a base's def of the name (`subfields`): the names stored
        stored = sorted({f"{b.name}{_guard_text(facts, b.guard)}" for b in cls.fields})
        guard = _guard_text(facts, cls.guard)
        written = f"{','.join(cls.bases)}|{cls.metaclass}|{_live_bases(facts, cls)}"
        parts.append(f"{cls.qualname}|{guard}|{written}|{','.join(methods)}|{','.join(assigned)}|{','.join(stored)}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]


def _live_bases(facts: FileFacts, cls: ClassFacts) -> str:
    """The bindings a class statement not in a function may read its base and metaclass names from
    (`evaluate.live`), as text without lines: moving an import past the class changes what it derives from."""
    if "<locals>" in cls.qualname:
        return ""
    floors = dict(cls.settled)
    found: list[str] = []
    for root in sorted({w.removesuffix("[]").split(".")[0] for w in (*cls.bases, cls.metaclass) if w and w != "<?>"}):
        above = [b for b in facts.bindings if b.name in (root, "*") and b.line < cls.line]
        live = [b for b in above if b.line >= floors.get(root, 0)] or above
        found.extend(f"{root}<{b.kind}:{b.target}:{b.member}{_guard_text(facts, b.guard)}" for b in live)
    return ",".join(found)


def _guard_text(facts: FileFacts, index: int) -> str:
    return repr([(facts.conds[c], polarity) for c, polarity in facts.guards[index]])
