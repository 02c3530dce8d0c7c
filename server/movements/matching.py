"""Pairing a ranked field top-down without forbidden pairs, in polynomial time.

The pairing rule of a Swiss (K16.1) is "the natural pairing, or the nearest one without a
repeat". We read *nearest* as the lexicographically first pairing read from the top: the
highest-ranked unpaired team takes the highest-ranked team below it that it may meet, as long
as the teams left over can still all be paired; otherwise it takes the next one. Plain
backtracking finds that pairing too, but can take exponential time when the trouble sits at
the bottom of the field; here a perfect matching of the allowed graph is kept all along
(Edmonds' blossom algorithm), and fixing a pair only repairs it with one augmenting path, so
whether the rest can still be paired is known at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence


class Pairer:
    """Keeps a perfect matching of the vertices still unpaired, for fixing pairs one by one."""

    def __init__(self, size: int, allowed: Callable[[int, int], bool]) -> None:
        self.size = size
        self.allowed = allowed
        self.mate = [-1] * size
        self.alive = [True] * size

    def maximum(self, order: Sequence[int]) -> bool:
        """Match as many alive vertices as possible; True when every alive one is matched."""
        for v in order:  # greedy first: nearly everything, cheaply
            if self.alive[v] and self.mate[v] == -1:
                for u in order:
                    if (u != v and self.alive[u] and self.mate[u] == -1
                            and self.allowed(v, u)):
                        self.mate[v], self.mate[u] = u, v
                        break
        for v in order:
            if self.alive[v] and self.mate[v] == -1:
                self._augment_from(v)
        return all(self.mate[v] != -1 for v in range(self.size) if self.alive[v])

    def fix(self, v: int, candidates: Sequence[int]) -> int | None:
        """Pair `v` with the first candidate that leaves the rest perfectly matchable."""
        for c in candidates:
            if c == v or not self.alive[c] or not self.allowed(v, c):
                continue
            if self.mate[v] == c:
                self.alive[v] = self.alive[c] = False
                return c
            a, b = self.mate[v], self.mate[c]
            self.mate[v], self.mate[c] = c, v
            self.mate[a] = self.mate[b] = -1
            self.alive[v] = self.alive[c] = False
            if self.allowed(a, b):
                self.mate[a], self.mate[b] = b, a
                return c
            if self._augment_from(a):  # the only other unmatched vertex is b
                return c
            self.alive[v] = self.alive[c] = True
            self.mate[v], self.mate[a], self.mate[c], self.mate[b] = a, v, b, c
        return None

    def _augment_from(self, root: int) -> bool:
        """Edmonds: search an augmenting path from `root`; flip it if found."""
        mate, allowed = self.mate, self.allowed
        live = [u for u in range(self.size) if self.alive[u]]
        parent = [-1] * self.size
        base = list(range(self.size))
        used = [False] * self.size
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * self.size
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in live:
                if to == v or base[v] == base[to] or mate[v] == to or not allowed(v, to):
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    cur = lca(v, to)
                    blossom = [False] * self.size
                    mark(v, cur, to, blossom)
                    mark(to, cur, v, blossom)
                    for i in live:
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:  # flip the path back to the root
                            pv = parent[to]
                            ppv = mate[pv]
                            mate[to], mate[pv] = pv, to
                            to = ppv
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False


def pair_top_down(order: Sequence[int], allowed: Callable[[int, int], bool],
                  first: tuple[int, Sequence[int]] | None = None) -> list[tuple[int, int]] | None:
    """The nearest pairing of `order` (vertex ids 0..n-1, best first; see the module).

    `first`, if given, is fixed before the rest: (vertex, its candidates in preference order),
    e.g. the bye. Returns the pairs (higher-ranked first) or None when no complete pairing of
    allowed pairs exists.
    """
    size = max(order, default=-1) + 1
    if first is not None:
        size = max(size, first[0] + 1, *(c + 1 for c in first[1]))
    pairer = Pairer(size, allowed)
    for v in range(size):
        pairer.alive[v] = False
    everyone = list(order) + ([first[0]] if first is not None else [])
    for v in everyone:
        pairer.alive[v] = True
    if not pairer.maximum(everyone):
        return None
    pairs = []
    if first is not None:
        chosen = pairer.fix(first[0], first[1])
        if chosen is None:
            return None
        pairs.append((first[0], chosen))
    position = {v: i for i, v in enumerate(order)}
    for v in order:
        if not pairer.alive[v]:
            continue
        below = [u for u in order[position[v] + 1:] if pairer.alive[u]]
        chosen = pairer.fix(v, below)
        if chosen is None:  # cannot happen while the matching stays perfect
            return None
        pairs.append((v, chosen))
    return pairs
