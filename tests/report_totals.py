"""Print one closing line with the totals of every JUnit XML report given: 'N passed, N failed'."""
import sys
import xml.etree.ElementTree as ElementTree


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


if __name__ == "__main__":
    passed, failed, skipped = totals(sys.argv[1:])
    print(f"Tests: {passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    sys.exit(1 if failed or not passed else 0)
