"""Issue 15 item 5: `traveller cert` makes the venue's certificate authority and a server
certificate; `traveller serve --cert --key` serves https with it (phones then run the
terminal's service worker) and hands the authority to the phones that install it."""

from __future__ import annotations

import argparse
import os
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from server.cli import main
from server.cli.serving import _tls
from server.errors import CliError
from server.tls import make_certificate
from tests.conftest import REPO, served_event


def names_in(cert: Path) -> str:
    return subprocess.run(["openssl", "x509", "-in", str(cert), "-noout", "-ext",
                           "subjectAltName,basicConstraints"],
                          capture_output=True, text=True, check=True).stdout


def test_15_5_cert_makes_an_authority_and_a_server_certificate_with_openssl(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cert", str(tmp_path), "--host", "192.168.1.20", "--host", "localhost",
                 "--openssl"]) == 0
    said = capsys.readouterr().out
    assert "made with openssl" in said and "--cert" in said
    cert, key, ca = (tmp_path / n for n in ("traveller.crt", "traveller.key",
                                           "traveller-ca.crt"))
    text = names_in(cert)
    assert "IP Address:192.168.1.20" in text and "DNS:localhost" in text
    assert "CA:FALSE" in text and "CA:TRUE" in names_in(ca)
    assert oct(key.stat().st_mode & 0o777) == "0o600"
    # The certificate is signed by the authority the phones trust.
    verify = subprocess.run(["openssl", "verify", "-CAfile", str(ca), str(cert)],
                            capture_output=True, text=True)
    assert verify.returncode == 0, verify.stderr
    # A new address later: a new server certificate from the same authority.
    before = ca.read_bytes()
    assert main(["cert", str(tmp_path), "--host", "10.0.0.5", "--openssl"]) == 0
    assert ca.read_bytes() == before and "IP Address:10.0.0.5" in names_in(cert)


def test_15_5_cert_with_pythons_cryptography(tmp_path: Path) -> None:
    pytest.importorskip("cryptography")
    made = make_certificate(tmp_path, ["192.168.1.20", "localhost"])
    assert made.maker == "cryptography"
    assert "IP Address:192.168.1.20" in names_in(made.cert)


def test_15_5_serve_refuses_a_certificate_without_its_key(tmp_path: Path) -> None:
    def tls(cert: str | None, key: str | None) -> None:
        _tls(argparse.Namespace(cert=cert, key=key))

    with pytest.raises(CliError, match="--cert and --key go together"):
        tls(str(tmp_path / "x.crt"), None)
    (tmp_path / "x.crt").write_text("not a certificate")
    (tmp_path / "x.key").write_text("not a key")
    with pytest.raises(CliError, match="not a certificate and its key"):
        tls(str(tmp_path / "x.crt"), str(tmp_path / "x.key"))
    with pytest.raises(CliError, match="no file"):
        tls(str(tmp_path / "missing.crt"), str(tmp_path / "x.key"))


def test_15_5_serve_speaks_https_and_hands_out_the_authority(tmp_path: Path) -> None:
    certs = tmp_path / "certs"
    certs.mkdir()
    make_certificate(certs, ["127.0.0.1"], use_openssl=True)
    server = served_event(tmp_path, tables=3)
    server.args = ["--cert", str(certs / "traveller.crt"), "--key", str(certs / "traveller.key")]
    trusting = ssl.create_default_context(cafile=str(certs / "traveller-ca.crt"))
    base = f"https://127.0.0.1:{server.port}"
    # ServerProcess waits on plain http: wait for https here instead.
    log = open(tmp_path / "serve.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "server.cli", "serve", str(server.db_path),
                             "--host", "127.0.0.1", "--port", str(server.port), *server.args],
                            cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 30
        page = None
        while time.monotonic() < deadline and page is None:
            try:
                page = urllib.request.urlopen(base + "/director/login", timeout=2,
                                              context=trusting)
            except OSError:
                time.sleep(0.2)
        assert page is not None and page.status == 200, (tmp_path / "serve.log").read_text()
        authority = urllib.request.urlopen(base + "/venue-ca.crt", context=trusting)
        assert authority.read() == (certs / "traveller-ca.crt").read_bytes()
        assert "https://127.0.0.1" in (tmp_path / "serve.log").read_text()
    finally:
        proc.terminate()
        proc.wait(timeout=15)
