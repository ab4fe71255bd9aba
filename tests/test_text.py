import pytest

from api.common.text import code_label


@pytest.mark.parametrize("code, label", [
    ("ready_to_process", "Ready To Process"), ("canceled", "Cancelled"), ("default_set_type", "Standard"),
    ("default_shipment_type", "Default"), ("gift_note", "Gift Note"), ("third_party", "Third Party"),
    ("partial_kill", "Partial Kill"), ("ltl", "LTL"), ("optimal", "Optimal"), ("import_rmas", "Import RMAs"),
    ("FEDEX_2_DAY", "Fedex 2 Day"), ("CA01", "CA01"), ("DDU", "DDU"), ("FedEx Ground", "FedEx Ground"),
    ("", ""), (None, ""),
])
def test_a_code_reads_as_the_portal_screens_write_it(code, label):
    assert code_label(code) == label


def test_the_mails_labels_follow_the_screens_table():
    """code_label is the Python twin of frontend/src/lib/labels.ts: the same irregular codes and acronyms."""
    import re
    from pathlib import Path

    from api.common import text

    source = (Path(__file__).parent.parent / "frontend" / "src" / "lib" / "labels.ts").read_text()
    irregular = re.search(r"const IRREGULAR[^{]*\{(.*?)\};", source, re.S).group(1)
    acronyms = re.search(r"const ACRONYMS = new Set\(\[(.*?)\]\)", source, re.S).group(1)
    assert dict(re.findall(r"(\w+): '([^']*)'", irregular)) == text._IRREGULAR
    assert set(re.findall(r"'(\w+)'", acronyms)) == text._ACRONYMS
