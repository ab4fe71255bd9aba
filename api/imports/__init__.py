"""Bulk imports: an upload is validated whole, stored in chunks and applied by a job.

The blueprint has no routes of its own; registering it installs what the upload routes of other
features declare with ``api.imports.schemas.upload``: their body limit, and the garbage collector
held off while they run.
"""
from flask_smorest import Blueprint

from api.imports.schemas import install_upload_handling

blp = Blueprint("imports", __name__, description="Bulk imports (uploads run as jobs)")
blp.record_once(install_upload_handling)

__all__ = ["blp"]
