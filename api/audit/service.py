"""Breadcrumbs (business events on an object), reading the request log, and server errors the
browser reports."""
import logging

from sqlalchemy import and_, or_

from api.audit.models import Breadcrumb, RequestLog
from api.common.pagination import paginate
from api.common.tenancy import get_scoped_or_404, scoped
from api.extensions import db

browser_reports = logging.getLogger("api.browser_errors")
READ_METHODS = ("GET", "HEAD")
_related_logs = {}


def leave_breadcrumb(client_id, object_type, object_id, message, username):
    """Record an event; the caller's transaction commits it together with the change it describes."""
    db.session.add(Breadcrumb(
        client_id=client_id, object_type=object_type, object_id=str(object_id), message=message, username=username,
    ))


def add_related_log(object_type, find_related):
    """Let the log of an ``object_type`` also list the writes made on other objects that acted on it:
    ``find_related(client_id, object_id) -> [(object_type, object_id)]`` (an item created by an
    upload: the upload's call, logged on its job)."""
    _related_logs[object_type] = find_related


def _logged_on(object_type, object_id):
    return and_(RequestLog.object_type == object_type, RequestLog.object_id == object_id)


def request_logs(client_id, object_type, object_id, limit, cursor, include_reads=False):
    """The calls on one object, newest first: the writes and the failures, and the reads too when asked
    (a page view is a read, and a client's own page views would bury the changes)."""
    own = _logged_on(object_type, object_id)
    if not include_reads:
        own = and_(own, or_(RequestLog.http_method.notin_(READ_METHODS), RequestLog.response_status >= 400))
    find_related = _related_logs.get(object_type)
    related = [
        and_(_logged_on(*other), RequestLog.http_method.notin_(READ_METHODS))
        for other in (find_related(client_id, object_id) if find_related else ())
    ]
    statement = scoped(RequestLog, client_id).where(or_(own, *related))
    return paginate(statement, [RequestLog.id], limit, cursor, descending=True)


def request_log(client_id, log_id):
    return get_scoped_or_404(RequestLog, client_id, "Request not found.", id=log_id)


def breadcrumbs(client_id, object_type, object_id, limit, cursor):
    statement = scoped(Breadcrumb, client_id).filter_by(object_type=object_type, object_id=object_id)
    return paginate(statement, [Breadcrumb.id], limit, cursor, descending=True)


def report_server_error(identity, report):
    """Log a 5xx the browser saw, under the request id that ties it to the server's own log line."""
    browser_reports.error(
        "browser saw %s on %s %r (request %r, page %r, user %s)",
        report["status"], report["method"], report["url"], report["request_id"] or "unknown",
        report["page"] or "unknown", identity.username,
    )
