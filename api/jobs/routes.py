from flask.views import MethodView
from flask_smorest import Blueprint

from api.common.auth import RESEND_MAIL, requires
from api.common.tenancy import acting_client_id
from api.jobs import service
from api.jobs.schemas import Job, JobList, JobListArgs

blp = Blueprint("jobs", __name__, url_prefix="/api/v4/jobs", description="Background jobs and their progress")


@blp.route("")
class Jobs(MethodView):
    @requires()
    @blp.arguments(JobListArgs, location="query")
    @blp.response(200, JobList)
    def get(self, args):
        """List the acting client's jobs, newest first."""
        jobs, cursor = service.list_jobs(acting_client_id(), args["limit"], args["cursor"])
        return {"jobs": jobs, "cursor": cursor}


@blp.route("/<string:job_id>")
class JobById(MethodView):
    @requires(logs=("job", "job_id"))
    @blp.response(200, Job)
    def get(self, job_id):
        """Get a job's state, progress and per-row results."""
        return service.get_job(acting_client_id(), job_id)


@blp.route("/<string:job_id>/resend_mail")
class ResultMailAgain(MethodView):
    @requires(RESEND_MAIL, logs=("job", "job_id"))
    @blp.response(200, Job)
    def post(self, job_id):
        """Send again the result e-mail of a job after the portal stopped retrying it (staff)."""
        return service.resend_result_mail(acting_client_id(), job_id)
