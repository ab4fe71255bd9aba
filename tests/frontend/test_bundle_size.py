"""What the build hands the browser: a small start, areas loaded when first opened, everything compressed.

Reads the build the API serves (FRONTEND_DIST) and Vite's manifest of it (dist/.vite/manifest.json).
"""
import gzip
import json
from pathlib import Path

import pytest

from api.config import Config

DIST = Path(Config().FRONTEND_DIST)
# The login page and the first screen after it (client picker or client shell) load no more than this.
INITIAL_JS_LIMIT = 200 * 1024
AREAS = (
    "src/app/routes/ProductsRoutes.tsx",
    "src/app/routes/ReportsRoutes.tsx",
    "src/app/routes/UsersRoutes.tsx",
    "src/app/routes/ShopifyRoutes.tsx",
    "src/app/routes/ShopifyAuthCallbackRoute.tsx",
    "src/app/routes/RequestRoute.tsx",
    "src/app/routes/ApiReferenceRoute.tsx",
    "src/app/routes/ShipmentsRoutes.tsx",
    "src/app/routes/FreightRoutes.tsx",
    "src/app/routes/DashboardsRoutes.tsx",
    "src/features/asns/components/AsnList.tsx",
    "src/features/uploads/components/InboundUpload.tsx",
    "src/features/uploads/components/RmaUpload.tsx",
)


@pytest.fixture(scope="module")
def manifest():
    path = DIST / ".vite" / "manifest.json"
    if not path.is_file():
        pytest.fail(f"{path} is missing: build the frontend (./portal's build step, or `npm run build` in frontend/).", pytrace=False)
    return json.loads(path.read_text())


def initial_chunks(manifest):
    """The entry chunk and every chunk it imports statically, directly or not."""
    (entry,) = [key for key, chunk in manifest.items() if chunk.get("isEntry")]
    seen, waiting = set(), [entry]
    while waiting:
        key = waiting.pop()
        if key not in seen:
            seen.add(key)
            waiting.extend(manifest[key].get("imports", []))
    return {manifest[key]["file"] for key in seen}


def test_the_login_page_and_first_screen_need_under_200_kb_of_gzipped_javascript(manifest):
    sizes = {file: len(gzip.compress((DIST / file).read_bytes(), 9)) for file in initial_chunks(manifest)}

    assert sum(sizes.values()) <= INITIAL_JS_LIMIT, f"initial JavaScript, gzipped: {sizes}"


def test_each_area_loads_when_first_opened(manifest):
    initial = initial_chunks(manifest)

    for area in AREAS:
        assert manifest.get(area, {}).get("isDynamicEntry"), f"{area} is not loaded on demand"
        assert manifest[area]["file"] not in initial, f"{area} is part of the first load"


def test_every_script_and_stylesheet_has_brotli_and_gzip_copies(manifest):
    files = [path for path in (DIST / "assets").iterdir() if path.suffix in (".js", ".css") and path.stat().st_size > 1024]

    assert files
    for path in files:
        for suffix in (".br", ".gz"):
            copy = path.with_name(path.name + suffix)
            assert copy.is_file(), f"{copy.name} is missing: the build step runs `python -m whitenoise.compress frontend/dist`"
            assert copy.stat().st_size < path.stat().st_size
