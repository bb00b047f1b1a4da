"""The examples in the docstrings run, and every public name has a
docstring."""

import doctest
import inspect

import exactcover
from exactcover import _errors, _problem, _sudoku


def test_docstring_examples_run():
    for module in (exactcover, _problem, _sudoku):
        failed, tried = doctest.testmod(module, verbose=False)
        assert failed == 0, module.__name__
    assert doctest.testmod(_problem)[1] > 0


def test_every_public_name_is_documented():
    for name in exactcover.__all__:
        obj = getattr(exactcover, name)
        assert inspect.getdoc(obj), name
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr, member in vars(obj).items():
                if not attr.startswith("_") and callable(member):
                    assert inspect.getdoc(member), f"{name}.{attr}"
    assert _errors.__doc__
