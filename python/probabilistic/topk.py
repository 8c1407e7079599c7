"""topk: the heaviest items with bounds (doc/FORMAT.md section 7).

Items are bigint (``int``), text (``str``), bytea (``bytes``) or uuid (``uuid.UUID``).

    >>> from probabilistic import topk
    >>> t = topk.Topk.from_values(["a", "b", "a", "c", "a"], size=2)
    >>> t.items()[0]                                   # 'a' came 3 times: between lower and upper
    Item(value='a', estimate=3, lower=2, upper=3)
    >>> t.add("b", weight=5)
    >>> [i.value for i in t.items()]
    ['b', 'a']
    >>> t.total
    10
"""

from __future__ import annotations

from typing import Any, Iterable, List, NamedTuple, Optional, Sequence

from . import topk_format as _tf
from ._base import Sketch
from .topk_format import CorruptError, RefusedError

__all__ = ["Topk", "Item", "CorruptError", "RefusedError", "DEFAULT_SIZE"]

DEFAULT_SIZE: int = _tf.DEFAULT_SIZE


class Item(NamedTuple):
    """An item as ``topk_items`` gives it: its true count is between lower and upper."""
    value: Any
    estimate: int
    lower: int
    upper: int


class Topk(Sketch):
    """A topk value. ``add`` changes it in place; ``merge`` returns a new value."""

    @staticmethod
    def _read(data: bytes) -> Any:
        return _tf.Topk.from_bytes(data)

    @classmethod
    def empty(cls, size: int = DEFAULT_SIZE) -> "Topk":
        """``topk_empty(size)``."""
        return cls(_tf.Topk.empty(size))

    @classmethod
    def from_values(cls, values: Iterable[Any], size: int = DEFAULT_SIZE,
                    weights: Optional[Sequence[Optional[int]]] = None) -> "Topk":
        """``topk_agg(x [, weight], size)`` over the values in order (None skipped, as NULL)."""
        return cls(_tf.Topk.agg(list(values), size, weights))

    @property
    def size(self) -> int:
        return self._impl.size

    @property
    def total(self) -> int:
        """The total weight added."""
        return self._impl.total

    @property
    def threshold(self) -> int:
        """Every item of a true count above it is among the items (``total // (size + 1)``)."""
        return self._impl.threshold

    def add(self, value: Any, weight: int = 1) -> None:
        """Continues the sketch with one more row (``topk_agg``'s step, then its final purge)."""
        self._impl = self._impl.add_all([value], [weight])

    def add_all(self, values: Iterable[Any], weights: Optional[Sequence[Optional[int]]] = None) -> None:
        """Continues the sketch with more rows."""
        self._impl = self._impl.add_all(list(values), weights)

    def items(self, n: Optional[int] = None) -> List[Item]:
        """``topk_items``: heaviest first, each with its bounds."""
        return [Item(*i) for i in self._impl.items(n)]

    def merge(self, other: "Topk") -> "Topk":
        """``topk_union`` (``||``): at the smaller of the two sizes."""
        return Topk(self._impl.union(other._impl))
