"""The API fuzzed from its own OpenAPI document (SECURITY.md 22): no 5xx, and no route answering without a token.

schemathesis generates the cases; hypothesis runs them directly, because schemathesis' pytest plugin
(``schemathesis.pytest.from_fixture``) relies on a pytest internal that pytest 9 no longer has.
"""
import re

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from tests.api.test_access_matrix import EXPECTED

OPENAPI_JSON = "/api/v4/openapi.json"
OPENAPI_YAML = "/api/v4/static/openapi.yaml"
HTTP_METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
FUZZ_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def openapi_path(rule):
    return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule)


# The access matrix lists every route; all but the two serving the document itself are documented.
DOCUMENTED = sorted(
    (method, openapi_path(rule), access) for (method, rule), access in EXPECTED.items()
    if rule not in (OPENAPI_JSON, OPENAPI_YAML)
)
PROTECTED = [(method, path) for method, path, access in DOCUMENTED if access != "public"]


def operations(document):
    """{(METHOD, path): operation object} of an OpenAPI document."""
    return {
        (method.upper(), path): operation
        for path, item in document["paths"].items()
        for method, operation in item.items() if method in HTTP_METHODS
    }


@pytest.fixture
def document(client):
    return client.get(OPENAPI_JSON).get_json()


@pytest.fixture
def api_schema(app):
    return schemathesis.openapi.from_wsgi(OPENAPI_JSON, app)


@pytest.fixture
def admin_headers(factory, acme, admin):
    # A user of the client gives the user routes something to find.
    factory.user("client_custom", acme, username="fuzz.target")
    return factory.headers(admin, acme)


def fuzz(operation, run, **strategy_options):
    """Run ``run(case)`` on the cases schemathesis generates for one operation."""

    @FUZZ_SETTINGS
    @given(case=operation.as_strategy(**strategy_options))
    def each(case):
        run(case)

    each()


def test_the_fuzzed_operations_are_the_documented_ones(document):
    assert {(method, path) for method, path, _ in DOCUMENTED} == set(operations(document))


@pytest.mark.parametrize("method, path", [(method, path) for method, path, _ in DOCUMENTED])
def test_valid_requests_cause_no_server_error(api_schema, admin_headers, method, path):
    fuzz(api_schema[path][method],
         lambda case: case.call_and_validate(headers=admin_headers, checks=[not_a_server_error]))


# Operations with no parameter and no body: there is nothing to make invalid.
WITHOUT_INPUT = {
    ("GET", "/api/v4/me"), ("GET", "/api/v4/settings/ui"), ("POST", "/api/v4/users/export"),
    ("GET", "/api/v4/shopify/connection"), ("GET", "/api/v4/notification_settings"),
    ("GET", "/api/v4/fulfillment_requests/bulk/columns"), ("GET", "/api/v4/dashboards/orders"),
    ("GET", "/api/v4/dashboards/shipments"),
}


def takes_input(document, method, path):
    operation = operations(document)[(method, path)]
    return bool(operation.get("parameters") or operation.get("requestBody") or document["paths"][path].get("parameters"))


def test_the_operations_without_input_are_known(document):
    assert {key for key in operations(document) if not takes_input(document, *key)} == WITHOUT_INPUT


@pytest.mark.parametrize("method, path", [(m, p) for m, p, _ in DOCUMENTED if (m, p) not in WITHOUT_INPUT])
def test_invalid_requests_cause_no_server_error(api_schema, admin_headers, method, path):
    fuzz(api_schema[path][method],
         lambda case: case.call_and_validate(headers=admin_headers, checks=[not_a_server_error]),
         generation_mode=GenerationMode.NEGATIVE)


@pytest.mark.parametrize("method, path", PROTECTED)
def test_no_operation_answers_without_a_token(api_schema, method, path):
    def call_without_token(case):
        case.headers = {name: value for name, value in (case.headers or {}).items() if name.lower() != "authorization"}
        response = case.call()
        assert response.status_code == 401, (case.formatted_path, response.status_code, response.text[:300])
        assert response.json()["error"] in ("unauthorized", "invalid_token")

    fuzz(api_schema[path][method], call_without_token)


def test_public_operations_are_only_the_expected_ones(document):
    public = {key for key, operation in operations(document).items() if operation.get("security") == []}

    assert public == {("POST", "/api/v4/auth/token"), ("GET", "/api/v4/settings/ui")}
    assert document["security"] == [{"bearerAuth": []}]


def test_yaml_document_is_the_same_and_every_operation_has_a_summary(client, document):
    response = client.get(OPENAPI_YAML)

    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert yaml.safe_load(response.get_data(as_text=True)) == document
    missing = [f"{method} {path}" for (method, path), operation in operations(document).items()
               if not operation.get("summary", "").strip()]
    assert not missing, f"operations without a summary: {missing}"
    assert len(operations(document)) == len(DOCUMENTED)


def test_ids_in_paths_are_bounded_by_the_id_column(document):
    """A number no id column can hold is not a valid path (the database driver would overflow on it)."""
    id_parameters = [
        parameter for operation in operations(document).values() for parameter in operation.get("parameters", [])
        if parameter["in"] == "path" and parameter["schema"]["type"] == "integer"
    ] + [
        parameter for item in document["paths"].values() for parameter in item.get("parameters", [])
        if parameter["in"] == "path" and parameter["schema"]["type"] == "integer"
    ]

    assert id_parameters
    assert all(parameter["schema"].get("maximum") == 2**31 - 1 for parameter in id_parameters)
