"""The schedule sources the scheduler ticks: report schedules, the sweep of jobs and mails nobody
handles, the sweep of uploads abandoned before their job started, the allocation of waiting
shipments, and the shop's pending fulfillments and old webhook deliveries."""
import logging
from datetime import timedelta

from flask import current_app
from kombu.exceptions import OperationalError as KombuOperationalError

from api.reports.schedules.firing import HeldRuns, SchedulerHeartbeat, connect_to_broker, fire_due_schedules
from api.imports.service import drop_abandoned_uploads
from api.jobs.service import send_stranded_jobs
from api.notifications.tasks import send_stranded_mail
from api.orders.tasks import allocate_waiting_shipments
from api.shop_orders.tasks import push_pending_fulfillments
from api.shop_orders.webhooks import forget_old_deliveries
from scheduler.loop import ScheduleSource, schedule_source

log = logging.getLogger("scheduler")


class ReportSchedules(ScheduleSource):
    """Fires due report schedules; runs claimed ahead are held here and handed over when due, and the
    runs of schedulers that died are taken over."""

    def __init__(self):
        self.held = HeldRuns()
        self.heartbeat = SchedulerHeartbeat()

    def start(self):
        log.info("report schedules claimed as scheduler %s", self.heartbeat.id)
        connect_to_broker()

    def tick(self, now):
        fire_due_schedules(now, self.held, self.heartbeat)

    def wake_at(self):
        return self.held.next_due()

    def stop(self):
        self.held.leave_with_broker()
        self.heartbeat.sign_off()


class _Sweep(ScheduleSource):
    """Runs ``sweep(now)`` every ``every_setting`` seconds (a config name)."""

    every_setting = None

    def __init__(self):
        self.next_sweep = None

    def sweep(self, now):
        raise NotImplementedError

    def tick(self, now):
        if self.next_sweep is not None and now < self.next_sweep:
            return
        self.sweep(now)
        self.next_sweep = now + timedelta(seconds=current_app.config[self.every_setting])


class JobsSweep(_Sweep):
    """Every JOB_SWEEP_SECONDS, sends again the jobs nobody runs (whose message the broker never took
    or lost, or whose worker died or lost the database: its lease ran out) and the mails nobody sends."""

    every_setting = "JOB_SWEEP_SECONDS"

    def sweep(self, now):
        send_stranded_jobs(now)
        send_stranded_mail(now)


class AbandonedUploadsSweep(_Sweep):
    """Every ABANDONED_UPLOAD_SWEEP_SECONDS, deletes the stored chunks of uploads whose request died
    before starting their job."""

    every_setting = "ABANDONED_UPLOAD_SWEEP_SECONDS"

    def sweep(self, now):
        dropped = drop_abandoned_uploads(now)
        if dropped:
            log.warning("deleted %d chunk(s) of uploads abandoned before their job started", dropped)


class WaitingShipmentsSweep(_Sweep):
    """Every ALLOCATION_SWEEP_SECONDS, has a worker allocate the waiting shipments whose stock has
    arrived, so none waits for ever whatever happened to the stock's own news."""

    every_setting = "ALLOCATION_SWEEP_SECONDS"

    def sweep(self, now):
        try:
            allocate_waiting_shipments.delay()
        except KombuOperationalError as error:  # the broker is down: the next sweep sends it
            log.warning("could not send the allocation sweep: %s", error)


class ShopSweep(_Sweep):
    """Every SHOP_SWEEP_SECONDS, has a worker push again the shop fulfillments still pending (a message the
    broker lost, retries that ran out while the shop was down), and forgets webhook deliveries too old to be
    replayed."""

    every_setting = "SHOP_SWEEP_SECONDS"

    def sweep(self, now):
        forgotten = forget_old_deliveries(now)
        if forgotten:
            log.info("forgot %d webhook deliveries too old to come again", forgotten)
        try:
            push_pending_fulfillments.delay()
        except KombuOperationalError as error:  # the broker is down: the next sweep sends it
            log.warning("could not send the shop fulfillments sweep: %s", error)


schedule_source(ReportSchedules())
schedule_source(JobsSweep())
schedule_source(AbandonedUploadsSweep())
schedule_source(WaitingShipmentsSweep())
schedule_source(ShopSweep())
