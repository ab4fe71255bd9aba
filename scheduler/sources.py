"""The schedule sources the scheduler ticks: report schedules."""
from api.reports.scheduling import fire_due_schedules
from scheduler.loop import schedule_source

schedule_source(fire_due_schedules)
