"""Password hashing with Argon2id (memory-hard)."""
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()


@cache
def _dummy_hash():
    """Verified against when the username is unknown, so both paths cost the same time; made on
    first use rather than at import, which every process (worker, scheduler, CLI) pays."""
    return _hasher.hash("not-a-real-password")


def hash_password(password):
    return _hasher.hash(password)


def verify_password(password_hash, password):
    try:
        return _hasher.verify(password_hash or _dummy_hash(), password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False
