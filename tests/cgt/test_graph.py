"""Game trees as networkx graphs."""

import networkx as nx
import pytest

import cgt
from cgt.graph import game_graph


def _subgames(g, seen=None):
    """Distinct subgames by plain recursion (independent of the graph builder)."""
    seen = set() if seen is None else seen
    if g not in seen:
        seen.add(g)
        for o in g.left_options + g.right_options:
            _subgames(o, seen)
    return seen


@pytest.mark.parametrize("text", ["0", "^", "{3||2|1}", "+-1 + +-2", "*4", "{1|^^||^}"])
def test_graph_matches_the_options(text):
    g = cgt.parse(text)
    graph = game_graph(g)
    assert set(graph.nodes) == _subgames(g)
    for node in graph.nodes:
        lefts = {h for h in graph.successors(node) if "L" in graph.edges[node, h]["player"]}
        rights = {h for h in graph.successors(node) if "R" in graph.edges[node, h]["player"]}
        assert lefts == set(node.left_options) and rights == set(node.right_options)
    assert nx.is_directed_acyclic_graph(graph)
    assert nx.dag_longest_path_length(graph) == g.birthday     # by definition of birthday


def test_graph_size_limit():
    with pytest.raises(cgt.CGTValueError, match="more than 5 distinct subgames"):
        game_graph(cgt.nimber(10), max_nodes=5)
