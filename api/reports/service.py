"""Reports: who sees which, saving them (admins), and running them for a page or as a CSV."""
import re
from itertools import islice

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from api.common.errors import NotFound
from api.extensions import db
from api.reports.models import REPORT_TYPES, Report
from api.reports.schedules.service import check_active_schedules_can_run
from api.reports.parameters import declared_parameters
from api.reports.runner import count_rows, csv_stream, plain, run_report, without_trailing_semicolons

# Provider staff who may change reports; admin_read_only reads and runs them only.
ADMIN_ONLY_FIELDS = ("query", "created_by_username")
ID_NUMBER = re.compile(r"^R_[A-Z]+_(\d+)$")
SAVE_ATTEMPTS = 3


def visible_types(identity):
    """Admins see every report; anyone else client reports only."""
    return REPORT_TYPES if identity.is_admin else ("client",)


def _visible(identity, report_type=None):
    types = [t for t in visible_types(identity) if report_type in (None, t)]
    return select(Report).where(Report.report_type.in_(types))


def list_categories(identity, report_type):
    rows = db.session.scalars(
        _visible(identity, report_type).with_only_columns(Report.category).where(Report.category != "").distinct()
    )
    return sorted(rows)


def list_reports(identity, category, report_type):
    statement = _visible(identity, report_type).order_by(Report.name, Report.id)
    if category is not None:
        statement = statement.where(Report.category == category)
    return db.session.scalars(statement).all()


def _get(identity, report_id):
    report = db.session.scalars(_visible(identity).where(Report.id == report_id)).first()
    if report is None:
        raise NotFound("Report not found.")
    return report


def get_report(identity, report_id):
    report = _get(identity, report_id)
    shown = {
        name: getattr(report, name)
        for name in ("id", "name", "report_type", "category", "sub_category", "parameters", "created_at", "updated_at")
    }
    if identity.is_admin:
        shown.update({name: getattr(report, name) for name in ADMIN_ONLY_FIELDS})
    return shown


def _apply(report, fields):
    report.name = fields["name"]
    report.report_type = fields["report_type"]
    report.category = fields["category"]
    report.sub_category = fields["sub_category"]
    report.query = without_trailing_semicolons(fields["query"])
    report.parameters = declared_parameters(report.query)


def _next_number():
    numbers = [int(match.group(1)) for match in map(ID_NUMBER.match, db.session.scalars(select(Report.id))) if match]
    return max(numbers, default=0) + 1


def create_report(identity, fields, report_id=None):
    """Save a new report; ``report_id`` is given only for the built-in ones."""
    attempts = 0
    while True:
        report = Report(
            id=report_id or f"R_{fields['report_type'].upper()}_{_next_number()}",
            created_by_username=identity.username,
        )
        _apply(report, fields)
        db.session.add(report)
        try:
            db.session.commit()
            return get_report(identity, report.id)
        except IntegrityError:
            # Another admin took the same number at the same moment: take the next one.
            db.session.rollback()
            attempts += 1
            if report_id is not None or attempts == SAVE_ATTEMPTS:
                raise


def update_report(identity, report_id, fields):
    report = _get(identity, report_id)
    _apply(report, fields)
    check_active_schedules_can_run(report)
    db.session.commit()
    return get_report(identity, report.id)


def delete_report(identity, report_id):
    db.session.delete(_get(identity, report_id))
    db.session.commit()


def run_for_page(identity, report_id, parameter_values, context, client_id, page_rows):
    """The report's rows for the page, or none and truncated when there are more than a page holds."""
    report = _get(identity, report_id)
    scope = dict(client_id=client_id, context=context, is_admin=identity.is_admin)
    with run_report(report, parameter_values, **scope) as result:
        rows = list(islice(result.rows, page_rows + 1))
    if len(rows) > page_rows:
        return {"fields": result.fields, "records": [], "row_count": count_rows(report, parameter_values, **scope),
                "truncated": True}
    return {"fields": result.fields, "records": [[plain(cell) for cell in row] for row in rows],
            "row_count": len(rows), "truncated": False}


def start_csv(identity, report_id, parameter_values, context, client_id):
    """(file name, CSV chunks): the query is checked first, so refusals and SQL errors come before any chunk."""
    report = _get(identity, report_id)
    chunks = csv_stream(report, parameter_values, client_id=client_id, context=context, is_admin=identity.is_admin)
    return f"{report.name}.csv", chunks
