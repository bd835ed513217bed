"""An immutable vector whose updates share structure, so recording one result does not copy a whole bracket.

Items sit in the leaves of a shallow tree of tuples, 32 wide; replacing one item copies one node per level (three
levels hold 32,768 items), about a hundred references instead of all 16,384 matches of a 10,000-pair bracket.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T")

BITS = 5
WIDTH = 1 << BITS
_MASK = WIDTH - 1


def _build(items: tuple[Any, ...], shift: int) -> tuple[Any, ...]:
    if shift == 0:
        return items
    span = 1 << shift
    return tuple(_build(items[start : start + span], shift - BITS) for start in range(0, len(items), span))


class SharedVector(Generic[T]):
    """A tuple-like sequence with functional updates (:meth:`set`, :meth:`set_many`); never changed in place."""

    __slots__ = ("_root", "_shift", "_length")

    def __init__(self, items: Iterable[T] = ()) -> None:
        flat = tuple(items)
        shift = 0
        while len(flat) > (WIDTH << shift):
            shift += BITS
        self._root: tuple[Any, ...] = _build(flat, shift)
        self._shift = shift
        self._length = len(flat)

    def _evolved(self, root: tuple[Any, ...]) -> SharedVector[T]:
        vector: SharedVector[T] = SharedVector.__new__(SharedVector)
        vector._root, vector._shift, vector._length = root, self._shift, self._length
        return vector

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: int) -> T:
        if not 0 <= index < self._length:
            raise IndexError(index)
        node = self._root
        shift = self._shift
        while shift:
            node = node[(index >> shift) & _MASK]
            shift -= BITS
        item: T = node[index & _MASK]
        return item

    def __iter__(self) -> Iterator[T]:
        yield from self._leaves(self._root, self._shift)

    def _leaves(self, node: tuple[Any, ...], shift: int) -> Iterator[T]:
        if shift == 0:
            yield from node
        else:
            for child in node:
                yield from self._leaves(child, shift - BITS)

    def set(self, index: int, value: T) -> SharedVector[T]:
        if not 0 <= index < self._length:
            raise IndexError(index)
        path = []
        node = self._root
        shift = self._shift
        while shift:
            path.append(node)
            node = node[(index >> shift) & _MASK]
            shift -= BITS
        # list-and-back is the cheapest copy-with-one-change of a tuple in CPython
        copy = list(node)
        copy[index & _MASK] = value
        replaced = tuple(copy)
        for parent in reversed(path):
            shift += BITS
            copy = list(parent)
            copy[(index >> shift) & _MASK] = replaced
            replaced = tuple(copy)
        return self._evolved(replaced)

    def set_many(self, changes: Mapping[int, T]) -> SharedVector[T]:
        """Replace several items at once (many of them: by rebuilding, cheaper than one path copy each)."""
        if len(changes) * 8 > self._length:
            flat = list(self)
            for index, value in changes.items():
                if not 0 <= index < self._length:
                    raise IndexError(index)
                flat[index] = value
            return SharedVector(flat)
        vector = self
        for index, value in changes.items():
            vector = vector.set(index, value)
        return vector

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SharedVector):
            return NotImplemented
        return self._length == other._length and self._root == other._root

    def __hash__(self) -> int:
        return hash(self._root)

    def __repr__(self) -> str:
        return f"SharedVector(<{self._length} items>)"
