"""Fixtures shared by the upload, inventory, inbound and returns tests: two tenants, their users and
a few items, and helpers to follow a job and read its result mail."""
from email import message_from_bytes, policy
from pathlib import Path

import pytest


@pytest.fixture
def manager(factory, acme):
    return factory.user("client", acme, username="acme.manager", email="manager@acme.test")


@pytest.fixture
def headers(factory, manager):
    return factory.headers(manager)


@pytest.fixture
def admin_headers(factory, acme):
    return factory.headers(factory.user("admin", username="ops.admin", email="ops@provider.test"), acme)


@pytest.fixture
def mail_files(app):
    """The .eml files the embedded mailer writes, read as messages (emptied first)."""
    folder = Path(app.config["MAIL_FOLDER"])
    for path in folder.glob("*.eml"):
        path.unlink()

    def read():
        return [message_from_bytes(path.read_bytes(), policy=policy.default) for path in sorted(folder.glob("*.eml"))]

    return read
