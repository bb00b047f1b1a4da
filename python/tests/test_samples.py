"""The public corpus of the exact-cover-samples package (each problem's
solutions, published by people outside this project) through covers_bool,
covers and count."""

import pytest

import exactcover as ec

samples = pytest.importorskip("exact_cover_samples", reason="the corpus of exact-cover-samples")

# The largest pentomino problems take tens of seconds each on a loaded
# machine; their counts are checked, their listings on the smaller ones.
LISTED = [name for name, f in samples.problems.items() if f()["data"].shape[0] <= 1300]


def expected(problem):
    s = problem["solutions"]
    return samples.canonical(s) if len(s) else set()


@pytest.mark.parametrize("name", LISTED)
def test_covers_bool_finds_the_published_solutions(name):
    problem = samples.problems[name]()
    got = {tuple(sorted(s)) for s in ec.covers_bool(problem["data"])}
    assert got == expected(problem)


@pytest.mark.parametrize("name", LISTED)
def test_covers_of_item_lists_finds_the_published_solutions(name):
    problem = samples.problems[name]()
    data = problem["data"]
    options = [[f"i{c}" for c in range(data.shape[1]) if data[r, c]] for r in range(data.shape[0])]
    primary = [f"i{c}" for c in range(data.shape[1])]
    keep = [r for r, o in enumerate(options) if o]
    got = {tuple(sorted(keep[k] for k in s)) for s in ec.covers([options[r] for r in keep], primary)}
    assert got == expected(problem)


@pytest.mark.parametrize("name", list(samples.problems))
def test_count_is_the_number_of_published_solutions(name):
    problem = samples.problems[name]()
    assert ec.count_bool(problem["data"]) == len(expected(problem))


def test_covers_bool_takes_nested_lists_as_numpy():
    problem = samples.problems["knuth2000"]()
    as_lists = problem["data"].tolist()
    assert {tuple(sorted(s)) for s in ec.covers_bool(as_lists)} == expected(problem)
