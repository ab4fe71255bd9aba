"""The routes outside the API: the built frontend and its fallback for browser routes."""
import pytest

from api.app import create_app


@pytest.fixture
def web_client(app, tmp_path):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Portal</title>")
    (dist / "assets" / "app.js").write_text("console.log('portal')")
    return create_app({**app.config, "FRONTEND_DIST": str(dist)}).test_client()


def test_browser_routes_get_the_app_and_assets_are_served(web_client):
    page = web_client.get("/1/users/new")
    asset = web_client.get("/assets/app.js")

    assert page.status_code == 200 and b"<title>Portal</title>" in page.data
    assert page.headers["Cache-Control"] == "no-cache"
    assert asset.status_code == 200 and b"portal" in asset.data


def test_a_path_outside_the_build_folder_is_not_served(web_client):
    response = web_client.get("/../../etc/passwd")

    assert b"root:" not in response.data


def test_an_unbuilt_frontend_says_how_to_build_it(app, tmp_path):
    response = create_app({**app.config, "FRONTEND_DIST": str(tmp_path / "missing")}).test_client().get("/")

    assert response.status_code == 503
    assert b"npm run build" in response.data
