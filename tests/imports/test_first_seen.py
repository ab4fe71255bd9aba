"""The whole-file 'appears once' rule across batches, in fingerprints instead of values."""
from zlib import crc32

import numpy as np

from api.imports.first_seen import FirstSeen, _Run


def test_a_value_met_again_answers_the_line_it_was_first_met_on():
    seen = FirstSeen()

    assert seen.earlier_lines(["a", "b", None, "a", "c"], [2, 3, 4, 5, 6]) == [None, None, None, 2, None]
    assert seen.earlier_lines(["c", "d", "d", None, "b"], [7, 8, 9, 10, 11]) == [6, None, 8, None, 3]
    assert len(seen) == 4


def test_values_of_many_batches_are_all_remembered_with_their_first_line():
    seen = FirstSeen()
    for batch in range(40):
        values = [f"V{batch * 100 + n}" for n in range(100)]
        assert seen.earlier_lines(values, [2 + batch * 100 + n for n in range(100)]) == [None] * 100

    again = [f"V{n}" for n in range(0, 4000, 397)] + ["new"]
    assert seen.earlier_lines(again, list(range(5000, 5000 + len(again)))) == [2 + n for n in range(0, 4000, 397)] + [None]
    assert len(seen) == 4001


def test_values_whose_hashes_collide_are_told_apart_by_their_crc():
    # Two values given one hash, as 64-bit hashes of different strings rarely are: the run holds both.
    run = _Run(np.array([7, 7, 9], dtype=np.int64),
               np.array([crc32(b"first"), crc32(b"second"), crc32(b"other")], dtype=np.uint32),
               np.array([2, 3, 4], dtype=np.int64))
    found = {}

    run.find(["second", "third"], np.array([7, 7], dtype=np.int64), found)

    assert found == {"second": 3}
