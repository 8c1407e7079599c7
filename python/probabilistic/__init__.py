"""probabilistic: the values of the PostgreSQL extension probabilistic, read, answered,
changed and written in Python, byte for byte as the server does (doc/FORMAT.md).

One module per type, each with one class: ``parse`` reads the stored bytes (as a driver
returns a bytea, or bytea's ``\\x...`` text) and refuses what the server refuses;
``to_bytes`` writes what the server reads; values added or probed are hashed as the
server hashes them, by the kind the value records (``probabilistic.hashing``).

    >>> import probabilistic
    >>> f = probabilistic.bloom.Bloom.empty(capacity=1000, fpr=0.01)
    >>> f.add("msg-1")
    >>> f.contains("msg-1"), f.contains("msg-2")
    (True, False)
    >>> probabilistic.bloom.Bloom.parse(f.to_text()) == f
    True

Every refusal is a ValueError (a subclass naming it: FormatError, ParameterError,
ComparisonError, ...), except fuse.BuildError (a RuntimeError the server also raises,
after 1024 failed constructions).
"""

from . import agebloom, bloom, countmin, cuckoo, ddsketch, fuse, hashing, hll, kll, topk
from ._base import LookupStats
from .probabilistic_format import ComparisonError, FormatError, ParameterError

__all__ = ["agebloom", "bloom", "countmin", "cuckoo", "ddsketch", "fuse", "hashing", "hll", "kll", "topk",
           "ComparisonError", "FormatError", "LookupStats", "ParameterError", "__version__"]

__version__ = "0.9.0"
