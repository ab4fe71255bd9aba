"""Validated upload rows waiting for their job, stored in the database so any worker can apply them."""
from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


class ImportChunk(db.Model):
    """A slice of an upload's cleaned rows (compressed JSON) and, once applied, the rows that failed.

    ``applied`` is set in the same transaction as the chunk's writes and the job's progress, so a
    job run again after a lost worker applies exactly the chunks that were not yet committed.
    """

    __tablename__ = "import_chunks"
    __table_args__ = (db.UniqueConstraint("upload_id", "seq", name="uq_import_chunks_upload_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    upload_id: Mapped[str] = mapped_column(db.String(36))
    seq: Mapped[int] = mapped_column()
    rows: Mapped[bytes | None] = mapped_column(db.LargeBinary)  # {"rows": [[line, row]], "rejected": [[line, error]]}
    # [[line, cells as sent]] of every line the chunk accounts for, read only when one of them fails.
    source: Mapped[bytes | None] = mapped_column(db.LargeBinary, deferred=True)
    applied: Mapped[bool] = mapped_column(default=False)
    failures: Mapped[list | None] = mapped_column(db.JSON)  # [[line, error, cells as sent]] once applied
    # None for chunks stored before uploads were streamed; see imports.service.drop_abandoned_uploads.
    stored_at: Mapped[object | None] = mapped_column(db.DateTime, default=utcnow)
