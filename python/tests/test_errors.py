"""Bad input of every kind is an exception (a ValueError subclass for bad
values, TypeError for wrong types), never a crash of the interpreter."""

import pytest

import exactcover as ec
from conftest import queens


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError):
        ec.count("abc")
    with pytest.raises(TypeError):
        ec.count([1, 2, 3])
    with pytest.raises(TypeError):
        ec.count([[[1], 2]])  # an unhashable item
    with pytest.raises(TypeError):
        ec.Sudoku(12345)
    with pytest.raises(TypeError):
        ec.count(*queens(4), limit="ten")


def test_unknown_and_repeated_items_say_where():
    with pytest.raises(ec.InputError) as e:
        ec.count([["a", "b"], ["a", "q"]], primary=["a"], secondary=["b"])
    assert e.value.option == 1 and isinstance(e.value, ValueError)
    with pytest.raises(ec.InputError) as e:
        ec.count([["a"], ["b", "b"]])
    assert e.value.option == 1
    with pytest.raises(ec.InputError):
        ec.count([["a"], []])
    with pytest.raises(ec.InputError):
        ec.count([["a", "x:RED"]], primary=["a", "x"], colored=True)  # colour on a primary item
    p = ec.Problem(primary="ab")
    with pytest.raises(ec.InputError):
        p.add_primary("a")
    with pytest.raises(ec.InputError):
        p.set_bounds("a", 3, 2) or p.count()


def test_huge_numbers_are_refused():
    with pytest.raises(OverflowError):
        ec.count(*queens(4), limit=2**200)
    with pytest.raises(OverflowError):
        ec.count(*queens(4), max_nodes=-1)
    with pytest.raises(ValueError):
        ec.count(*queens(4), timeout=-1.0)
    with pytest.raises(ValueError):
        ec.count(*queens(4), timeout=float("nan"))
    with pytest.raises(ec.InputError):
        ec.cheapest([[1], [1]], costs=[2**64, 1])


def test_malformed_texts_are_parse_errors_with_line_and_column():
    with pytest.raises(ec.ParseError) as e:
        ec.Problem.from_knuth("a b\na b\na q\n")
    assert (e.value.line, e.value.column) == (3, 3)
    with pytest.raises(ec.ParseError):
        ec.Problem.from_knuth("")
    with pytest.raises(ec.ParseError) as e:
        ec.Sudoku("1.3..4..2.x....1")
    assert (e.value.line, e.value.column) == (3, 3)
    with pytest.raises(ec.ParseError):
        ec.Sudoku("1" * 17)
    with pytest.raises(ec.ParseError):
        ec.Sudoku([[1, 2], [3]])
    with pytest.raises(ec.ParseError):
        ec.Sudoku([[0] * 9 for _ in range(8)] + [[0] * 8 + [10]])
    with pytest.raises(ec.ParseError):
        ec.Sudoku.from_fpuzzles('{"size": 9, "grid": [')
    with pytest.raises(ec.ParseError):
        ec.Sudoku.from_fpuzzles("{}")


def test_sudoku_that_cannot_be_answered():
    bad = ec.Sudoku("11" + "." * 79)
    assert bad.solve() is None and bad.count() == 0 and not bad.is_unique()
    with pytest.raises(ec.SudokuError):
        bad.hint()
    with pytest.raises(ec.SudokuError):
        ec.Sudoku("." * 81).grade()  # not unique
    with pytest.raises(ec.InputError):
        ec.Sudoku.generate(9, symmetry="spiral")
    with pytest.raises(ec.InputError):
        ec.Sudoku.generate(9, difficulty="impossible")


def test_knuth_output_refuses_names_it_cannot_write():
    p = ec.Problem(primary=["a b"])
    p.add_option(["a b"])
    with pytest.raises(ec.InputError):
        p.to_knuth()
