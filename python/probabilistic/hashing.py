"""Hashing as the server hashes (doc/FORMAT.md section 2).

A value's hash is XXH3-64 of its canonical bytes with the sketch's seed. Which bytes
depends on the value's SQL type, which is taken from the Python value unless
``sql_type`` names it:

============================  ====================  =====================================
Python value                  SQL type (default)    ``sql_type`` may name instead
============================  ====================  =====================================
``int``                       bigint                smallint, integer, oid, numeric
``float``                     double precision      real, numeric
``decimal.Decimal``           numeric
``str``                       text                  varchar, char(n), name, citext, enum
``bytes`` / ``bytearray``     bytea
``bool``                      boolean
``uuid.UUID``                 uuid
``datetime.datetime`` aware   timestamptz
``datetime.datetime`` naive   timestamp
``datetime.date``             date
``SqlArray(...)``             an array                the element type
============================  ====================  =====================================

Every sketch records the kind of the values it holds (section 2.5); a value probed or
added is converted to that kind as SQL's ``=`` converts it (``1`` finds ``1.0`` in a
filter of double precision), or refused (``ComparisonError``) where the server refuses
the comparison. ``probe_hash`` is that hash.

    >>> sketch_hash(42)                                   # SELECT sketch_hash(42::bigint)
    -3051478158665635896
    >>> import decimal
    >>> sketch_hash(decimal.Decimal("42.000")), sketch_hash(42, seed=1)
    (-3051478158665635896, 7446462916408900764)
    >>> hash64(42) == sketch_hash(42) + 2 ** 64          # the same hash, unsigned
    True
"""

from __future__ import annotations

from typing import Any, Optional

from . import probabilistic_format as _pf
from .probabilistic_format import ComparisonError, SqlArray

__all__ = ["hash64", "sketch_hash", "probe_hash", "value_kind", "type_kind", "kind_name", "canonical_bytes",
           "SqlArray", "ComparisonError", "KIND_NONE", "KIND_MIXED"]

KIND_NONE: int = _pf.KIND_NONE
"""The kind of a sketch that holds no value (or was built from hashes)."""
KIND_MIXED: int = _pf.KIND_MIXED
"""The kind of a union of sketches of different kinds."""


def canonical_bytes(value: Any, sql_type: Optional[str] = None) -> bytes:
    """The bytes a value is hashed as (section 2.2)."""
    return _pf.canonical_bytes(value, sql_type)


def hash64(value: Any, seed: int = 0, sql_type: Optional[str] = None) -> int:
    """The value's 64-bit hash, unsigned (0 .. 2^64 - 1)."""
    return _pf.hash64(value, seed, sql_type)


def sketch_hash(value: Any, seed: int = 0, sql_type: Optional[str] = None) -> int:
    """What SQL's ``sketch_hash(value, seed)`` returns: the hash as a signed bigint."""
    return _pf.sketch_hash(value, seed, sql_type)


def probe_hash(value: Any, kind: int, seed: int = 0, sql_type: Optional[str] = None,
               adding: bool = False) -> int:
    """The hash of a value probed in (or, ``adding``, added to) a sketch of ``kind``: converted
    as SQL's ``=`` converts it, or refused with ``ComparisonError`` as the server refuses."""
    return _pf.probe_hash(value, kind, seed, sql_type, adding)


def value_kind(value: Any, sql_type: Optional[str] = None) -> int:
    """The kind (the type's OID for PostgreSQL's built-in types) a value records."""
    return _pf.value_kind(value, sql_type)


def type_kind(sql_type: str) -> int:
    """The kind of an SQL type by its name (``"bigint"``, ``"text[]"``)."""
    return _pf.type_kind(sql_type)


def kind_name(kind: int) -> str:
    """The SQL type name of a kind, as the ``*_info`` functions print it."""
    return _pf.kind_name(kind)
