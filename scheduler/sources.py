"""The schedule sources the scheduler ticks: report schedules."""
from api.reports.schedules.firing import HeldRuns, connect_to_broker, fire_due_schedules
from scheduler.loop import ScheduleSource, schedule_source


class ReportSchedules(ScheduleSource):
    """Fires due report schedules; runs claimed ahead are held here and handed over when due."""

    def __init__(self):
        self.held = HeldRuns()

    def start(self):
        connect_to_broker()

    def tick(self, now):
        fire_due_schedules(now, self.held)

    def wake_at(self):
        return self.held.next_due()

    def stop(self):
        self.held.leave_with_broker()


schedule_source(ReportSchedules())
