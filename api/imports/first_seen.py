"""The whole-file rule that a value (a UPC, a SKU) appears on one row only, for a file read in batches.

The values of earlier batches are kept as two independent fingerprints, Python's 64-bit string hash
and a CRC-32, in sorted NumPy arrays beside the line each value was first met on: 20 bytes a value,
where a set of the values themselves would hold two Python objects a value (about 250 MB for the
UPCs and SKUs of a million rows). Two different values share both fingerprints with a probability
of about 2^-96 a pair, far below that of a disk error, so both met again is the value met again.
Within a batch the values themselves are compared.

The arrays are sorted runs, merged two of a like size at a time (as a binary counter carries), so a
batch costs a search in a few runs and each value is copied a logarithmic number of times, not once
a batch as inserting into one array would."""
from zlib import crc32

import numpy as np


class _Run:
    def __init__(self, hashes, crcs, lines):
        order = np.argsort(hashes, kind="stable")
        self.hashes, self.crcs, self.lines = hashes[order], crcs[order], lines[order]

    def __len__(self):
        return len(self.hashes)

    def merged(self, other):
        return _Run(*(np.concatenate((mine, theirs)) for mine, theirs in (
            (self.hashes, other.hashes), (self.crcs, other.crcs), (self.lines, other.lines))))

    def find(self, values, hashes, found):
        """Add to ``found`` the line of each of ``values`` (with ``hashes``) this run holds."""
        place = np.minimum(np.searchsorted(self.hashes, hashes), len(self) - 1)
        for index in np.flatnonzero(self.hashes[place] == hashes).tolist():
            at, value = int(place[index]), values[index]
            crc = crc32(value.encode())
            # Values whose hashes collide sit side by side: look along the run.
            while at < len(self) and self.hashes[at] == hashes[index]:
                if self.crcs[at] == crc:
                    found.setdefault(value, int(self.lines[at]))
                    break
                at += 1


class FirstSeen:
    """The values of one column met so far, each with the line it was first met on."""

    def __init__(self):
        self._runs = []  # sizes decreasing

    def __len__(self):
        return sum(map(len, self._runs))

    def earlier_lines(self, values, lines):
        """For each of ``values`` (None is no value) on ``lines``, the line an earlier row gave it on,
        or None; the values not met before are remembered with their line."""
        first = dict(zip(reversed(values), reversed(lines)))  # the first line wins: it is written last
        first.pop(None, None)
        distinct = list(first)
        hashes = np.fromiter(map(hash, distinct), dtype=np.int64, count=len(distinct))
        known = {}
        for run in self._runs:
            run.find(distinct, hashes, known)
        first.update(known)
        new = [position for position, value in enumerate(distinct) if value not in known] if known else range(len(distinct))
        if len(new):
            self._remember(hashes[list(new)] if known else hashes, [distinct[position] for position in new], first)
        if not known and len(distinct) == len(values) - values.count(None):
            return [None] * len(values)  # no value met twice
        return [None if value is None or first[value] == line else first[value] for value, line in zip(values, lines)]

    def _remember(self, hashes, values, first):
        run = _Run(
            hashes,
            np.fromiter((crc32(value.encode()) for value in values), dtype=np.uint32, count=len(values)),
            np.fromiter(map(first.__getitem__, values), dtype=np.int64, count=len(values)),
        )
        while self._runs and len(self._runs[-1]) <= 2 * len(run):
            run = self._runs.pop().merged(run)
        self._runs.append(run)
