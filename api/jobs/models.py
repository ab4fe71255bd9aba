import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db

QUEUED, RUNNING, SUCCEEDED, PARTLY_SUCCEEDED, FAILED = (
    "queued", "running", "succeeded", "partly_succeeded", "failed",
)
ENDED_STATES = (SUCCEEDED, PARTLY_SUCCEEDED, FAILED)


class Job(db.Model):
    """Background work the browser can follow: its state, progress counts and per-row results."""

    __tablename__ = "jobs"
    __table_args__ = (
        db.Index("ix_jobs_client_created", "client_id", "created_at", "id"),
        # The jobs a starting worker looks for: the few not ended among all kept.
        db.Index(
            "ix_jobs_unfinished", "state",
            postgresql_where=sa.text("state IN ('queued', 'running')"),
            sqlite_where=sa.text("state IN ('queued', 'running')"),
        ),
    )

    id: Mapped[str] = mapped_column(db.String(36), primary_key=True)
    client_id: Mapped[int] = mapped_column(db.ForeignKey("clients.id"))
    kind: Mapped[str] = mapped_column(db.String(60))
    state: Mapped[str] = mapped_column(db.String(20), default=QUEUED)
    params: Mapped[dict] = mapped_column(db.JSON, default=dict)
    total: Mapped[int] = mapped_column(default=0)
    processed: Mapped[int] = mapped_column(default=0)
    succeeded: Mapped[int] = mapped_column(default=0)
    failed: Mapped[int] = mapped_column(default=0)
    results: Mapped[list] = mapped_column(db.JSON, default=list)
    error: Mapped[str | None] = mapped_column(db.Text)
    attempts: Mapped[int] = mapped_column(default=0)
    requested_by: Mapped[str] = mapped_column(db.String(150))
    requester_email: Mapped[str | None] = mapped_column(db.String(254))
    created_at: Mapped[object] = mapped_column(db.DateTime, default=utcnow)
    started_at: Mapped[object | None] = mapped_column(db.DateTime)
    finished_at: Mapped[object | None] = mapped_column(db.DateTime)
    # Until when the worker running the job is known to be alive (it renews this while it runs).
    lease_expires_at: Mapped[object | None] = mapped_column(db.DateTime)
    # When the job's message was last handed to the broker (None: not yet, the broker was down).
    sent_at: Mapped[object | None] = mapped_column(db.DateTime)
