"""Tenants, users and mail of the inventory tests."""
from tests.imports.world import (  # noqa: F401 (fixtures)
    admin_headers, headers, mail_files, manager,
)
