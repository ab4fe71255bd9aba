from sqlalchemy.orm import Mapped, mapped_column

from api.common.timeutil import utcnow
from api.extensions import db


class LoginFailure(db.Model):
    """One password login that has not succeeded: written before the password is checked (so it counts
    while in flight) and kept when the password was wrong. Recent rows limit attempts per username and
    slow down attempts per address."""

    __tablename__ = "login_failures"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(db.String(150), index=True)
    ip_address: Mapped[str] = mapped_column(db.String(64), index=True)
    at: Mapped[object] = mapped_column(db.DateTime, default=utcnow, index=True)
