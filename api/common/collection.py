"""Holding Python's cyclic garbage collector off while a large upload is checked or applied.

Checking 100,000 rows creates millions of objects, none of them part of a reference cycle, and many
live on for a while: a whole JSON body, or a CSV file's checked requests until their chunk is
stored. Applying them in a job does the same: a chunk's rows and the requests, sets and shipments
built from them all live until the chunk is written. The collector, triggered every few hundred
allocations, walked them again and again and found nothing to free: 10-25 % of an upload
request's time, and a quarter of the worker's time on a bulk request file. It is held off while
any upload request or import job's run goes on (the count lets those on other threads overlap)
and resumes when the last one ends.
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
