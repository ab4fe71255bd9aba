"""The API's WSGI entry point for servers: ``gunicorn 'api.wsgi:app'`` builds the app once per process."""
import gc

from api.app import create_app

app = create_app()

# What the app holds for the life of the process (modules, schemas, routes, compiled queries) is set
# out of the cyclic garbage collector's reach: each full collection walked all of it, about 90 ms
# that landed on whichever request set it off, the slowest of the request list's calls.
gc.freeze()
