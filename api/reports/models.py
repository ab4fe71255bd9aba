"""Reports (saved SQL over the portal's data), their e-mailed schedules and each scheduled run."""
from sqlalchemy.orm import Mapped, mapped_column, relationship

from api.common.timeutil import utcnow
from api.extensions import db

REPORT_TYPES = ("fms", "wms", "client")


class Report(db.Model):
    """A named read-only query; id "R_<TYPE>_<number>", parameters the :names it asks the user for."""

    __tablename__ = "reports"

    id: Mapped[str] = mapped_column(db.String(40), primary_key=True)
    name: Mapped[str] = mapped_column(db.String(200))
    report_type: Mapped[str] = mapped_column(db.String(10))
    category: Mapped[str] = mapped_column(db.String(100), default="")
    sub_category: Mapped[str] = mapped_column(db.String(100), default="")
    query: Mapped[str] = mapped_column(db.Text)
    parameters: Mapped[list] = mapped_column(db.JSON, default=list)
    created_by_username: Mapped[str] = mapped_column(db.String(150))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)

    schedules: Mapped[list["ReportSchedule"]] = relationship(
        back_populates="report", cascade="all, delete-orphan", passive_deletes=True, order_by="ReportSchedule.id",
    )


class ReportSchedule(db.Model):
    """When (Quartz cron in a time zone) a report is run and to whom its CSV is e-mailed."""

    __tablename__ = "report_schedules"

    id: Mapped[int] = mapped_column(primary_key=True)
    report_id: Mapped[str] = mapped_column(db.ForeignKey("reports.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(db.String(200))
    is_active: Mapped[bool] = mapped_column(default=False)
    crontab: Mapped[str] = mapped_column(db.String(200))
    time_zone: Mapped[str] = mapped_column(db.String(64), default="UTC")
    # Blank, a warehouse id (wms reports) or a client id (client reports).
    context: Mapped[str] = mapped_column(db.String(64), default="")
    email_addresses_string: Mapped[str] = mapped_column(db.Text, default="")
    email_text: Mapped[str] = mapped_column(db.Text, default="")
    suppress_on_empty: Mapped[bool] = mapped_column(default=True)
    created_by_username: Mapped[str] = mapped_column(db.String(150))
    # Naive UTC; null while inactive. Schedulers claim an occurrence by moving it forward conditionally.
    next_fire_at: Mapped[object | None] = mapped_column(db.DateTime, index=True)
    # When someone switched the schedule off (an expression that ended deactivates it without this):
    # runs claimed before then are skipped, not sent.
    switched_off_at: Mapped[object | None] = mapped_column(db.DateTime)
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    updated_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, onupdate=utcnow)

    report: Mapped[Report] = relationship(back_populates="schedules")
    runs: Mapped[list["ScheduleRun"]] = relationship(
        back_populates="schedule", cascade="all, delete-orphan", passive_deletes=True, order_by="ScheduleRun.id",
    )


class ScheduleRun(db.Model):
    """One claimed occurrence of a schedule and what became of it (queued, running, sent, suppressed, failed)."""

    __tablename__ = "schedule_runs"
    __table_args__ = (
        db.UniqueConstraint("schedule_id", "due_at", name="uq_schedule_runs_schedule_due"),
        db.Index("ix_schedule_runs_state_claimed", "state", "claimed_at"),
        db.Index("ix_schedule_runs_state_claimed_by", "state", "claimed_by"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    schedule_id: Mapped[int] = mapped_column(db.ForeignKey("report_schedules.id", ondelete="CASCADE"))
    due_at: Mapped[object] = mapped_column(db.DateTime)
    # Occurrences skipped while no scheduler ran, coalesced into this run.
    missed_count: Mapped[int] = mapped_column(default=0)
    state: Mapped[str] = mapped_column(db.String(20), default="queued")
    row_count: Mapped[int | None] = mapped_column()
    error: Mapped[str | None] = mapped_column(db.Text)
    claimed_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    # The scheduler (``Scheduler.id``) holding the run until it falls due; survivors take over the
    # queued runs of a scheduler whose heartbeat stopped. Cleared when a scheduler stops cleanly.
    claimed_by: Mapped[str | None] = mapped_column(db.String(32))
    # When a run left queued (its scheduler died before enqueueing it) was last enqueued again.
    requeued_at: Mapped[object | None] = mapped_column(db.DateTime)
    started_at: Mapped[object | None] = mapped_column(db.DateTime)
    attempts: Mapped[int] = mapped_column(default=0)
    finished_at: Mapped[object | None] = mapped_column(db.DateTime)

    schedule: Mapped[ReportSchedule] = relationship(back_populates="runs")


class Scheduler(db.Model):
    """A running scheduler process, known by the id it made at start; its heartbeat is refreshed as it
    ticks, and its row is deleted when it stops cleanly or once survivors have taken over its runs."""

    __tablename__ = "schedulers"

    id: Mapped[str] = mapped_column(db.String(32), primary_key=True)
    heartbeat_at: Mapped[object] = mapped_column(db.DateTime)
