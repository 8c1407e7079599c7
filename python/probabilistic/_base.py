"""What every public type shares: the bytes in and out, equality by bytes."""

from __future__ import annotations

from typing import Any, TypeVar, Union

Data = Union[bytes, bytearray, memoryview, str]
"""A stored value: its bytes (bytea, as a driver returns them), or their text form
``\\x0123...`` (as psql or a driver without bytea decoding prints them)."""

T = TypeVar("T", bound="Sketch")


def to_bytes(data: Data) -> bytes:
    """The bytes of a stored value given as bytes or as bytea's hex text ``\\x...``."""
    if isinstance(data, str):
        if not data.startswith("\\x"):
            raise ValueError("a text value must be bytea's hex form \\x..., not %r" % data[:16])
        try:
            return bytes.fromhex(data[2:])
        except ValueError as e:
            raise ValueError("a text value must be bytea's hex form \\x...: %s" % e) from None
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise TypeError("a stored value is bytes or bytea's hex text, not %s" % type(data).__name__)


class Sketch:
    """A stored value of one of the extension's types. ``bytes(s)`` and ``s.to_bytes()`` are
    the bytes the server reads (a bytea parameter, or the type's input after a cast);
    ``s.to_text()`` is the ``\\x...`` text form. Two values are equal when their bytes are."""

    __slots__ = ("_impl",)

    def __init__(self, impl: Any) -> None:
        self._impl = impl

    @classmethod
    def parse(cls: type[T], data: Data) -> T:
        """Reads a stored value, every field checked as doc/FORMAT.md says: the bytes the
        server refuses are refused here (a ValueError naming what is wrong)."""
        return cls(cls._read(to_bytes(data)))

    @staticmethod
    def _read(data: bytes) -> Any:  # each type's reader of the format module
        raise NotImplementedError

    def to_bytes(self) -> bytes:
        return bytes(self._impl_bytes())

    def _impl_bytes(self) -> bytes:
        return self._impl.to_bytes()

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    def to_text(self) -> str:
        return "\\x" + self.to_bytes().hex()

    def copy(self: T) -> T:
        return type(self).parse(self.to_bytes())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_bytes() == other.to_bytes()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "<%s %d bytes>" % (type(self).__module__ + "." + type(self).__name__, len(self.to_bytes()))


class LookupStats:
    """What a filter saved: the lookups it answered, and how many it answered "no" in the
    application's memory (each a query that did not happen). ``no_share`` is the number that
    decides whether a filter earns its place."""

    __slots__ = ("lookups", "answered_no")

    def __init__(self) -> None:
        self.lookups = 0
        self.answered_no = 0

    @property
    def no_share(self) -> float:
        """answered_no / lookups (0.0 before the first lookup)."""
        return self.answered_no / self.lookups if self.lookups else 0.0

    def record(self, found: bool) -> bool:
        """Counts one answer and returns it."""
        self.lookups += 1
        if not found:
            self.answered_no += 1
        return found

    def reset(self) -> None:
        self.lookups = self.answered_no = 0

    def __repr__(self) -> str:
        return "<LookupStats %d lookups, %d answered no (%.4f)>" % (self.lookups, self.answered_no, self.no_share)


class HashedSketch(Sketch):
    """A value that hashes what is added to it: its seed and the kind of its values."""

    __slots__ = ()

    @property
    def seed(self) -> int:
        """The hash seed, unsigned."""
        return self._impl.seed

    @property
    def kind(self) -> int:
        """The kind of the values it holds (probabilistic.hashing; KIND_NONE when none)."""
        return self._impl.kind


class Filter(HashedSketch):
    """A membership filter: ``contains`` and ``contains_hash`` count into ``stats``
    (a LookupStats; a value read, copied or made by a union starts its own: assign
    ``new.stats = old.stats`` to keep one count across a refresh)."""

    __slots__ = ("stats",)

    def __init__(self, impl: Any) -> None:
        super().__init__(impl)
        self.stats = LookupStats()
