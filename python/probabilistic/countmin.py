"""countmin: frequencies of any value, over-estimated by at most epsilon N with
probability 1 - delta (doc/FORMAT.md section 7).

    >>> from probabilistic import countmin
    >>> s = countmin.CountMin.empty(epsilon=0.001, delta=0.01)
    >>> for page in ["/", "/a", "/", "/"]:
    ...     s.add(page)
    >>> s.add("/a", weight=10)
    >>> s.count("/"), s.count("/a"), s.count("/never"), s.total
    (3, 11, 0, 14)
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence

from . import countmin_format as _cf
from ._base import HashedSketch
from .countmin_format import TotalError

__all__ = ["CountMin", "TotalError"]


class CountMin(HashedSketch):
    """A countmin value. ``add`` changes it in place; ``merge`` returns a new value."""

    @staticmethod
    def _read(data: bytes) -> Any:
        return _cf.CountMin.from_bytes(data)

    @classmethod
    def empty(cls, epsilon: float = 0.001, delta: float = 0.01, seed: int = 0) -> "CountMin":
        """``countmin_empty(epsilon, delta, seed)``."""
        return cls(_cf.CountMin.empty(epsilon, delta, seed))

    @classmethod
    def from_values(cls, values: Iterable[Any], epsilon: float = 0.001, delta: float = 0.01,
                    sql_type: Optional[str] = None, weights: Optional[Sequence[int]] = None) -> "CountMin":
        """``countmin_agg(x [, weight], epsilon, delta)`` (None skipped, as NULL)."""
        return cls(_cf.CountMin.agg(list(values), epsilon, delta, sql_type, weights))

    @property
    def epsilon(self) -> float:
        return self._impl.epsilon

    @property
    def delta(self) -> float:
        return self._impl.delta

    @property
    def total(self) -> int:
        """N, the total weight added."""
        return self._impl.total


    def add(self, value: Any, sql_type: Optional[str] = None, weight: int = 1) -> None:
        """``countmin_add(s, value [, weight])``."""
        self._impl.add(value, sql_type, weight)

    def count(self, value: Any, sql_type: Optional[str] = None) -> int:
        """``countmin_count``: never below the true count; above it by at most epsilon N
        with probability 1 - delta."""
        return self._impl.count(value, sql_type)

    def merge(self, other: "CountMin") -> "CountMin":
        """``countmin_union`` (``||``): sketches of the same parameters."""
        return CountMin(self._impl.union(other._impl))
