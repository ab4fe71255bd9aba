"""CSV download of a 1,000,000-row report through the HTTP stack, on PostgreSQL.

Seeds (with COPY) 1,000,000 inventory ledger rows of one client in a fresh PostgreSQL database
(portal_bench_report_csv, dropped afterwards), migrated like production, saves a client report that
reads them, serves the app with gunicorn and downloads the report's CSV as the client's user. Prints
rows_per_s= (goal: at least 100,000) and peak_rss_mb= of the gunicorn worker that served it, after a
download of a tenth of the rows and after the whole one: equal figures mean memory stays flat.

    .venv/bin/python bench/report_csv.py [--rows 1000000]
"""
import argparse
import csv
import io
import os
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

import requests

from _common import app_config, bench_database, make_clients, migrated_app

REASONS = ("receipt", "shipment", "adjustment", "reservation", "=cmd|' /C calc'!A0", "-return")
LOCATIONS = ("CA01", "NJ01", "TX01", "IL01")
REPORT_SQL = """SELECT m.id, t.sku, t.name AS item, m.location, m.unbound_delta, m.reserved_delta, m.reason,
       m.reference, m.actor, m.created_at
FROM inventory_movements m
JOIN item_types t ON t.id = m.item_type_id
WHERE m.client_id = :client_id AND m.id <= CAST(:up_to_id AS INTEGER)
ORDER BY m.id"""


def seed(app, client_id, rows):
    from api.extensions import db
    from api.products.models import ItemType

    started = time.perf_counter()
    with app.app_context():
        items = [ItemType(client_id=client_id, upc=f"{n:012d}", sku=f"SKU-{n:05d}", name=f"Bench item {n}")
                 for n in range(1000)]
        db.session.add_all(items)
        db.session.commit()
        item_ids = [item.id for item in items]
        connection = db.engine.raw_connection()
        try:
            with connection.cursor() as cursor:
                columns = "client_id, item_type_id, location, unbound_delta, reserved_delta, bound_delta, reason, reference, actor, created_at"
                with cursor.copy(f"COPY inventory_movements ({columns}) FROM STDIN") as copy:
                    start = datetime(2026, 1, 1)
                    for n in range(rows):
                        copy.write_row((client_id, item_ids[n % 1000], LOCATIONS[n % 4], (n % 21) - 10, n % 3, 0,
                                        REASONS[n % len(REASONS)], f"job:{n // 1000}", "bench.loader",
                                        start + timedelta(seconds=n)))
                cursor.execute("ANALYZE inventory_movements")
            connection.commit()
        finally:
            connection.close()
    print(f"seeded {rows} ledger rows in {time.perf_counter() - started:.1f}s", flush=True)


def save_report(app):
    from api.extensions import db
    from api.reports.models import Report
    from api.reports.runner import declared_parameters

    with app.app_context():
        db.session.add(Report(id="R_CLIENT_1", name="Ledger export", report_type="client", category="Invoices",
                              sub_category="", query=REPORT_SQL, parameters=declared_parameters(REPORT_SQL),
                              created_by_username="bench"))
        db.session.commit()


def worker_pids(master_pid):
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()
    return [int(pid) for pid in children]


def peak_rss_mb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmHWM for {pid}")


def cpu_seconds(pid):
    """User plus system CPU time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average():
    return Path("/proc/loadavg").read_text().split()[0]


def download(base_url, headers, up_to_id):
    started = time.perf_counter()
    answer = requests.get(f"{base_url}/api/v4/reports/R_CLIENT_1/csv", headers=headers,
                          params={"up_to_id": up_to_id}, stream=True, timeout=600)
    answer.raise_for_status()
    size, lines, tail = 0, 0, b""
    for chunk in answer.iter_content(1 << 20):
        size += len(chunk)
        lines += chunk.count(b"\n")
        tail = (tail + chunk)[-4096:]
    elapsed = time.perf_counter() - started
    return answer, lines - 1, size, elapsed, tail


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    args = parser.parse_args()

    from tests.live import process_env, start_api

    with bench_database("portal_bench_report_csv") as url:
        app = migrated_app(app_config(url))
        (client_id,), headers = make_clients(app, 1)
        seed(app, client_id, args.rows)
        save_report(app)
        logs = tempfile.mkdtemp(prefix="portal-bench-logs-")
        api, base_url = start_api(process_env(app.config), logs)
        try:
            answer, rows, _, elapsed, _ = download(base_url, headers, args.rows // 10)
            first_peaks = {pid: peak_rss_mb(pid) for pid in worker_pids(api.popen.pid)}
            print(f"warm-up: {rows} rows in {elapsed:.2f}s; worker peak RSS {max(first_peaks.values()):.1f} MB", flush=True)

            cpu_before = {pid: cpu_seconds(pid) for pid in worker_pids(api.popen.pid)}
            load_before = load_average()
            answer, rows, size, elapsed, tail = download(base_url, headers, args.rows)
            worker_cpu = max(cpu_seconds(pid) - cpu_before[pid] for pid in cpu_before)
            assert rows == args.rows, f"expected {args.rows} rows, got {rows}"
            last = list(csv.reader(io.StringIO(tail.decode("utf-8", "replace"))))[-1]
            assert last[0] == str(args.rows), last
            peaks = {pid: peak_rss_mb(pid) for pid in worker_pids(api.popen.pid)}
            grown = max(peaks[pid] - first_peaks.get(pid, peaks[pid]) for pid in peaks)
            print(f"file {answer.headers['Content-Disposition']}; {size / 1e6:.1f} MB; {rows} rows in {elapsed:.2f}s")
            print(f"rows_per_s={rows / elapsed:.0f} (load average {load_before} before, {load_average()} after, "
                  f"on {os.cpu_count()} CPUs)")
            print(f"worker_cpu_s={worker_cpu:.2f} ({rows / worker_cpu:.0f} rows per CPU second of the serving worker)")
            print(f"peak_rss_mb={max(peaks.values()):.1f} (largest growth of a worker's peak since the "
                  f"{args.rows // 10}-row download: {grown:.1f} MB)")
        finally:
            api.stop()
            with app.app_context():
                from api.extensions import db

                db.engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
