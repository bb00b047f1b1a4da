"""Exact cover through covers, covers_bool, count, first, zdd, cheapest and
Problem, against counts published outside this project."""

import pytest

import exactcover as ec
from conftest import langford, queens

# OEIS A000170: the number of ways to place n non-attacking queens.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
# OEIS A014552: Langford pairings of 1..n up to reversal (exact cover
# counts each and its mirror image).
A014552 = {3: 1, 4: 1, 5: 0, 6: 0, 7: 26, 8: 150, 11: 17792}


@pytest.mark.parametrize("n", range(1, 11))
def test_queens_counts_are_oeis_a000170(n):
    assert ec.count(*queens(n)) == A000170[n - 1]


@pytest.mark.parametrize("n", [1, 4, 5, 6, 8])
def test_queens_listing_agrees_with_count_and_is_valid(n):
    options, primary, secondary = queens(n)
    solutions = list(ec.covers(options, primary, secondary))
    assert len(solutions) == A000170[n - 1]
    assert len({tuple(sorted(s)) for s in solutions}) == len(solutions)
    for s in solutions:
        cells = [divmod(k, n) for k in s]
        assert sorted(r for r, _ in cells) == list(range(n))
        assert sorted(c for _, c in cells) == list(range(n))
        assert len({r + c for r, c in cells}) == n and len({r - c for r, c in cells}) == n


@pytest.mark.parametrize("n", sorted(A014552))
def test_langford_counts_are_oeis_a014552(n):
    assert ec.count(langford(n)) == 2 * A014552[n]


def test_count_threads_and_memo_agree_with_oeis():
    assert ec.count(*queens(10), threads=2) == 724
    assert ec.count(*queens(9), memo=True) == 352
    assert ec.count(langford(11), threads=3) == 2 * 17792


def test_count_past_two_to_the_64_is_an_exact_int():
    # 33 disjoint copies of 6 queens: 4 ** 33 = 2 ** 66 solutions.
    options, primary, secondary = [], [], []
    for t in range(33):
        o, p, s = queens(6, tag=t)
        options += o
        primary += p
        secondary += s
    n = ec.count(options, primary, secondary, memo=True)
    assert n == 4**33 and n > 2**64
    z = ec.zdd(options, primary, secondary)
    assert z.count == 4**33


def test_limit_stops_at_the_limit():
    assert ec.count(*queens(8), limit=10) == 10
    assert ec.count(*queens(8), limit=1000) == 92
    assert ec.count(*queens(8), limit=10, memo=True) == 10


def test_first_and_no_solution():
    assert ec.first(*queens(3)) is None
    s = ec.first(*queens(8))
    assert s is not None and len(s) == 8


def test_item_inference_like_xcover():
    # Knuth's example (Dancing Links, 2000): one solution, options 0, 3, 4.
    options = [["c", "e", "f"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d"], ["b", "g"], ["d", "e", "g"]]
    assert [sorted(s) for s in ec.covers(options)] == [[0, 3, 4]]
    got = [sorted(map(tuple, s)) for s in ec.covers_options(options)]
    assert got == [sorted([("c", "e", "f"), ("a", "d"), ("b", "g")])]
    # Only the primary items given: the others are secondary.
    # (An option of secondary items alone is in no solution, as in xcover.)
    assert ec.count([[1, 2], [1], [3]], primary=[1]) == 2
    # Only the secondary ones given: the others are primary.
    assert ec.count([[1, 2], [1], [2]], secondary=[2]) == 2


def test_colours_like_xcover():
    # Two options may share secondary item x when they agree on its colour.
    options = [["a", "x:RED"], ["b", "x:RED"], ["b", "x:BLUE"]]
    assert ec.count(options, primary=["a", "b"], secondary=["x"], colored=True) == 1
    assert list(ec.covers(options, primary=["a", "b"], secondary=["x"], colored=True)) in ([[0, 1]], [[1, 0]])


def test_problem_class_values_costs_bounds():
    p = ec.Problem(primary="AB", secondary=["x"], colored=True)
    p.add_option(["A", "x:red"], value="one", cost=3)
    p.add_option(["B", "x:red"], value="two", cost=4)
    p.add_option(["A", "B"], value="both", cost=10)
    assert p.count() == 2
    assert [(c, sorted(s)) for c, s in p.cheapest(2)] == [(7, [0, 1]), (10, [2])]
    assert sorted(p.values[k] for k in p.cheapest(1)[0][1]) == ["one", "two"]
    # Multiplicities: item A covered one or two times.
    m = ec.Problem(primary="AB")
    for option in ["A", "A", "AB", "B"]:
        m.add_option(option)
    assert m.count() == 3  # {0, 3}, {1, 3}, {2}
    m.set_bounds("A", 1, 2)
    # Solutions: {0,3}, {1,3}, {2}, {0,1,3}, {0,2}, {1,2}.
    assert m.count() == 6


def test_knuth_format_round_trip_and_parse_errors(tmp_path):
    text = "a b c | x y\na x:1\nb x:1 y\nc\nb c y:2\n"
    p = ec.Problem.from_knuth(text)
    assert p.primary == ["a", "b", "c"] and p.secondary == ["x", "y"]
    assert p.count() == 2
    back = ec.Problem.from_knuth(p.to_knuth())
    assert back.count() == 2 and back.options == p.options
    path = tmp_path / "p.dlx"
    p.write(path)
    assert ec.Problem.read(path).count() == 2
    with pytest.raises(ec.ParseError) as e:
        ec.Problem.from_knuth("a b\na b\na q\n")
    assert e.value.line == 3 and e.value.column is not None
    assert isinstance(e.value, ValueError)


def test_preprocess_removes_options_no_solution_has():
    p = ec.Problem(primary="abc")
    for option in ["ab", "a", "bc", "c", "ac"]:
        p.add_option(option, value=option)
    r = p.preprocess()
    assert p.count() == r.problem.count()
    assert len(r.options) <= len(p)
    all_solutions = {tuple(sorted(s)) for s in p.covers()}
    mapped = {tuple(sorted(r.original(s))) for s in r.problem.covers()}
    assert mapped == all_solutions


def test_zdd_export_is_read_by_graphillion():
    graphillion = pytest.importorskip("graphillion", reason="graphillion reads the ZDD export")
    options, primary, secondary = queens(8)
    z = ec.zdd(options, primary, secondary)
    assert z.count == 92 == len(z)
    setset = graphillion.setset
    setset.set_universe(list(range(len(options))))
    family = setset(setset.loads(z.to_graphillion()))
    assert len(family) == 92
    assert {frozenset(s) for s in family} == {frozenset(s) for s in z}
    assert z.random(1) == z.random(1) and frozenset(z.random(1)) in {frozenset(s) for s in z}


def test_zdd_knuth_text_counts():
    z = ec.zdd(langford(7))
    assert z.count == 52
    lines = z.to_knuth().splitlines()
    assert len(lines) == z.node_count + 1


def test_generators_can_be_dropped_and_closed():
    options, primary, secondary = queens(12)
    g = ec.covers(options, primary, secondary)
    first = next(g)
    assert len(first) == 12
    g.close()
    for _ in range(50):
        g = ec.covers(options, primary, secondary)
        next(g)
        del g


def test_budgets_raise_interrupted_with_partial_counts():
    with pytest.raises(ec.Interrupted) as e:
        ec.count(*queens(12), max_nodes=1000)
    assert e.value.reason == "max_nodes" and e.value.nodes >= 1000 and e.value.solutions >= 0
    with pytest.raises(ec.Interrupted) as e:
        ec.count(*queens(15), timeout=0.05)
    assert e.value.reason == "timeout"
    g = ec.covers(*queens(12), max_nodes=500)
    with pytest.raises(ec.Interrupted):
        list(g)


def test_the_search_releases_the_gil():
    import threading

    done = threading.Event()
    result = []

    def work():
        result.append(ec.count(*queens(12)))
        done.set()

    t = threading.Thread(target=work)
    t.start()
    spins = 0
    while not done.is_set():
        spins += 1  # Python bytecode runs while the engine counts
    t.join()
    assert result == [14200]  # OEIS A000170(12)
    assert spins > 1000


def test_pictures_and_reprs():
    p = ec.Problem(primary="ab", secondary=["x"], colored=True)
    p.add_option(["a", "x:red"])
    p.add_option(["b"])
    assert "<table" in p._repr_html_() and "red" in p._repr_html_()
    assert repr(p) == "<exactcover.Problem: 3 items (2 primary), 2 options>"
    s = ec.Sudoku("1.3..4..2......1")
    assert s._repr_html_().count("<td") == 16
    assert repr(s) == "Sudoku('1.3..4..2......1')"
    assert "solutions" in repr(ec.zdd(*queens(6)))


def test_listing_goes_on_past_the_first_buffer_and_the_first_nodes():
    # 2^11 solutions in few nodes: past the 1024 found at once.
    options = [[i] for i in range(11) for _ in range(2)]
    listed = [tuple(s) for s in ec.covers(options)]
    assert len(listed) == len(set(listed)) == 2**11
    # 12 queens (OEIS A000170: 14,200) takes more nodes than are searched
    # at once: the worker goes on where the first part stopped.
    listed = {tuple(sorted(s)) for s in ec.covers(*queens(12))}
    assert len(listed) == 14200
