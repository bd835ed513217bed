"""An immutable vector whose updates share structure, so recording one result does not copy a whole bracket.

Items sit in fixed-size chunks; replacing one item copies its chunk and the (short) tuple of chunks, a few
hundred references for a 10,000-pair bracket instead of all 16,384 matches.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Generic, TypeVar

T = TypeVar("T")

CHUNK_BITS = 6
CHUNK = 1 << CHUNK_BITS
_OFFSET_MASK = CHUNK - 1


class SharedVector(Generic[T]):
    """A tuple-like sequence with functional updates (:meth:`set`, :meth:`set_many`); never changed in place."""

    __slots__ = ("_chunks", "_length")

    def __init__(self, items: Iterable[T] = ()) -> None:
        flat = tuple(items)
        self._chunks: tuple[tuple[T, ...], ...] = tuple(
            flat[start : start + CHUNK] for start in range(0, len(flat), CHUNK)
        )
        self._length = len(flat)

    @classmethod
    def _from_chunks(cls, chunks: tuple[tuple[T, ...], ...], length: int) -> SharedVector[T]:
        vector: SharedVector[T] = cls.__new__(cls)
        vector._chunks = chunks
        vector._length = length
        return vector

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: int) -> T:
        if not 0 <= index < self._length:
            raise IndexError(index)
        return self._chunks[index >> CHUNK_BITS][index & _OFFSET_MASK]

    def __iter__(self) -> Iterator[T]:
        for chunk in self._chunks:
            yield from chunk

    def slice(self, start: int, stop: int) -> tuple[T, ...]:
        return tuple(self[index] for index in range(start, stop))

    def set(self, index: int, value: T) -> SharedVector[T]:
        if not 0 <= index < self._length:
            raise IndexError(index)
        number, offset = index >> CHUNK_BITS, index & _OFFSET_MASK
        chunk = self._chunks[number]
        new_chunk = (*chunk[:offset], value, *chunk[offset + 1 :])
        return self._from_chunks((*self._chunks[:number], new_chunk, *self._chunks[number + 1 :]), self._length)

    def set_many(self, changes: Mapping[int, T]) -> SharedVector[T]:
        """Replace several items at once, copying each touched chunk once."""
        if not changes:
            return self
        chunks = list(self._chunks)
        touched: dict[int, list[T]] = {}
        for index, value in changes.items():
            if not 0 <= index < self._length:
                raise IndexError(index)
            number = index >> CHUNK_BITS
            if number not in touched:
                touched[number] = list(chunks[number])
            touched[number][index & _OFFSET_MASK] = value
        for number, items in touched.items():
            chunks[number] = tuple(items)
        return self._from_chunks(tuple(chunks), self._length)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SharedVector):
            return NotImplemented
        return self._length == other._length and self._chunks == other._chunks

    def __hash__(self) -> int:
        return hash(self._chunks)

    def __repr__(self) -> str:
        return f"SharedVector(<{self._length} items>)"
