"""The values a report runs with: the parameters its query declares, checked and bound, and the ones the
runner binds itself (the client it runs for, the warehouse of its context)."""
import re
from datetime import datetime

import sqlalchemy as sa

from api.common.errors import Forbidden, InvalidInput
from api.reports.failures import ReportFailed
from api.warehouses.locations import LOCATIONS

# Bound by the runner from who runs the report and for what; never asked from the caller.
RUNNER_BOUND = ("client_id", "warehouse_id")
PARAMETER_TYPES = (str, int, float, bool, type(None))
# A parameter named like a date ("date" ending a word, a name ending in _at or _on, or from, to,
# since or until as a word between underscores) takes a date: the report page asks for it with a date
# input, and a value that is no date is refused before the query runs (the embedded SQLite would
# compare any text and find "No Results"). The same rule as frontend/src/features/reports/date-parameters.ts.
DATE_PARAMETER = re.compile(r"date(?![a-z])|(^|_)(from|to|since|until)(_|$)|_(at|on)$", re.IGNORECASE)


def is_date_parameter(name):
    return DATE_PARAMETER.search(name) is not None


def _is_date(text):
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def placeholders(query):
    """The :names of the query, in order of first use, as the driver will bind them."""
    return list(sa.text(query)._bindparams)


def declared_parameters(query):
    """The names a person running the report is asked for (all placeholders but the runner's own)."""
    return [name for name in placeholders(query) if name not in RUNNER_BOUND]


def bound_values(report, parameter_values, *, client_id, context, is_admin):
    if report.report_type == "fms" and not is_admin:
        raise Forbidden("Only provider staff may run this report.", code="not_authorized")
    if report.report_type != "client" and not is_admin:
        raise Forbidden("You may run client reports only.", code="not_authorized")
    names = placeholders(report.query)
    declared = [name for name in names if name not in RUNNER_BOUND]
    given = dict(parameter_values or {})
    undeclared = sorted(set(given) - set(declared))
    if undeclared:
        raise InvalidInput(
            "This report does not take " + ", ".join(undeclared) + (
                " (client_id and warehouse_id are set by the portal)." if set(undeclared) & set(RUNNER_BOUND) else "."),
            code="undeclared_parameter",
        )
    missing = [name for name in declared if name not in given]
    if missing:
        raise InvalidInput("Give a value for " + ", ".join(missing) + ".", code="missing_parameter")
    for name in declared:
        if not isinstance(given[name], PARAMETER_TYPES):
            raise InvalidInput(f"The value of {name} must be text, a number, true/false or null.", code="invalid_parameter")
        if is_date_parameter(name) and isinstance(given[name], str) and not _is_date(given[name].strip()):
            raise InvalidInput(
                f"The value of {name} must be a date (YYYY-MM-DD); '{given[name]}' is not one.", code="invalid_parameter",
            )
    values = {name: given[name] for name in declared}

    if report.report_type == "client":
        # Fail closed: a client report runs for exactly one client, bound here.
        if "client_id" not in names:
            raise ReportFailed("This client report does not limit itself to a client (:client_id) and cannot run.")
        if client_id is None:
            raise Forbidden("A client report needs the client it runs for.", code="client_required")
        values["client_id"] = int(client_id)
    elif "client_id" in names:
        raise ReportFailed("Only client reports may use :client_id.")
    if "warehouse_id" in names:
        warehouse = (context or "").strip() or None
        if warehouse is not None and warehouse not in LOCATIONS:
            raise InvalidInput(f"Unknown warehouse '{warehouse}'.", code="invalid_context")
        values["warehouse_id"] = warehouse
    return values
