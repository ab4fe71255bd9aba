"""Answers that the browser saves as a file."""
from urllib.parse import quote

from flask import Response


def attachment(body, file_name, mimetype, **response_options):
    """An answer saved as ``file_name``: an ASCII name for every browser and the exact one (RFC 6266)
    for those that read it."""
    response = Response(body, mimetype=mimetype, **response_options)
    plain_name = "".join(c if c.isascii() and c.isprintable() and c not in '"\\/' else "_" for c in file_name)
    response.headers["Content-Disposition"] = (
        f"attachment; filename=\"{plain_name}\"; filename*=UTF-8''{quote(file_name.replace('/', '_'), safe='')}"
    )
    return response
