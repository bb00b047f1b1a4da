"""Ctrl-C during a long count: SIGINT sent to a child process running one
raises KeyboardInterrupt there, promptly, and leaves the interpreter alive."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    """
    import sys, time
    import exactcover as ec
    n = 17  # 95,815,104 solutions (OEIS A000170): minutes of search
    options = [[("r", r), ("c", c), ("a", r + c), ("b", r - c)] for r in range(n) for c in range(n)]
    primary = [("r", i) for i in range(n)] + [("c", i) for i in range(n)]
    secondary = [("a", i) for i in range(2 * n - 1)] + [("b", i) for i in range(-n + 1, n)]
    mode = sys.argv[1]
    print("started", flush=True)
    start = time.monotonic()
    try:
        if mode == "count":
            print("finished", ec.count(options, primary, secondary), flush=True)
        else:
            for _ in ec.covers(options, primary, secondary):
                pass
            print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted %.3f" % (time.monotonic() - start), flush=True)
    # The interpreter is alive and the engine works.
    print("after", ec.count([[1, 2], [3], [1], [2, 3]]), flush=True)
    """
)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
@pytest.mark.parametrize("mode", ["count", "covers"])
def test_sigint_stops_a_long_search(mode):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        # Let the search get going (the import and setup are done).
        import time

        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("interrupted"), out
    assert not any(line.startswith("finished") for line in lines)
    assert lines[-1] == "after 2", out
