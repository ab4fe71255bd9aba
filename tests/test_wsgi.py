"""The API's entry point for servers (gunicorn ``api.wsgi:app``)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_server_entry_point_builds_the_app_and_sets_what_it_holds_out_of_the_collectors_reach(live_env):
    # A process of its own: freezing the test process would keep every later test's objects alive.
    probe = "import gc, api.wsgi; print(type(api.wsgi.app).__name__, gc.get_freeze_count() > 1000)"
    result = subprocess.run([sys.executable, "-c", probe], env=live_env, cwd=ROOT, capture_output=True, text=True,
                            timeout=120)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["Flask", "True"]
