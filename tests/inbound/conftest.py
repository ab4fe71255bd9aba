"""Tenants, users and mail of the inbound tests."""
from tests.imports.world import (  # noqa: F401 (fixtures)
    admin_headers, headers, mail_files, manager,
)
