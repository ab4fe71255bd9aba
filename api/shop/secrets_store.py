"""Encryption of shop access tokens at rest, and the key the install state is signed with.

The keys come from SHOP_TOKEN_KEY (Fernet keys, comma-separated, newest first, so an old key can
still decrypt while tokens are re-encrypted). Without it a key is generated once and kept beside the
portal's signing key, which every API process already shares.
"""
import os
import threading
from pathlib import Path

from cryptography.fernet import Fernet, MultiFernet

KEY_FILE = "shop-token.key"

_lock = threading.Lock()
_generated = {}


def _stored_key(keys_dir):
    with _lock:
        if keys_dir in _generated:
            return _generated[keys_dir]
        path = Path(keys_dir) / KEY_FILE
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            # Written aside, then linked into place: another process sees no key or a whole one.
            draft = path.with_name(f"{KEY_FILE}.{os.getpid()}.{threading.get_ident()}")
            descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(Fernet.generate_key())
            try:
                os.link(draft, path)
            except FileExistsError:
                pass  # another process made it first; use theirs
            finally:
                draft.unlink()
        key = path.read_bytes().strip()
        _generated[keys_dir] = key
        return key


def _keys(config):
    configured = [key.strip() for key in config["SHOP_TOKEN_KEY"].split(",") if key.strip()]
    return [key.encode() for key in configured] or [_stored_key(config["JWT_KEYS_DIR"])]


def encrypt_token(config, token):
    return MultiFernet([Fernet(key) for key in _keys(config)]).encrypt(token.encode())


def decrypt_token(config, encrypted):
    return MultiFernet([Fernet(key) for key in _keys(config)]).decrypt(encrypted).decode()


def state_key(config):
    """The newest token key doubles as the state signing secret (itsdangerous salts it apart)."""
    return _keys(config)[0]
