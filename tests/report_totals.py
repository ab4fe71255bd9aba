"""Print the slowest tests of every JUnit XML report given, how long the whole run took (--took
SECONDS) and one closing line with their totals: 'N passed, N failed'."""
import argparse
import heapq
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

SLOWEST = 30


def totals(paths):
    passed = failed = skipped = 0
    for path in paths:
        root = ElementTree.parse(path).getroot()
        for suite in root.iter("testsuite"):
            if any(child.tag == "testsuite" for child in suite):
                continue  # a suite of suites: its children are counted
            tests = int(suite.get("tests", 0))
            broken = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
            skip = int(suite.get("skipped", 0))
            passed += tests - broken - skip
            failed += broken
            skipped += skip
    return passed, failed, skipped


def slowest(paths, count=SLOWEST):
    """(seconds, report, test) of the ``count`` slowest test cases, slowest first; a test's time is its
    set-up (a session fixture's start lands on the first test that needs it), run and tear-down."""
    cases = (
        (float(case.get("time") or 0), Path(path).stem, f"{case.get('classname', '')}::{case.get('name', '')}")
        for path in paths for case in ElementTree.parse(path).getroot().iter("testcase")
    )
    return heapq.nlargest(count, cases)


def minutes(seconds):
    return f"{int(seconds) // 60} min {int(seconds) % 60:02d} s"


if __name__ == "__main__":
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--took", type=float, help="seconds the whole run took")
    arguments.add_argument("reports", nargs="+")
    options = arguments.parse_args()
    print(f"Slowest {SLOWEST} tests:")
    for seconds, report, test in slowest(options.reports):
        print(f"{seconds:8.2f} s  {report:<9} {test}")
    if options.took is not None:
        print(f"Took {minutes(options.took)}")
    passed, failed, skipped = totals(options.reports)
    print(f"Tests: {passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    sys.exit(1 if failed or not passed else 0)
