"""Members and results of stdlib names and values, as the stubs type them: a member of a stdlib module or class
(`std_member`), a method or typed attribute of a stdlib value (`value_member`), and the class a stdlib function's
annotated return names for a call's arguments (`stub_result`).
"""

from __future__ import annotations

from pytest_claims.analysis.catalog import Catalogue
from pytest_claims.analysis.resolution.symbols import (
    OPAQUE,
    UNKNOWN,
    Elements,
    StdInstance,
    StdMethod,
    StdName,
    Sym,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import StubSymbol, TypeRef


class StdValues:
    """What the stubs say a stdlib member or call result is, for one target (`evaluate.Evaluator` asks)."""

    def __init__(self, view: TargetView, catalogue: Catalogue) -> None:
        self.view = view
        self.catalogue = catalogue

    def std_member(self, sym: StdName, attr: str) -> Sym:
        """A member of a stdlib module or class, as the stubs declare it; of a function or variable, nothing."""
        symbol = sym.symbol
        if symbol.kind not in ("module", "class"):
            return OPAQUE
        path = (*(p for p in symbol.where[1].split(".") if p), attr)
        return StdName(f"{sym.dotted}.{attr}", self.view.stub_member(symbol.where[0], path))

    def value_member(self, module: str, qualname: str, attr: str) -> Sym:
        """A member of a stdlib value: a method (judged by the catalogue's `Class.member` entries alone), or an
        attribute or property whose annotated type the stubs give (`Path.name` is a str).

        Types are looked up through the value's own class, not the class that defines the member: a stub's
        `Self` is the receiver's class (`Path.parent` is a `Path` although `PurePath` defines it)."""
        symbol = self.view.stub_member(module, (*qualname.split("."), attr))
        looked_up = (module, f"{qualname}.{attr}")
        if symbol.kind == "function":
            ref = self.view.stub_type(self.view.stubs.attribute, looked_up)
            if ref is not None and self.catalogue.exact(self.catalogue.normalize(".".join(symbol.where))) is None:
                return from_ref(ref)  # a property: its value (a catalogued one stays a reach when read)
            # named by the class that defines it (`PosixPath.read_text` is `pathlib.Path.read_text`); calling it
            # gives what the stubs say through the value's class
            return StdMethod(".".join(symbol.where), symbol, looked_up)
        if symbol.kind == "variable":
            ref = self.view.stub_type(self.view.stubs.attribute, looked_up)
            return from_ref(ref) if ref is not None else UNKNOWN
        if symbol.kind == "class":
            return StdName(f"{module}.{qualname}.{attr}", symbol)
        return UNKNOWN

    def stub_result(self, symbol: StubSymbol, args: str = "()") -> Sym:
        """The class a stdlib function's annotated return names, when the stubs say (`os.getcwd` -> str), given
        what the call passes (`re.sub` with a str literal -> str)."""
        if args == "()" or args[:2] == "(=":  # `(=C)`: a `cast` other than typing's (`ctypes.cast`) passes no literal
            ref = self.view.stub_type(self.view.stubs.returns, symbol.where)
        else:
            module, qual = symbol.where
            ref = self.view.stub_type(self.view.stubs.call_returns, (module, qual + args))
        return from_ref(ref) if ref is not None else UNKNOWN


    def stub_protocol(self, sym: Sym) -> bool:
        """A stdlib protocol (`SupportsInt`, `os.PathLike`): the annotated value may be of any class, a project
        one too, so its methods are not the stub's (a call on it is a blind spot, semantics §5)."""
        if not isinstance(sym, StdName) or sym.symbol.kind != "class":
            return False
        return self.view.stubs.is_protocol(*sym.symbol.where)

def from_ref(ref: TypeRef) -> Sym:
    """The value a stub type names: an instance of its class, or a collection of them."""
    inner = StdInstance(ref.module, ref.qualname)
    return Elements(inner) if ref.kind == "elements" else inner
