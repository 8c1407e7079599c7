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
