"""Maximum-weight matching: the one place networkx is used, behind a small typed function.

networkx ships no type information, so it is imported once here and everything it returns is turned into plain
typed values before it leaves the module. With integer weights networkx computes with integers only (Python
integers of any size), so the result is exact however large the weights are.
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx  # type: ignore[import-untyped]


def max_weight_matching(nodes: int, edges: Iterable[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """A maximum-cardinality matching of the greatest total weight.

    The pairs of a matching of nodes ``0 … nodes − 1`` with the most edges and, among those, the greatest total
    weight; each pair as ``(smaller, larger)``, sorted. ``edges`` are ``(a, b, weight)`` with integer weights.

    The result depends only on the nodes and the edges in the order given (networkx's blossom algorithm visits
    them in insertion order), so the same input always gives the same matching.
    """
    graph = networkx.Graph()
    graph.add_nodes_from(range(nodes))
    graph.add_weighted_edges_from(edges)
    found: Iterable[tuple[int, int]] = networkx.max_weight_matching(graph, maxcardinality=True)
    return sorted((a, b) if a < b else (b, a) for a, b in found)
