"""ddsketch: quantiles within a relative error alpha (doc/FORMAT.md section 6).

    >>> from probabilistic import ddsketch
    >>> s = ddsketch.DDSketch.empty(alpha=0.01)
    >>> for ms in range(1, 1001):
    ...     s.add(ms)
    >>> p99 = s.quantile(0.99)
    >>> abs(p99 - 990) <= 0.01 * 990                      # within alpha of the exact p99
    True
    >>> s.count, s.min, s.max, s.sum
    (1000, 1.0, 1000.0, 500500.0)
    >>> s.merge(s).count
    2000
"""

from __future__ import annotations

from typing import Any, Optional

from . import ddsketch_format as _df
from ._base import Sketch
from .ddsketch_format import Invalid

__all__ = ["DDSketch", "Invalid", "DEFAULT_ALPHA", "DEFAULT_MAX_BUCKETS"]

DEFAULT_ALPHA = 0.01
DEFAULT_MAX_BUCKETS = 2048


class DDSketch(Sketch):
    """A ddsketch value. ``add`` changes it in place; ``merge`` returns a new value."""

    @staticmethod
    def _read(data: bytes) -> Any:
        return _df.parse(data)

    def _impl_bytes(self) -> bytes:
        return self._impl.encode()

    @classmethod
    def empty(cls, alpha: float = DEFAULT_ALPHA, max_buckets: int = DEFAULT_MAX_BUCKETS) -> "DDSketch":
        """An empty sketch (what ``ddsketch_agg(x, alpha, max_buckets)`` starts from)."""
        return cls(_df.DDSketch(alpha, max_buckets))

    @property
    def alpha(self) -> float:
        return self._impl.alpha

    @property
    def count(self) -> int:
        return self._impl.count

    @property
    def min(self) -> Optional[float]:
        return self._impl.min if self._impl.count else None

    @property
    def max(self) -> Optional[float]:
        return self._impl.max if self._impl.count else None

    @property
    def sum(self) -> float:
        """The exact sum, rounded once to a double."""
        return self._impl.sum()

    def add(self, value: float) -> None:
        """Counts a finite number (NaN and infinities are refused)."""
        self._impl.add(value)

    def quantile(self, q: float) -> Optional[float]:
        """``quantile(s, q)``: within alpha (relative) of ``percentile_disc(q)``; None when empty."""
        return self._impl.quantile(q)

    def quantile_cont(self, q: float) -> Optional[float]:
        """Interpolated between the two values around q as ``percentile_cont``."""
        return self._impl.quantile_cont(q)

    def rank(self, x: float) -> Optional[float]:
        """``quantile_rank(s, x)``: the share of values at most x; None when empty."""
        return self._impl.rank(x)

    def merge(self, other: "DDSketch") -> "DDSketch":
        """``ddsketch_union`` (``||``): sketches of the same alpha and max_buckets."""
        return DDSketch(_df.parse(self._impl.encode()).union(other._impl))
