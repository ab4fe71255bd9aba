"""A request body read as a stream (a CSV upload) instead of whole: what was read is digested on the
way, so the Idempotency-Key fingerprint and the request log need not hold the body."""
import hashlib
import io

from flask import request

_PIECE = 1 << 20
STREAMED_MEDIA_TYPES = frozenset({"text/csv"})


class _DigestingReader(io.RawIOBase):
    def __init__(self, stream):
        super().__init__()
        self._stream = stream
        self.digest = hashlib.sha256()
        self.size = 0

    def readable(self):
        return True

    def readinto(self, buffer):
        data = self._stream.read(len(buffer))
        self._took(data)
        buffer[:len(data)] = data
        return len(data)

    def _took(self, data):
        self.digest.update(data)
        self.size += len(data)

    def drain(self):
        """Read (and digest) what the reader of the body left."""
        while data := self._stream.read(_PIECE):
            self._took(data)


def streams_body():
    """Whether the request's body is of a kind read as a stream (a CSV file), never whole."""
    return request.mimetype in STREAMED_MEDIA_TYPES


_KEY = "portal.body_stream"  # kept in the request's environ: g can outlive a request (a test's app context)


def body_stream():
    """The request's body as a binary file (one for the request), digested as it is read."""
    if _KEY not in request.environ:
        request.environ[_KEY] = _DigestingReader(request.stream)
    return request.environ[_KEY]


def body_digest():
    """The SHA-256 of the whole streamed body, reading what is left of it."""
    reader = body_stream()
    reader.drain()
    return reader.digest.hexdigest()


def streamed_size():
    """The bytes of the streamed body read so far (None when nothing read it as a stream)."""
    reader = request.environ.get(_KEY)
    return reader.size if reader is not None else None
