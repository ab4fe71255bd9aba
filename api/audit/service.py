"""Breadcrumbs (business events on an object) and reading the request log."""

from api.audit.models import Breadcrumb, RequestLog
from api.common.pagination import paginate
from api.common.tenancy import get_scoped_or_404, scoped
from api.extensions import db


def leave_breadcrumb(client_id, object_type, object_id, message, username):
    """Record an event; the caller's transaction commits it together with the change it describes."""
    db.session.add(Breadcrumb(
        client_id=client_id, object_type=object_type, object_id=str(object_id), message=message, username=username,
    ))


def request_logs(object_type, object_id, limit, cursor):
    statement = scoped(RequestLog).filter_by(object_type=object_type, object_id=object_id)
    return paginate(statement, [RequestLog.id], limit, cursor, descending=True)


def request_log(log_id):
    return get_scoped_or_404(RequestLog, "Request not found.", id=log_id)


def breadcrumbs(object_type, object_id, limit, cursor):
    statement = scoped(Breadcrumb).filter_by(object_type=object_type, object_id=object_id)
    return paginate(statement, [Breadcrumb.id], limit, cursor, descending=True)
