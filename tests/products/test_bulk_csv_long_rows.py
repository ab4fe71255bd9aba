"""A CSV upload whose row never ends (one endless line, or an endless run of quoted line breaks) is
refused as it arrives, once the row passes MAX_ROW_CHARACTERS: the request holds no more than that
row's room in memory, whatever the size of the body, and nothing is stored."""
import io
import tracemalloc

import pytest

from api.imports.upload_rows import MAX_ROW_CHARACTERS
from tests.api.helpers import assert_error
from tests.products.test_bulk_csv import ITEMS, nothing_stored

BODY_BYTES = 64 << 20
MEMORY_BOUND = 16 << 20  # the row's room (up to 4 bytes a character), read-ahead buffers, the request itself


class EndlessRow(io.RawIOBase):
    """A ``BODY_BYTES`` body made on the fly as it is read: ``head``, then ``piece`` over and over;
    ``taken`` is the furthest byte the server read."""

    def __init__(self, head, piece):
        super().__init__()
        self._head, self._piece = head, piece
        self._at = self.taken = 0

    def readable(self):
        return True

    def seekable(self):
        return True

    def seek(self, offset, whence=io.SEEK_SET):
        self._at = BODY_BYTES + offset if whence == io.SEEK_END else offset
        return self._at

    def tell(self):
        return self._at

    def readinto(self, buffer):
        size = min(len(buffer), BODY_BYTES - self._at)
        if self._at < len(self._head):
            data = self._head[self._at:self._at + size]
        else:
            offset = (self._at - len(self._head)) % len(self._piece)
            data = (self._piece * (size // len(self._piece) + 2))[offset:offset + size]
        buffer[:len(data)] = data
        self._at += len(data)
        self.taken = max(self.taken, self._at)
        return len(data)


@pytest.mark.parametrize("head, piece", [
    (b"upc,sku,name,cost\r\nU1,S1,", b"x" * 4096),
    (b"upc,sku,name,cost\r\n", b'"a\nb",' * 512),
    (b"", b"upc" * 1024),
], ids=["one endless line", "endless quoted line breaks", "endless header"])
def test_a_row_that_never_ends_is_refused_as_it_arrives(client, as_manager, head, piece):
    body = EndlessRow(head, piece)
    tracemalloc.start()
    try:
        response = client.post(ITEMS, headers=as_manager, input_stream=body, content_type="text/csv")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    assert peak < MEMORY_BOUND, f"{peak / 2**20:.0f} MB held"
    assert body.taken < MEMORY_BOUND, f"{body.taken / 2**20:.0f} MB read"
    assert_error(response, 400, "invalid_csv")
    assert f"longer than {MAX_ROW_CHARACTERS:,} characters" in response.get_json()["description"]
    assert nothing_stored()
