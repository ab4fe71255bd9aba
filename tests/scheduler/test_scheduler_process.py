"""The scheduler as a process: starts, connects to the database, ticks, stops cleanly on SIGTERM."""
import signal
import sys

from tests.live import Process, process_env


def test_scheduler_ticks_and_stops_on_sigterm(app, process_logs):
    env = process_env(app.config, SCHEDULER_TICK_SECONDS="0.2")
    scheduler = Process("scheduler", [sys.executable, "-m", "scheduler"], env, process_logs)

    scheduler.wait_for_output("scheduler tick at", count=2, timeout=60)
    scheduler.popen.send_signal(signal.SIGTERM)
    scheduler.popen.wait(timeout=10)
    scheduler.stop()

    output = scheduler.output()
    assert scheduler.popen.returncode == 0
    assert "scheduler started" in output
    assert output.rstrip().endswith("scheduler stopped")
    assert "tick failed" not in output


def test_scheduler_logs_a_failed_tick_and_keeps_running(app, process_logs, tmp_path):
    env = process_env(app.config, SCHEDULER_TICK_SECONDS="0.2", DATABASE_URL=f"sqlite:///{tmp_path}/missing/dir/x.db")
    scheduler = Process("scheduler-broken-db", [sys.executable, "-m", "scheduler"], env, process_logs)

    scheduler.wait_for_output("scheduler tick failed", count=2, timeout=60)
    assert scheduler.stop() == 0
