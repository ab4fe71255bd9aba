"""Portal users of the acting client, and the rules that keep anyone from raising their own power."""
from sqlalchemy import func, or_, select

from api.audit.service import leave_breadcrumb
from api.clients.models import Client
from api.common.auth import permissions_for
from api.common.csv_io import write_csv
from api.common.errors import Conflict, Forbidden, InvalidInput
from api.common.pagination import paginate
from api.common.passwords import hash_password
from api.common.tenancy import get_scoped_or_404, scoped
from api.common.timeutil import utcnow
from api.extensions import db
from api.jobs.models import Job
from api.jobs.registry import ResultMail, job_kind
from api.jobs.service import start_job
from api.users.models import User

EXPORT_USERS = "export_users"
EXPORT_COLUMNS = ("username", "real_name", "email", "role", "active", "receive_scheduled_reports", "permissions")


def list_users(client_id, args):
    statement = scoped(User, client_id)
    if args["role"]:
        statement = statement.where(User.role == args["role"])
    if args["active"] is not None:
        statement = statement.where(User.active == args["active"])
    if args["searchTerm"]:
        pattern = "%" + args["searchTerm"].lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        statement = statement.where(or_(*(
            func.lower(column).like(pattern, escape="\\") for column in (User.username, User.real_name, User.email)
        )))
    return paginate(statement, [User.username], args["limit"], args["cursor"])


def get_user(client_id, username):
    return get_scoped_or_404(User, client_id, "User not found.", username=username)


def _check_grants(actor, role, permissions):
    if role != "client_custom" and permissions:
        raise InvalidInput("Permissions can only be chosen for the role client_custom.", code="invalid_permissions")
    beyond = permissions_for(role, permissions) - actor.permissions
    if beyond:
        raise Forbidden("You cannot grant permissions you do not have: " + ", ".join(sorted(beyond)) + ".", code="not_authorized")


def create_user(actor, client_id, fields):
    _check_grants(actor, fields["role"], fields["permissions"])
    if db.session.scalars(select(User.id).filter_by(username=fields["username"])).first() is not None:
        raise Conflict(f"Username '{fields['username']}' is already taken.", code="username_taken")
    user = User(
        client_id=client_id,
        username=fields["username"],
        password_hash=hash_password(fields["password"]),
        **_profile(fields),
    )
    db.session.add(user)
    leave_breadcrumb(user.client_id, "user", user.username, f"User created with role {user.role} by {actor.username}.", actor.username)
    db.session.commit()
    return user


def _profile(fields):
    return {
        "real_name": fields.get("real_name"),
        "email": fields["email"],
        "role": fields["role"],
        "permissions": sorted(set(fields["permissions"])),
        "active": fields["active"],
        "receive_scheduled_reports": fields["receive_scheduled_reports"],
    }


def _describe_changes(user, profile, password_changed):
    changes = []
    if profile["role"] != user.role:
        changes.append(f"role changed from {user.role} to {profile['role']}")
    added = sorted(set(profile["permissions"]) - set(user.permissions))
    removed = sorted(set(user.permissions) - set(profile["permissions"]))
    if added:
        changes.append("permissions granted: " + ", ".join(added))
    if removed:
        changes.append("permissions removed: " + ", ".join(removed))
    if profile["active"] != user.active:
        changes.append("activated" if profile["active"] else "deactivated")
    for name in ("real_name", "email", "receive_scheduled_reports"):
        if profile[name] != getattr(user, name):
            changes.append(f"{name} changed")
    if password_changed:
        changes.append("password changed")
    return changes


def update_user(actor, client_id, username, fields):
    user = get_user(client_id, username)
    # Editing someone more powerful (resetting their password, say) would be a way to become them.
    if permissions_for(user.role, user.permissions) - actor.permissions:
        raise Forbidden("You cannot change a user who has permissions you do not have.", code="not_authorized")
    _check_grants(actor, fields["role"], fields["permissions"])
    profile = _profile(fields)
    changes = _describe_changes(user, profile, bool(fields.get("password")))
    for name, value in profile.items():
        setattr(user, name, value)
    if fields.get("password"):
        user.password_hash = hash_password(fields["password"])
    if changes:
        user.updated_at = utcnow()
        message = f"User {user.username} updated by {actor.username}: " + "; ".join(changes) + "."
        leave_breadcrumb(user.client_id, "user", user.username, message, actor.username)
    db.session.commit()
    return user


def request_export(actor, client_id):
    return start_job(EXPORT_USERS, client_id, actor)


@job_kind(EXPORT_USERS)
def export_users(job: Job):
    """Build the CSV of the job's client's users; it travels as the attachment of the result mail."""
    users = db.session.scalars(scoped(User, job.client_id).order_by(User.username)).all()
    rows = [
        (u.username, u.real_name, u.email, u.role, u.active, u.receive_scheduled_reports, " ".join(u.permissions))
        for u in users
    ]
    job.total = job.processed = job.succeeded = len(rows)
    client = db.session.get(Client, job.client_id)
    file_name = f"users-{client.id}-{utcnow():%Y%m%d-%H%M%S}.csv"
    return ResultMail(
        subject=f"Users export for {client.name}",
        body=f"The attached file lists the {len(rows)} portal users of {client.name}.",
        attachment=(file_name, "text/csv", write_csv(EXPORT_COLUMNS, rows)),
    )
