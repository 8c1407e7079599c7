"""kll: quantiles within a rank error (doc/FORMAT.md section 10).

    >>> from probabilistic import kll
    >>> s = kll.KLL.empty(k=200)
    >>> for x in range(10000):
    ...     s.add(x)
    >>> abs(s.rank(5000.0) - 0.5) <= s.rank_error()
    True
    >>> s.merge(s).n
    20000
"""

from __future__ import annotations

from typing import Any, Optional

from . import kll_format as _kf
from ._base import Sketch
from .kll_format import Invalid

__all__ = ["KLL", "Invalid", "DEFAULT_K"]

DEFAULT_K: int = _kf.DEFAULT_K


class KLL(Sketch):
    """A kll value. ``add`` changes it in place; ``merge`` returns a new value."""

    @staticmethod
    def _read(data: bytes) -> Any:
        return _kf.parse(data)

    def _impl_bytes(self) -> bytes:
        return self._impl.encode()

    @classmethod
    def empty(cls, k: int = DEFAULT_K) -> "KLL":
        """An empty sketch (what ``kll_agg(x, k)`` starts from)."""
        return cls(_kf.KLL(k))

    @property
    def k(self) -> int:
        return self._impl.k

    @property
    def n(self) -> int:
        """The number of values added."""
        return self._impl.n

    @property
    def min(self) -> Optional[float]:
        return self._impl.min if self._impl.n else None

    @property
    def max(self) -> Optional[float]:
        return self._impl.max if self._impl.n else None

    def add(self, value: float) -> None:
        """Adds a number (NaN refused)."""
        self._impl.add(value)

    def quantile(self, q: float) -> Optional[float]:
        """``quantile(s, q)``: a value whose rank is within ``rank_error()`` of q; None when empty."""
        return self._impl.quantile(q)

    def rank(self, x: float) -> Optional[float]:
        """``quantile_rank(s, x)``: the share of values at most x, within ``rank_error()``; None when empty."""
        return self._impl.rank(x)

    def rank_error(self, double_sided: bool = False) -> float:
        """The normalized rank error of the sketch's k (DataSketches' formula)."""
        return self._impl.rank_error(double_sided)

    def merge(self, other: "KLL") -> "KLL":
        """``kll_union`` (``||``)."""
        out = _kf.parse(self._impl.encode())
        out.union(other._impl)
        return KLL(out)
