"""agebloom: filters over a sliding window, of a count or of time (doc/FORMAT.md section 11).

Times are ``datetime.datetime`` (naive ones taken as UTC) or integers of microseconds
since 1970-01-01 UTC.

    >>> import datetime
    >>> from probabilistic import agebloom
    >>> t0 = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
    >>> f = agebloom.Agebloom.time_window(datetime.timedelta(hours=1), capacity=1000)
    >>> f.add("session-1", at=t0)
    >>> f.contains_at("session-1", t0 + datetime.timedelta(minutes=50))
    True
    >>> f.contains_at("session-1", t0 + datetime.timedelta(hours=3))
    False
    >>> c = agebloom.Agebloom.count_window(100)           # the last 100 to 100 + 100/32 values
    >>> for i in range(300):
    ...     c.add(i)
    >>> all(c.contains(i) for i in range(200, 300))
    True
"""

from __future__ import annotations

import datetime
from typing import Any, Optional, Union

from . import agebloom_format as _af
from ._base import Filter
from .agebloom_format import GenerationFullError

__all__ = ["Agebloom", "Time", "GenerationFullError"]

Time = Union[datetime.datetime, int]
_UNIX_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def _micros(at: Time) -> int:
    if isinstance(at, datetime.datetime):
        if at.tzinfo is None:
            at = at.replace(tzinfo=datetime.timezone.utc)
        return (at - _UNIX_EPOCH) // datetime.timedelta(microseconds=1)
    if isinstance(at, int) and not isinstance(at, bool):
        return at
    raise TypeError("a time is a datetime or microseconds since 1970, not %s" % type(at).__name__)


class Agebloom(Filter):
    """An agebloom value. ``add`` changes it in place; ``union`` returns a new value."""

    @staticmethod
    def _read(data: bytes) -> Any:
        return _af.Agebloom.from_bytes(data)

    @classmethod
    def count_window(cls, window: int, fpr: float = 0.01, generations: int = 0, seed: int = 0) -> "Agebloom":
        """``agebloom_empty(window, fpr, generations, seed)``: the last ``window`` values added."""
        return cls(_af.Agebloom.empty_count(window, fpr, generations, seed))

    @classmethod
    def time_window(cls, window: Union[datetime.timedelta, int], capacity: int, fpr: float = 0.01,
                    generations: int = 0, seed: int = 0) -> "Agebloom":
        """``agebloom_empty(window interval, capacity, fpr, generations, seed)``: the values added
        within ``window`` (a timedelta, or microseconds) of the time asked at."""
        if isinstance(window, datetime.timedelta):
            window = window // datetime.timedelta(microseconds=1)
        return cls(_af.Agebloom.empty_time(window, capacity, fpr, generations, seed))

    @property
    def is_time_window(self) -> bool:
        return self._impl.mode == _af.MODE_TIME


    def add(self, value: Any, sql_type: Optional[str] = None, at: Optional[Time] = None) -> None:
        """``agebloom_add``: a time window needs the time of the add (``at``)."""
        if self.is_time_window and at is None:
            raise ValueError("a time window's add needs its time (at=)")
        self._impl.add(value, sql_type, _micros(at) if at is not None else 0)

    def contains(self, value: Any, sql_type: Optional[str] = None) -> bool:
        """``agebloom_contains``: in the window as of the newest add."""
        return self.stats.record(self._impl.contains(value, sql_type))

    def contains_at(self, value: Any, at: Time, sql_type: Optional[str] = None) -> bool:
        """``agebloom_contains(filter, value, at)``: in the window that ends at ``at`` (a time
        window; ``at`` not before the newest add's generation)."""
        return self.stats.record(self._impl.contains_at(value, _micros(at), sql_type))

    def union(self, other: "Agebloom") -> "Agebloom":
        """``agebloom_union`` of two time windows of the same parameters."""
        return Agebloom(self._impl.union(other._impl))
