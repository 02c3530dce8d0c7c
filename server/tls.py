"""Local certificates for serving https at the venue.

A phone runs the terminal's service worker (which keeps the table working through a reload
with no network) only on a secure origin: https, or the phone's own localhost. `make_certificate`
makes a small certificate authority of the venue, once, and with it a server certificate for
the laptop's addresses; the authority's certificate is what each phone installs and trusts
(README, "Serving https"), and a new address later needs only a new server certificate from the
same authority. Python's `cryptography` makes them when it is installed, else the `openssl`
command does.
"""

from __future__ import annotations

import ipaddress
import os
import shutil
import ssl
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

CA_NAME = "traveller-ca.crt"
CA_KEY = "traveller-ca.key"
CERT_NAME = "traveller.crt"
KEY_NAME = "traveller.key"
CA_DAYS = 3650
CERT_DAYS = 397
"""Phones refuse server certificates valid for longer than about 13 months."""


class CertificateError(ValueError):
    """A certificate could not be made or does not fit its key."""


@dataclass(frozen=True)
class Certificates:
    ca: Path
    """The authority's certificate: the file each phone installs and trusts."""
    cert: Path
    """The server's certificate (`traveller serve --cert`)."""
    key: Path
    """The server's private key (`traveller serve --key`)."""
    hosts: tuple[str, ...]
    """The addresses and names the server certificate is good for."""
    maker: str
    """"cryptography" or "openssl"."""


def make_certificate(folder: str | Path, hosts: list[str],
                     use_openssl: bool = False) -> Certificates:
    """The venue's authority (made once, kept in `folder`) and a server certificate for
    `hosts` (IP addresses or names), signed by it."""
    out = Path(folder)
    if not out.is_dir():
        raise CertificateError(f"no folder {str(out)!r} for the certificates")
    hosts = list(dict.fromkeys(h.strip() for h in hosts if h.strip()))
    if not hosts:
        raise CertificateError("name at least one address for the certificate")
    try:
        import cryptography  # noqa: F401
    except ImportError:
        use_openssl = True
    if use_openssl:
        if shutil.which("openssl") is None:
            raise CertificateError("neither Python's cryptography nor the openssl command is "
                                   "installed: install one of them")
        _with_openssl(out, hosts)
    else:
        _with_cryptography(out, hosts)
    made = Certificates(out / CA_NAME, out / CERT_NAME, out / KEY_NAME, tuple(hosts),
                        "openssl" if use_openssl else "cryptography")
    check_pair(str(made.cert), str(made.key))
    return made


def check_pair(cert: str, key: str) -> None:
    """Raise CertificateError unless `cert` and `key` are readable and belong together."""
    for path in (cert, key):
        if not Path(path).is_file():
            raise CertificateError(f"no file {path!r}")
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(cert, key)
    except (ssl.SSLError, OSError) as exc:
        raise CertificateError(f"{cert!r} and {key!r} are not a certificate and its key "
                               f"({exc})") from None


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _private(path: Path) -> None:
    os.chmod(path, 0o600)


def _with_openssl(out: Path, hosts: list[str]) -> None:
    def run(*args: str) -> None:
        done = subprocess.run(["openssl", *args], capture_output=True, text=True)
        if done.returncode:
            raise CertificateError(f"openssl {args[0]} failed: {done.stderr.strip()[:300]}")

    ca, ca_key = out / CA_NAME, out / CA_KEY
    if not (ca.is_file() and ca_key.is_file()):
        run("req", "-x509", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
            "-nodes", "-sha256",
            "-keyout", str(ca_key), "-out", str(ca), "-days", str(CA_DAYS),
            "-subj", "/CN=Traveller venue authority",
            "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign")
        _private(ca_key)
    names = ",".join(f"IP:{h}" if _is_ip(h) else f"DNS:{h}" for h in hosts)
    with tempfile.TemporaryDirectory() as work:
        request, extensions = Path(work) / "server.csr", Path(work) / "server.ext"
        extensions.write_text(
            f"subjectAltName={names}\nbasicConstraints=critical,CA:FALSE\n"
            "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n",
            encoding="ascii")
        run("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", str(out / KEY_NAME),
            "-out", str(request), "-subj", f"/CN={hosts[0]}")
        _private(out / KEY_NAME)
        run("x509", "-req", "-in", str(request), "-CA", str(ca), "-CAkey", str(ca_key),
            "-set_serial", str(int.from_bytes(os.urandom(8), "big")), "-sha256",
            "-days", str(CERT_DAYS), "-extfile", str(extensions), "-out", str(out / CERT_NAME))


def _with_cryptography(out: Path, hosts: list[str]) -> None:
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_path, ca_key_path = out / CA_NAME, out / CA_KEY

    def pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
        return key.private_bytes(serialization.Encoding.PEM,
                                 serialization.PrivateFormat.PKCS8,
                                 serialization.NoEncryption())

    if ca_path.is_file() and ca_key_path.is_file():
        ca_cert = x509.load_pem_x509_certificate(ca_path.read_bytes())
        loaded = serialization.load_pem_private_key(ca_key_path.read_bytes(), None)
        if not isinstance(loaded, ec.EllipticCurvePrivateKey):
            raise CertificateError(f"{str(ca_key_path)!r} is not the authority's key")
        ca_key = loaded
    else:
        ca_key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Traveller venue authority")])
        ca_cert = (
            x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=CA_DAYS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(
                digital_signature=False, content_commitment=False, key_encipherment=False,
                data_encipherment=False, key_agreement=False, key_cert_sign=True,
                crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
            .sign(ca_key, hashes.SHA256()))
        ca_key_path.write_bytes(pem_key(ca_key))
        _private(ca_key_path)
        ca_path.write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    key = ec.generate_private_key(ec.SECP256R1())
    names: list[x509.GeneralName] = [
        x509.IPAddress(ipaddress.ip_address(h)) if _is_ip(h) else x509.DNSName(h)
        for h in hosts]
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0])]))
        .issuer_name(ca_cert.subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=CERT_DAYS))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=False, key_encipherment=False,
            data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
            encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(ca_key, hashes.SHA256()))
    (out / KEY_NAME).write_bytes(pem_key(key))
    _private(out / KEY_NAME)
    (out / CERT_NAME).write_bytes(cert.public_bytes(serialization.Encoding.PEM))
