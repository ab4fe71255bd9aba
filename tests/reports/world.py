"""Fixtures of the report tests: two clients, staff and client users, and a way to save a report."""
import pytest


@pytest.fixture
def admin(factory, acme):
    """Headers of provider staff (role admin) acting for Acme."""
    return factory.headers(factory.user("admin", username="ops.admin"), acme)


@pytest.fixture
def admin_for(factory):
    """Headers of the same kind of admin acting for a given client."""
    user = factory.user("admin", username="ops.other")
    return lambda client: factory.headers(user, client)


@pytest.fixture
def auditor(factory, acme):
    """Headers of provider staff who may only read (admin_read_only), acting for Acme."""
    return factory.headers(factory.user("admin_read_only", username="ops.auditor"), acme)


@pytest.fixture
def manager(factory, acme):
    """Headers of a client user of Acme."""
    return factory.headers(factory.user("client", acme, username="acme.manager"))


@pytest.fixture
def globex_manager(factory, globex):
    return factory.headers(factory.user("client", globex, username="globex.manager"))


@pytest.fixture
def save_report(client, admin):
    """Save a report as an admin; returns its id."""

    def save(query, report_type="fms", name="Test report", category="Tests", **fields):
        answer = client.post("/api/v4/reports", headers=admin, json={
            "name": name, "report_type": report_type, "category": category, "query": query, **fields})
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()["id"]

    return save


def run(client, headers, report_id, parameters=None, context=None):
    body = {"parameters": parameters or {}}
    if context is not None:
        body["context"] = context
    return client.put(f"/api/v4/reports/{report_id}/run", headers=headers, json=body)
