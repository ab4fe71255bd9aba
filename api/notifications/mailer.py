"""Mail transport: SMTP when MAIL_URL is set, otherwise .eml files in MAIL_FOLDER."""
import smtplib
import ssl
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse


def send(config, message, file_stem):
    url = config["MAIL_URL"]
    if not url:
        folder = Path(config["MAIL_FOLDER"])
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{file_stem}.eml").write_bytes(bytes(message))
        return
    parts = urlparse(url)
    if parts.scheme not in ("smtp", "smtps"):
        raise ValueError("MAIL_URL must start with smtp:// or smtps://")
    port = parts.port or (465 if parts.scheme == "smtps" else 25)
    if parts.scheme == "smtps":
        connection = smtplib.SMTP_SSL(parts.hostname, port, timeout=30, context=ssl.create_default_context())
    else:
        connection = smtplib.SMTP(parts.hostname, port, timeout=30)
    with connection:
        if parse_qs(parts.query).get("starttls") == ["1"]:
            connection.starttls(context=ssl.create_default_context())
        if parts.username:
            connection.login(unquote(parts.username), unquote(parts.password or ""))
        connection.send_message(message)
