"""Every CSV the portal writes (report downloads, built by PostgreSQL's COPY on that backend, and the
export and failure files) prefixes cells a spreadsheet would run as formulas with an apostrophe."""
import csv
import io

import pytest

from api.common.csv_io import write_csv
from tests.reports.world import admin, save_report  # noqa: F401 (fixtures)

FORMULAS = ("＝1+2", "＋1", "－1", "＠SUM(A1)", "|cmd '/C calc'!A0", "=1+2")


def read(data):
    return list(csv.reader(io.StringIO(data.decode("utf-8").lstrip("\ufeff"))))


def test_a_report_csv_neutralises_full_width_signs_and_pipes(client, admin, save_report, factory, acme):
    for name in FORMULAS + ("Plain ＝ inside",):
        factory.item(acme, name=name)
    report_id = save_report("SELECT name FROM item_types WHERE client_id = :client_id ORDER BY id", report_type="client")

    answer = client.get(f"/api/v4/reports/{report_id}/csv", headers=admin)

    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert read(answer.data)[1:] == [["'" + name] for name in FORMULAS] + [["Plain ＝ inside"]]


@pytest.mark.parametrize("cell", FORMULAS)
def test_a_written_csv_neutralises_full_width_signs_and_pipes(cell):
    assert read(write_csv(["name"], [[cell]])) == [["name"], ["'" + cell]]
