"""Why a report did not run, as the API answers it."""
from api.common.errors import ApiError


class ReportFailed(ApiError):
    status = 422
    code = "report_failed"


class ReportTimedOut(ApiError):
    status = 422
    code = "report_timed_out"
