from tests.report_totals import totals


def test_totals_count_leaf_suites_once(tmp_path):
    (tmp_path / "a.xml").write_text(
        '<testsuites tests="5"><testsuite tests="3" failures="1" errors="0" skipped="1"/>'
        '<testsuite tests="2" failures="0" errors="1"/></testsuites>'
    )
    (tmp_path / "b.xml").write_text('<testsuite tests="4" failures="0" errors="0" skipped="0"/>')

    assert totals([tmp_path / "a.xml", tmp_path / "b.xml"]) == (6, 2, 1)
