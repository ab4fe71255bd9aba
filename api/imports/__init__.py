"""Bulk imports: an upload is validated whole, stored in chunks and applied by a job.

``create_app`` installs what the upload routes of other features declare with
``api.imports.schemas.upload``: their body limit, and the garbage collector held off while they run.
"""
