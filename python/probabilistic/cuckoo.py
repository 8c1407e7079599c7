"""cuckoo: cuckoo filters, with removal (doc/FORMAT.md section 5).

    >>> from probabilistic import cuckoo
    >>> c = cuckoo.Cuckoo.empty(capacity=1000, fpr=0.01)
    >>> c.add(7); c.add(7); c.add(8)
    >>> c.count(7), c.contains(9)
    (2, False)
    >>> c.remove(7), c.count(7), c.remove(9)
    (True, 1, False)
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from . import cuckoo_format as _cf
from ._base import Filter
from .cuckoo_format import FullError

__all__ = ["Cuckoo", "FullError"]


class Cuckoo(Filter):
    """A cuckoo value. ``add`` and ``remove`` change it in place; ``union`` returns a new value."""

    @staticmethod
    def _read(data: bytes) -> Any:
        return _cf.Cuckoo.from_bytes(data)

    @classmethod
    def empty(cls, capacity: int, fpr: float = 0.01, seed: int = 0) -> "Cuckoo":
        """``cuckoo_empty(capacity, fpr, seed)``."""
        return cls(_cf.Cuckoo.empty(capacity, fpr, seed))

    @classmethod
    def from_values(cls, values: Iterable[Any], capacity: int, fpr: float = 0.01,
                    sql_type: Optional[str] = None) -> "Cuckoo":
        """What ``cuckoo_agg(x, capacity, fpr)`` builds (None skipped, as NULL)."""
        return cls(_cf.Cuckoo.agg(list(values), capacity, fpr, sql_type))

    @property
    def capacity(self) -> int:
        return self._impl.capacity

    @property
    def items(self) -> int:
        """The number of entries held (values added less values removed)."""
        return self._impl.items


    def add(self, value: Any, sql_type: Optional[str] = None) -> None:
        """``cuckoo_add``; FullError when no slot is found (the server refuses the same add)."""
        self._impl.add(value, sql_type)

    def remove(self, value: Any, sql_type: Optional[str] = None) -> bool:
        """``cuckoo_remove``: removes one copy; False when the value was not found."""
        return self._impl.remove(value, sql_type)

    def count(self, value: Any, sql_type: Optional[str] = None) -> int:
        """``cuckoo_count``: the copies found (an upper bound of the copies added)."""
        return self._impl.count(value, sql_type)

    def contains(self, value: Any, sql_type: Optional[str] = None) -> bool:
        """``cuckoo_contains`` (``@>``): never False for a value added and not removed."""
        return self.stats.record(self._impl.contains(value, sql_type))

    def union(self, other: "Cuckoo") -> "Cuckoo":
        """``cuckoo_union``: the multiset union; FullError when it does not fit."""
        return Cuckoo(self._impl.union(other._impl))
