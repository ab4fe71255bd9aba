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
