"""Debian's nginx in front of a site, on the very configuration ``docs/deploy.md`` gives.

:class:`Nginx` writes ``docs/deploy/nginx.conf`` into a temporary directory with its two
upstream addresses and its ``listen`` line replaced by the test's own (each must be there
exactly once: the test fails if the document's configuration changes shape), wraps it in
a minimal main configuration (its pid, logs and temporary files in that directory) and
runs ``nginx`` in the foreground on a free loopback port, as any user.

``nginx`` missing skips these tests, except when ``CI`` is set, where it fails them
(``scripts/check`` installs it).
"""

from __future__ import annotations

import os
import shutil
import ssl
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

import pytest

from tests.server.harness import free_port

TEMPLATE = Path(__file__).parents[2] / "docs" / "deploy" / "nginx.conf"
"""The site's nginx configuration, as the document and compose.yaml give it."""

UPSTREAMS = ("saqqara-1:8000", "saqqara-2:8000")
"""The template's upstream addresses (compose.yaml's two processes)."""

LISTEN = "    listen 80;\n"

MAIN = """worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log {dir}/access.log;
    client_body_temp_path {dir}/client_body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    include {dir}/saqqara.conf;
}}
"""


def nginx_binary() -> str:
    """The path of ``nginx`` (``/usr/sbin`` is not on every user's PATH); skips the test
    where it is missing, or fails it under CI."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("nginx is not installed and CI requires it (scripts/check installs it)")
        pytest.skip("nginx is not installed (CI never skips this)")
    return found


def site_config(upstreams: list[str], port: int, tls: Path | None = None) -> str:
    """``docs/deploy/nginx.conf`` with ``upstreams`` for its two processes and listening on
    127.0.0.1:``port``; with ``tls`` (a folder holding ``cert.pem`` and ``key.pem``), with
    TLS there, as docs/deploy.md says to add it."""
    text = TEMPLATE.read_text("utf-8")
    assert len(upstreams) == len(UPSTREAMS)
    listen = f"    listen 127.0.0.1:{port};\n"
    if tls is not None:
        listen = f"    listen 127.0.0.1:{port} ssl;\n    ssl_certificate {tls}/cert.pem;\n"
        listen += f"    ssl_certificate_key {tls}/key.pem;\n"
    for old, new in [*zip(UPSTREAMS, upstreams, strict=True), (LISTEN, listen)]:
        assert text.count(old) == 1, f"{TEMPLATE} no longer has {old!r} once"
        text = text.replace(old, new)
    return text


def self_signed(folder: Path) -> None:
    """A key and a certificate for 127.0.0.1 in ``folder`` (``openssl``, as Debian has it)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        if os.environ.get("CI"):
            pytest.fail("openssl is not installed and CI requires it (scripts/check installs it)")
        pytest.skip("openssl is not installed (CI never skips this)")
    key, cert = str(folder / "key.pem"), str(folder / "cert.pem")
    request = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    made = subprocess.run(
        [openssl, *request, "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", cert],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr


class Nginx:
    """nginx on 127.0.0.1 and a free port in front of ``upstreams`` (``HOST:PORT`` each);
    ``tls``: on HTTPS, with a self-signed certificate."""

    def __init__(self, upstreams: list[str], tls: bool = False) -> None:
        self.binary = nginx_binary()
        self.port = free_port()
        self.base = f"{'https' if tls else 'http'}://127.0.0.1:{self.port}"
        # Traversable by nginx's workers, which run as nobody when the test runs as root.
        self.dir = Path(tempfile.mkdtemp(prefix="saqqara-nginx-"))
        self.dir.chmod(0o755)
        if tls:
            self_signed(self.dir)
        config = site_config(upstreams, self.port, self.dir if tls else None)
        (self.dir / "saqqara.conf").write_text(config, "utf-8")
        (self.dir / "nginx.conf").write_text(MAIN.format(dir=self.dir), "utf-8")
        self.process: subprocess.Popen[bytes] | None = None

    def command(self, *more: str) -> list[str]:
        conf = str(self.dir / "nginx.conf")
        return [
            self.binary,
            "-p",
            str(self.dir),
            "-e",
            str(self.dir / "error.log"),
            "-c",
            conf,
            *more,
        ]

    def start(self, timeout: float = 60.0) -> Nginx:
        checked = subprocess.run(self.command("-t"), capture_output=True, text=True, timeout=60)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen(
            self.command("-g", "daemon off;"), stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.errors()}")
            try:
                unverified = ssl._create_unverified_context()  # the test's own certificate
                with urllib.request.urlopen(
                    self.base + "/healthz", timeout=5, context=unverified
                ) as answer:
                    if answer.status == 200:
                        return self
            except (urllib.error.URLError, OSError):
                time.sleep(0.1)
        raise RuntimeError(f"nginx did not answer in {timeout:.0f} s: {self.errors()}")

    def errors(self) -> str:
        """nginx's error log so far."""
        path = self.dir / "error.log"
        return path.read_text("utf-8", "replace") if path.exists() else ""

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> Nginx:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
