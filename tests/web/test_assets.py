"""The build's assets: served precompressed (brotli, else gzip, else plain) as the browser
accepts, with the right type and a year's caching (their names carry a content hash); the
page itself is revalidated on every load; nothing outside the assets folder is served."""

from __future__ import annotations

import asyncio
import gzip
from pathlib import Path

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from saqqara.server.site import site_routes

SCRIPT = b"console.log('saqqara');\n" * 50


async def _placeholder(request: Request) -> Response:
    return HTMLResponse("placeholder")


def _build(folder: Path) -> Path:
    assets = folder / "assets"
    assets.mkdir()
    (folder / "index.html").write_text("<title>built</title>", encoding="utf-8")
    (assets / "index-abc123.js").write_bytes(SCRIPT)
    (assets / "index-abc123.js.gz").write_bytes(gzip.compress(SCRIPT))
    (assets / "index-abc123.js.br").write_bytes(b"brotli bytes")
    (assets / "plain-abc.css").write_bytes(b"body{}")
    (folder / "secret.txt").write_text("not an asset", encoding="utf-8")
    return folder


def _get(folder: Path, path: str, encoding: str) -> httpx.Response:
    async def fetch() -> httpx.Response:
        app = Starlette(routes=site_routes(_placeholder, folder))
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
            request = client.build_request("GET", path, headers={"Accept-Encoding": encoding})
            return await client.send(request, stream=True)

    return asyncio.run(fetch())


def test_assets_come_compressed_as_the_browser_accepts(tmp_path: Path) -> None:
    folder = _build(tmp_path)
    brotli = _get(folder, "/assets/index-abc123.js", "gzip, deflate, br")
    assert brotli.headers["content-encoding"] == "br"
    assert brotli.headers["content-type"].startswith("text/javascript")
    packed = _get(folder, "/assets/index-abc123.js", "gzip, br;q=0")
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) < len(SCRIPT)
    plain = _get(folder, "/assets/index-abc123.js", "identity")
    assert "content-encoding" not in plain.headers
    assert int(plain.headers["content-length"]) == len(SCRIPT)
    uncompressed = _get(folder, "/assets/plain-abc.css", "br, gzip")
    assert "content-encoding" not in uncompressed.headers
    for answer in (brotli, packed, plain, uncompressed):
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert answer.headers["vary"] == "Accept-Encoding"


def test_only_the_built_assets_are_served(tmp_path: Path) -> None:
    folder = _build(tmp_path)
    for path in (
        "/assets/missing.js",
        "/assets/index-abc123.js.gz",
        "/assets/..%2Fsecret.txt",
        "/assets/.hidden",
    ):
        assert _get(folder, path, "gzip").status_code == 404, path
    page = _get(folder, "/replay", "gzip")
    assert page.headers["cache-control"] == "no-cache"


def test_every_rules_address_answers_the_page(tmp_path: Path) -> None:
    """The rules have addresses of their own (linked from the lobby and the table's "?"):
    each answers the built page, which routes itself."""
    folder = _build(tmp_path)
    for path in ("/rules", "/rules/tutankhamun", "/rules/tutankhamun?edition=ootb-2004"):
        page = _get(folder, path, "gzip")
        assert page.status_code == 200, path
        assert page.headers["cache-control"] == "no-cache"
    assert _get(folder, "/rules/a/b", "gzip").status_code == 404
