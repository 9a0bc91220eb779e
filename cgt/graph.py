"""Game trees as networkx graphs (networkx is imported only when used)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import CGTTypeError, CGTValueError
from .shortgame import Game, GameLike, as_game

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["game_graph"]


def game_graph(game: GameLike, *, max_nodes: int = 10_000) -> nx.DiGraph:
    """The canonical game tree of ``game`` as a ``networkx.DiGraph`` of canonical forms.

    Each node is a :class:`Game` (equal subgames are one node, so the result is a DAG) with
    attributes ``label`` (its notation) and ``birthday``; each edge ``G -> H`` has
    attribute ``player``: ``"L"`` if H is a Left option of G, ``"R"`` if a Right option
    (``"LR"`` if both).

    Parameters
    ----------
    game : Game or str or number
    max_nodes : int, default 10000
        Refuse (:class:`cgt.CGTValueError`) graphs larger than this.

    Raises
    ------
    NotAGameError
        If ``game`` is not a game, a number or game notation.
    CGTTypeError
        If ``max_nodes`` is not an int.
    CGTValueError
        If the game tree has more than ``max_nodes`` distinct subgames.

    Examples
    --------
    >>> g = cgt.graph.game_graph("^")
    >>> sorted(str(n) for n in g.nodes)
    ['*', '0', '^']
    >>> sorted((str(a), str(b), d["player"]) for a, b, d in g.edges(data=True))
    [('*', '0', 'LR'), ('^', '*', 'R'), ('^', '0', 'L')]
    """
    import networkx as nx

    root = as_game(game)
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int):
        raise CGTTypeError(f"max_nodes must be an int, not {type(max_nodes).__name__}: {max_nodes!r}")
    graph = nx.DiGraph()
    stack: list[Game] = [root]
    seen = {root}
    while stack:
        g = stack.pop()
        graph.add_node(g, label=str(g), birthday=g.birthday)
        for player, opts in (("L", g.left_options), ("R", g.right_options)):
            for h in opts:
                if graph.has_edge(g, h):
                    graph.edges[g, h]["player"] = "LR"
                else:
                    graph.add_edge(g, h, player=player)
                if h not in seen:
                    seen.add(h)
                    if len(seen) > max_nodes:
                        raise CGTValueError(
                            f"the game tree of {root} has more than {max_nodes} distinct subgames; "
                            f"raise max_nodes to build it")
                    stack.append(h)
    return graph
