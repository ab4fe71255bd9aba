"""``python -m scheduler``: run the scheduling loop until SIGTERM or SIGINT."""
import signal

from api.app import create_app
from scheduler import sources  # noqa: F401  (registers the schedule sources)
from scheduler.loop import Scheduler


def main():
    app = create_app()
    scheduler = Scheduler(app, app.config["SCHEDULER_TICK_SECONDS"])
    signal.signal(signal.SIGTERM, scheduler.stop)
    signal.signal(signal.SIGINT, scheduler.stop)
    scheduler.run()


if __name__ == "__main__":
    main()
