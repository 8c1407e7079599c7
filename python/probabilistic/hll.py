"""hll: HyperLogLog distinct counts (doc/FORMAT.md section 3).

    >>> from probabilistic import hll
    >>> h = hll.Hll.empty(precision=14)
    >>> for user in ("ann", "bob", "ann"):
    ...     h.add(user)
    >>> h.cardinality()
    2
    >>> day2 = hll.Hll.from_values(["bob", "cy"])
    >>> hll.union([h, day2]).cardinality()
    3
    >>> hll.Hll.parse(h.to_bytes()) == h
    True
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Tuple

from . import probabilistic_format as _pf
from ._base import HashedSketch

__all__ = ["Hll", "union", "DEFAULT_PRECISION"]

DEFAULT_PRECISION: int = _pf.DEFAULT_PRECISION


class Hll(HashedSketch):
    """An hll value. ``add`` changes it in place; ``union`` returns a new value."""

    @staticmethod
    def _read(data: bytes) -> Any:
        return _pf.Hll.from_bytes(data)

    @classmethod
    def empty(cls, precision: int = DEFAULT_PRECISION, seed: int = 0) -> "Hll":
        """``hll_empty(precision, seed)``."""
        return cls(_pf.Hll.empty(precision, seed))

    @classmethod
    def from_values(cls, values: Iterable[Any], precision: int = DEFAULT_PRECISION, seed: int = 0,
                    sql_type: Optional[str] = None) -> "Hll":
        """What ``hll_add_agg(x, precision)`` builds of these values (None skipped, as NULL)."""
        return cls(_pf.Hll.from_values(list(values), precision, seed, sql_type))

    @property
    def precision(self) -> int:
        return self._impl.precision



    def add(self, value: Any, sql_type: Optional[str] = None) -> None:
        """``hll_add``: the value hashed against the sketch's kind (refused as the server refuses)."""
        self._impl = self._impl.add(value, sql_type)

    def add_hash(self, h: int) -> None:
        """``hll_add_hash``: a 64-bit hash (signed or unsigned)."""
        self._impl = self._impl.add_hash(h)

    def estimate(self) -> float:
        """The estimate before rounding (``hll_info``'s estimate)."""
        return self._impl.estimate()

    def cardinality(self) -> int:
        """``hll_cardinality``."""
        return self._impl.cardinality()

    def cardinality_bounds(self, confidence: float = 0.95) -> Tuple[int, int]:
        """``hll_cardinality_bounds(h, confidence)``: (lower, upper)."""
        return _pf.hll_cardinality_bounds(self._impl, confidence)

    def union(self, other: "Hll") -> "Hll":
        """``hll_union`` (``||``): at the lower of the two precisions."""
        return Hll(self._impl.union(other._impl))

    def fold(self, precision: int) -> "Hll":
        """The sketch at a lower precision (a cast to ``hll(precision)``)."""
        return Hll(self._impl.fold(precision))

    def contains(self, other: "Hll") -> bool:
        """``hll @> hll``: every register of other at most this one's."""
        return self._impl.contains(other._impl)


def union(sketches: Iterable[Hll]) -> Hll:
    """``hll_union_agg``: the union of the sketches (at least one)."""
    it = iter(sketches)
    try:
        out = next(it)
    except StopIteration:
        raise ValueError("the union of no hll") from None
    for s in it:
        out = out.union(s)
    return out
