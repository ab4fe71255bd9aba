"""Holding Python's cyclic garbage collector off while a large upload is checked or applied.

Checking 100,000 rows creates millions of objects, none of them part of a reference cycle, and many
live on for a while: a whole JSON body, or a CSV file's checked requests until their chunk is
stored. Applying them in a job does the same: a chunk's rows and the requests, sets and shipments
built from them all live until the chunk is written. The collector, triggered every few hundred
allocations, walked them again and again and found nothing to free: 10-25 % of an upload
request's time, and a quarter of the worker's time on a bulk request file.

The switch is the whole process's, and an API process serves other requests on its other threads
meanwhile, whose cycles (a session's objects, an error's traceback) only the collector frees: held
off for the minutes of a large upload beside steady traffic, they would pile up. So the collector is
held off only while every piece of work running in the process asked for it (the upload requests
and import runs that hold it; the count lets those on other threads overlap); any other request
(``collected_work``) turns it back on for as long as it runs, and it resumes when the last holder ends.
"""
import gc
import threading
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0  # uploads and import runs that hold the collector off
_others = 0  # other work running beside them, which needs it on
_switched_off = False  # by this module (a collector someone else switched off is left so)


def _settle():
    global _switched_off
    off = _holders > 0 and _others == 0
    if off and not _switched_off and gc.isenabled():
        gc.disable()
        _switched_off = True
    elif not off and _switched_off:
        gc.enable()
        _switched_off = False


def hold_collection():
    global _holders
    with _lock:
        _holders += 1
        _settle()


def release_collection():
    global _holders
    with _lock:
        _holders -= 1
        _settle()


def begin_collected_work():
    """Work that needs the collector (a request that is not an upload) starts: it runs meanwhile."""
    global _others
    with _lock:
        _others += 1
        _settle()


def end_collected_work():
    global _others
    with _lock:
        _others -= 1
        _settle()


@contextmanager
def collection_held():
    hold_collection()
    try:
        yield
    finally:
        release_collection()
