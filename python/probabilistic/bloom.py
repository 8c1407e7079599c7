"""bloom: Bloom filters, every layout (doc/FORMAT.md section 4).

    >>> from probabilistic import bloom
    >>> f = bloom.Bloom.empty(capacity=1000, fpr=0.01)
    >>> f.add("msg-1")
    >>> f.add(42)      # a text filter refuses a bigint, as bloom_add does  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    probabilistic.ComparisonError: cannot compare
    >>> f.contains("msg-1"), f.contains("msg-2")
    (True, False)
    >>> g = bloom.Bloom.from_values(["msg-3"], capacity=1000, fpr=0.01)
    >>> f.union(g).contains("msg-3")
    True
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from . import probabilistic_format as _pf
from ._base import Filter

__all__ = ["Bloom", "LAYOUTS"]

LAYOUTS = ("fixed", "scalable", "blocked")


class Bloom(Filter):
    """A bloom value. ``add`` changes it in place; ``union`` and ``intersect`` return new values."""

    @staticmethod
    def _read(data: bytes) -> Any:
        return _pf.Bloom.from_bytes(data)

    @classmethod
    def empty(cls, capacity: int, fpr: float = 0.01, layout: str = "fixed", seed: int = 0) -> "Bloom":
        """``bloom_empty(capacity, fpr, layout, seed)``; layout one of LAYOUTS."""
        return cls(_pf.Bloom.empty(capacity, fpr, seed=seed, layout=layout))

    @classmethod
    def from_values(cls, values: Iterable[Any], capacity: int, fpr: float = 0.01, layout: str = "fixed",
                    seed: int = 0, sql_type: Optional[str] = None) -> "Bloom":
        """What ``bloom_agg(x, capacity, fpr, layout)`` builds (None skipped, as NULL)."""
        return cls(_pf.Bloom.from_values(list(values), capacity, fpr, seed=seed, sql_type=sql_type,
                                         layout=layout))

    @property
    def layout(self) -> str:
        return "blocked" if self._impl.blocked else "scalable" if self._impl.scalable else "fixed"

    @property
    def capacity(self) -> int:
        return self._impl.capacity

    @property
    def fpr(self) -> float:
        return self._impl.fpr



    def add(self, value: Any, sql_type: Optional[str] = None) -> None:
        """``bloom_add``: the value hashed against the filter's kind (refused as the server refuses)."""
        self._impl = self._impl.add(value, sql_type)

    def add_hash(self, h: int) -> None:
        self._impl = self._impl.add_hash(h)

    def contains(self, value: Any, sql_type: Optional[str] = None) -> bool:
        """``bloom_contains`` (``@>``): never False for a value added."""
        return self.stats.record(self._impl.contains(value, sql_type))

    def contains_hash(self, h: int) -> bool:
        return self.stats.record(self._impl.contains_hash(h))

    def cardinality(self) -> int:
        """``bloom_cardinality``: the estimated number of values added."""
        return self._impl.cardinality()

    def estimated_fpr(self) -> float:
        """``bloom_fpr``: the false positive rate at the current fill."""
        return self._impl.estimated_fpr()

    def union(self, other: "Bloom") -> "Bloom":
        """``bloom_union`` (``|``): filters of the same parameters."""
        return Bloom(self._impl.union(other._impl))

    def intersect(self, other: "Bloom") -> "Bloom":
        """``bloom_intersect`` (``&``): filters of one layer."""
        return Bloom(self._impl.intersect(other._impl))
