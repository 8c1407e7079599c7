"""fuse: binary fuse filters, static (doc/FORMAT.md section 12).

A fuse value is a key set (``fuse_keys_agg``, which unions) or a filter built from one
(``fuse_build``, ``fuse_agg``), which answers but takes no more keys.

    >>> from probabilistic import fuse
    >>> keys = fuse.Fuse.keys_from_values([3, 1, 2])
    >>> f = keys.union(fuse.Fuse.keys_from_values([4])).build()
    >>> f.is_filter, [f.contains(x) for x in (1, 2, 3, 4)], f.contains(5)
    (True, [True, True, True, True], False)
    >>> len(f.to_bytes())
    88
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from . import fuse_format as _ff
from ._base import Filter
from .fuse_format import BuildError, TooLargeError

__all__ = ["Fuse", "DEFAULT_FPR", "BuildError", "TooLargeError"]

DEFAULT_FPR: float = _ff.DEFAULT_FPR


class Fuse(Filter):
    """A fuse value: a key set or a filter. Operations return new values."""

    @staticmethod
    def _read(data: bytes) -> Any:
        return _ff.Fuse.from_bytes(data)

    @classmethod
    def keys_from_values(cls, values: Iterable[Any], fpr: float = DEFAULT_FPR, seed: int = 0,
                         sql_type: Optional[str] = None) -> "Fuse":
        """``fuse_keys_agg(x, fpr, seed)``: the key set (None skipped, as NULL)."""
        return cls(_ff.Fuse.keys_agg(list(values), fpr, seed, sql_type))

    @classmethod
    def from_values(cls, values: Iterable[Any], fpr: float = DEFAULT_FPR, seed: int = 0,
                    sql_type: Optional[str] = None) -> "Fuse":
        """``fuse_agg(x, fpr, seed)``: the filter of the values."""
        return cls(_ff.Fuse.agg(list(values), fpr, seed, sql_type))

    @property
    def is_filter(self) -> bool:
        """True for a filter (form 2), False for a key set (form 1)."""
        return self._impl.form == _ff.FORM_FILTER


    def cardinality(self) -> int:
        """The number of distinct keys."""
        return self._impl.cardinality()

    def build(self) -> "Fuse":
        """``fuse_build``: the filter of a key set (a filter comes back as it is)."""
        return Fuse(self._impl.build())

    def union(self, other: "Fuse") -> "Fuse":
        """``fuse_union`` of two key sets (filters are refused: union their key sets)."""
        return Fuse(self._impl.union(other._impl))

    def contains(self, value: Any, sql_type: Optional[str] = None) -> bool:
        """``fuse_contains`` (``@>``): never False for a key."""
        return self.stats.record(bool(self._impl.contains(value, sql_type)))

    def contains_hash(self, h: int) -> bool:
        return self.stats.record(bool(self._impl.contains_hash(h)))
