"""Holding Python's cyclic garbage collector off while a request builds a large upload.

Parsing and checking 100,000 rows creates millions of objects, none of them part of a reference
cycle; the collector, triggered every few hundred allocations, spent 10-15 % of such an upload's
time walking them and found nothing to free. It is held off while any upload request runs (the
count lets requests on other threads overlap) and resumes when the last one ends.
"""
import gc
import threading

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
