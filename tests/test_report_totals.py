from tests.report_totals import minutes, slowest, totals


def test_totals_count_leaf_suites_once(tmp_path):
    (tmp_path / "a.xml").write_text(
        '<testsuites tests="5"><testsuite tests="3" failures="1" errors="0" skipped="1"/>'
        '<testsuite tests="2" failures="0" errors="1"/></testsuites>'
    )
    (tmp_path / "b.xml").write_text('<testsuite tests="4" failures="0" errors="0" skipped="0"/>')

    assert totals([tmp_path / "a.xml", tmp_path / "b.xml"]) == (6, 2, 1)


def test_slowest_lists_the_slowest_cases_of_every_report_slowest_first(tmp_path):
    (tmp_path / "services.xml").write_text(
        '<testsuites><testsuite><testcase classname="tests.a" name="quick" time="0.5"/>'
        '<testcase classname="tests.a" name="slow" time="12.0"/></testsuite></testsuites>'
    )
    (tmp_path / "frontend.xml").write_text('<testsuite><testcase classname="list.test.ts" name="sorts" time="3"/></testsuite>')

    assert slowest([tmp_path / "services.xml", tmp_path / "frontend.xml"], count=2) == [
        (12.0, "services", "tests.a::slow"), (3.0, "frontend", "list.test.ts::sorts")]


def test_minutes_reads_as_minutes_and_seconds():
    assert minutes(1984.6) == "33 min 04 s"
