"""A method inherited by many subclasses, entered for more receivers than one walk keeps apart, is walked for the
nearest class they all derive from: never for a sibling class that derives from the same base. Here `Base.helper`
is entered for `Middle` and nine subclasses of it; `Elsewhere`, a sibling of `Middle`, reads the clock in its
`convert`, which no receiver of this walk can run."""

import time


class Base:
    def helper(self):
        return self.convert()

    def convert(self):
        return 1


class Elsewhere(Base):
    def convert(self):
        return time.time()  # want: deterministic call time.time from vio.widening_cases.any_base via vio.widening_cases.Base.helper -> vio.widening_cases.Elsewhere.convert


class Middle(Base):
    # claims: deterministic
    def run(self):
        return self.step()

    def step(self):
        return self.helper()


class Kind1(Middle):
    def step(self):
        return self.helper() + 1  # want-blind: `self.helper(...).__add__(...)` from vio.widening_cases.Middle.run via vio.widening_cases.Kind1.step

class Kind2(Middle):
    def step(self):
        return self.helper() + 2  # want-blind: `self.helper(...).__add__(...)` from vio.widening_cases.Middle.run via vio.widening_cases.Kind2.step

class Kind3(Middle):
    def step(self):
        return self.helper() + 3  # want-blind: `self.helper(...).__add__(...)` from vio.widening_cases.Middle.run via vio.widening_cases.Kind3.step

class Kind4(Middle):
    def step(self):
        return self.helper() + 4  # want-blind: `self.helper(...).__add__(...)` from vio.widening_cases.Middle.run via vio.widening_cases.Kind4.step

class Kind5(Middle):
    def step(self):
        return self.helper() + 5  # want-blind: `self.helper(...).__add__(...)` from vio.widening_cases.Middle.run via vio.widening_cases.Kind5.step

class Kind6(Middle):
    def step(self):
        return self.helper() + 6  # want-blind: `self.helper(...).__add__(...)` from vio.widening_cases.Middle.run via vio.widening_cases.Kind6.step

class Kind7(Middle):
    def step(self):
        return self.helper() + 7  # want-blind: `self.helper(...).__add__(...)` from vio.widening_cases.Middle.run via vio.widening_cases.Kind7.step

class Kind8(Middle):
    def step(self):
        return self.helper() + 8  # want-blind: `self.helper(...).__add__(...)` from vio.widening_cases.Middle.run via vio.widening_cases.Kind8.step

class Kind9(Middle):
    def step(self):
        return self.helper() + 9  # want-blind: `self.helper(...).__add__(...)` from vio.widening_cases.Middle.run via vio.widening_cases.Kind9.step


# claims: deterministic
def any_base(item: Base):
    return item.helper()
