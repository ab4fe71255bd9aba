"""The frontend's API types are generated from the OpenAPI document; stale types fail here.

Regenerate with ``./portal gen-api-types``.
"""
import json
import subprocess

from api.extensions import api
from tests.live import PROJECT_ROOT

FRONTEND = PROJECT_ROOT / "frontend"
GENERATOR = FRONTEND / "node_modules" / ".bin" / "openapi-typescript"


def test_generated_api_types_match_the_openapi_document(app, tmp_path):
    assert GENERATOR.exists(), "frontend packages are not installed: run `npm ci` in frontend/"
    document = tmp_path / "openapi.json"
    with app.app_context():
        document.write_text(json.dumps(api.spec.to_dict(), indent=2))
    generated = tmp_path / "api-types.ts"

    subprocess.run([str(GENERATOR), str(document), "--properties-required-by-default", "-o", str(generated)], cwd=FRONTEND, check=True, capture_output=True)

    committed = (FRONTEND / "src" / "lib" / "api-types.ts").read_text()
    assert generated.read_text() == committed, "frontend/src/lib/api-types.ts is stale: run ./portal gen-api-types"
