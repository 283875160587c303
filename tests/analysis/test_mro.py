"""C3's merge (semantics §5: "in Python's MRO order"), and where Python would refuse the hierarchy."""

from __future__ import annotations

from pytest_claims.analysis.resolution.hierarchy import c3_merge as _c3_merge


def _names(order: list[tuple[str, int]]) -> str:
    return "".join(module for module, _ in order)


def test_a_diamond_puts_the_shared_base_last() -> None:
    a, b, c = ("A", 0), ("B", 0), ("C", 0)
    merged, exact = _c3_merge([[b, a], [c, a], [b, c]])
    assert (_names(merged), exact) == ("BCA", True)


def test_python_agrees_on_a_larger_hierarchy() -> None:
    """The classic example from Python's MRO document: Z(K1, K2, K3)."""

    class Base: ...

    class A(Base): ...

    class B(Base): ...

    class C(Base): ...

    class D(Base): ...

    class E(Base): ...

    class K1(A, B, C): ...

    class K2(D, B, E): ...

    class K3(D, A): ...

    class Z(K1, K2, K3): ...

    def lin(cls: type) -> list[tuple[str, int]]:
        return [(k.__name__, 0) for k in cls.__mro__ if k is not object]

    bases = [K1, K2, K3]
    merged, exact = _c3_merge([*(lin(b) for b in bases), [(b.__name__, 0) for b in bases]])
    assert exact
    assert merged == lin(Z)[1:]


def test_an_inconsistent_order_keeps_every_class() -> None:
    """`class X(A, B)` with `B(A)`: Python raises TypeError; the order is marked inexact and drops nothing."""
    a, b = ("A", 0), ("B", 0)
    merged, exact = _c3_merge([[a], [b, a], [a, b]])
    assert not exact
    assert sorted(merged) == [a, b]
