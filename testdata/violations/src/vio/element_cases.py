"""The elements of a list the project fills (docs/decisions.md, type sources): a loop over a local bound to a display
or a comprehension gives what the function puts in it (the display's elements, `append`, `insert`, `extend` and
`+=` of displays); anything else done with the list that could put something in it (passing it to a call, an
`extend` of another iterable, a nested def naming it) leaves an unknown element beside, so the blind spot stays.
A field's list holds, beside what the field gives, what the class's methods put in it and what the lists the
project's constructor calls pass for it hold. The shape of boltons' `tbutils.TracebackInfo`: `from_frame`
appends `cls.callpoint_type.from_frame(frame)` (an alternate constructor, `return cls(...)`) to a list it passes
to `cls(ret)`, and `get_formatted` calls `f.tb_frame_str()` for `f in self.frames`."""

import time


class Stamped:
    def __init__(self, name, line):
        self.name = name
        self.line = line

    @classmethod
    def from_frame(cls, frame):
        return cls(frame.f_code.co_name, frame.f_lineno)

    def rendered(self):
        # want: deterministic call time.time from vio.element_cases.Trace.formatted via vio.element_cases.Stamped.rendered
        # want: deterministic call time.time from vio.element_cases.Trace.shown via vio.element_cases.Trace.formatted -> vio.element_cases.Stamped.rendered
        # want: deterministic call time.time from vio.element_cases.appended via vio.element_cases.Stamped.rendered
        # want: deterministic call time.time from vio.element_cases.displayed via vio.element_cases.Stamped.rendered
        # want: deterministic call time.time from vio.element_cases.comprehended via vio.element_cases.Stamped.rendered
        # want: deterministic call time.time from vio.element_cases.extended via vio.element_cases.Stamped.rendered
        # want: deterministic call time.time from vio.element_cases.unknown_beside via vio.element_cases.Stamped.rendered
        # want: deterministic call time.time from vio.element_cases.Log.dumped via vio.element_cases.Stamped.rendered
        # want: deterministic call time.time from vio.element_cases.Trace.last via vio.element_cases.Stamped.rendered
        # want: deterministic call time.time from vio.element_cases.indexed via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.Log.dumped via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.Trace.formatted via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.Trace.last via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.Trace.shown via vio.element_cases.Trace.formatted -> vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.appended via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.comprehended via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.displayed via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.extended via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.indexed via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.line)` from vio.element_cases.unknown_beside via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.Log.dumped via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.Trace.formatted via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.Trace.last via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.Trace.shown via vio.element_cases.Trace.formatted -> vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.appended via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.comprehended via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.displayed via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.extended via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.indexed via vio.element_cases.Stamped.rendered
        # want-blind: `format(self.name)` from vio.element_cases.unknown_beside via vio.element_cases.Stamped.rendered
        return f"{self.name}:{self.line} at {time.time()}"


class Plain:
    def __init__(self, name):
        self.name = name

    def rendered(self):
        return self.name


class Trace:
    point_type = Stamped

    def __init__(self, frames):
        self.frames = frames

    @classmethod
    def from_frame(cls, frame):
        ret = []
        while frame is not None:
            item = cls.point_type.from_frame(frame)
            ret.append(item)
            frame = frame.f_back
        ret.reverse()
        return cls(ret)

    # claims: deterministic
    def formatted(self):
        # want-blind: `f.rendered()` from vio.element_cases.Trace.shown via vio.element_cases.Trace.formatted
        # want-blind: `iter(self.frames)` from vio.element_cases.Trace.formatted
        # want-blind: `iter(self.frames)` from vio.element_cases.Trace.shown via vio.element_cases.Trace.formatted
        return "".join([f.rendered() for f in self.frames])  # want-blind: `f.rendered()` from vio.element_cases.Trace.formatted

    # claims: deterministic
    def last(self):
        point = self.frames[-1]  # want-blind: `self.frames.__getitem__(...)` from vio.element_cases.Trace.last
        return point.rendered()  # want-blind: `point.rendered()` from vio.element_cases.Trace.last

    # claims: deterministic
    def shown(self):
        return self.formatted()


class Log:
    def __init__(self):
        self.entries = []

    def note(self, name):
        self.entries.append(Stamped(name, 0))

    # claims: deterministic
    def dumped(self):
        out = []
        for entry in self.entries:
            out.append(entry.rendered())  # want-blind: `entry.rendered()` from vio.element_cases.Log.dumped
        return out


# claims: deterministic
def appended(names):
    out = []
    for name in names:  # want-blind: `iter(names)` from vio.element_cases.appended
        out.append(Stamped(name, 1))
    return [p.rendered() for p in out]


# claims: deterministic
def displayed():
    points = [Stamped("a", 1), Stamped("b", 2)]
    for p in points:
        p.rendered()


# claims: deterministic
def comprehended(names):
    points = [Stamped(n, 0) for n in names]  # want-blind: `iter(names)` from vio.element_cases.comprehended
    return [p.rendered() for p in sorted(points)]


# claims: deterministic
def extended():
    points = []
    points.extend([Plain("a"), Stamped("b", 0)])
    points += [Plain("c")]
    return [p.rendered() for p in points]


# claims: deterministic
def indexed(name):
    pair = (Plain(name), Stamped(name, 0))
    second = pair[1]
    return second.rendered()


# claims: deterministic
def sliced(names):
    points = [Plain(n) for n in names]  # want-blind: `iter(names)` from vio.element_cases.sliced
    head = points[:1]
    first = points[0]
    return [first.rendered(), head]


# claims: deterministic
def pure_elements(names):
    points = []
    for name in names:  # want-blind: `iter(names)` from vio.element_cases.pure_elements
        points.append(Plain(name))
    points.insert(0, Plain("first"))
    return ", ".join(p.rendered() for p in points)


# claims: deterministic
def unknown_beside(names, extra):
    points = [Stamped(n, 0) for n in names]  # want-blind: `iter(names)` from vio.element_cases.unknown_beside
    points.append(extra)
    return [p.rendered() for p in points]  # want-blind: `p.rendered()` from vio.element_cases.unknown_beside


# claims: deterministic
def pure_and_unknown(names, extra):
    points = [Plain(n) for n in names]  # want-blind: `iter(names)` from vio.element_cases.pure_and_unknown
    points.extend(extra)
    return [p.rendered() for p in points]  # want-blind: `p.rendered()` from vio.element_cases.pure_and_unknown


def fill(into):
    into.append(None)


# claims: deterministic
def handed_on(names):
    points = [Plain(n) for n in names]  # want-blind: `iter(names)` from vio.element_cases.handed_on
    fill(points)
    return [p.rendered() for p in points]  # want-blind: `p.rendered()` from vio.element_cases.handed_on


# claims: deterministic
def closure_adds(names, extra):
    points = [Plain(n) for n in names]  # want-blind: `iter(names)` from vio.element_cases.closure_adds

    def add():
        points.append(extra)

    add()
    return [p.rendered() for p in points]  # want-blind: `p.rendered()` from vio.element_cases.closure_adds
