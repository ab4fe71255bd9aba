"""Holding Python's cyclic garbage collector off while a large upload is built or applied.

Parsing and checking 100,000 rows creates millions of objects, none of them part of a reference
cycle; the collector, triggered every few hundred allocations, spent 10-15 % of such an upload's
time walking them and found nothing to free (a quarter of a bulk request file's check, read a
batch at a time as it arrives, whose checked requests live until their chunk is stored). Applying them in a job does the same: a chunk's
rows, the requests, sets and shipments made of them all live until the chunk is written, and the
collector took a quarter of the worker's time on a bulk request file. It is held off while any
upload request or import job runs (the count lets those on other threads overlap) and resumes when
the last one ends.
"""
import gc
import threading
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0
_was_enabled = True


def hold_collection():
    global _holders, _was_enabled
    with _lock:
        if _holders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holders += 1


def release_collection():
    global _holders
    with _lock:
        _holders -= 1
        if _holders == 0 and _was_enabled:
            gc.enable()


@contextmanager
def collection_held():
    hold_collection()
    try:
        yield
    finally:
        release_collection()
