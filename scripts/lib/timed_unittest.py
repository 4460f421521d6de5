"""Runs one browser test module as `python3 -m unittest MODULE` does, then prints each test's
seconds, the slowest first (scripts/lib/browser_queue.py runs every module through it): the
profile that says which test of a long module to look at."""
import os
import sys
import time
import unittest

# As `python3 -m unittest` does: the modules are found in the folder it runs in (Tests/BrowserTests).
sys.path.insert(0, os.getcwd())


class TimedResult(unittest.TextTestResult):
    """A text result that keeps each test's wall time."""

    def __init__(self, *arguments, **keywords):
        super().__init__(*arguments, **keywords)
        self.seconds = {}
        self.started = {}

    def startTest(self, test):
        self.started[test.id()] = time.monotonic()
        super().startTest(test)

    def stopTest(self, test):
        super().stopTest(test)
        self.seconds[test.id()] = time.monotonic() - self.started.pop(test.id(), time.monotonic())


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: timed_unittest.py MODULE")
    module = sys.argv[1]
    started = time.monotonic()
    suite = unittest.defaultTestLoader.loadTestsFromName(module)
    result = unittest.TextTestRunner(resultclass=TimedResult).run(suite)
    # What setUpModule and setUpClass took shows as the module's time less its tests'.
    tests = sorted(result.seconds.items(), key=lambda item: -item[1])
    outside = time.monotonic() - started - sum(result.seconds.values())
    print(f"{module}: each test's seconds, the slowest first (set-ups and tear-downs outside the tests: {outside:.0f} s)")
    for name, seconds in tests:
        print(f"  {seconds:6.1f} s  {name.removeprefix(module + '.')}")
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
