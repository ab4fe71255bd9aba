"""The files that travel with a shipment: its custom shipping label (the checklist wants one when the
ship method is Custom) and its shipping documents, printed in the copies asked for. Each is checked by
its content, not by its name or the format it claims, and kept in the database under a name the
server made; the uploader's name is kept for the download."""
import base64
import binascii
import io
import re
import struct
import uuid
import zlib

from flask import current_app
from pypdf import PdfReader
from sqlalchemy import delete, exists, select
from sqlalchemy.orm import defer

from api.common.errors import ApiError, NotFound
from api.common.tenancy import owned_by, scoped
from api.extensions import db
from api.orders import allocation, lifecycle
from api.orders.models import READY_TO_PROCESS, VALIDATING
from api.shipments.models import CUSTOM_LABEL, DOCUMENT, ShipmentFile
from api.shipments.owned import shipment_of, shipment_to_change
from api.shipping.models import ShipProfile

FORMATS = {CUSTOM_LABEL: ("png", "zpl"), DOCUMENT: ("png", "pdf")}
CONTENT_TYPES = {"png": "image/png", "pdf": "application/pdf", "zpl": "text/plain"}
ADD = {CUSTOM_LABEL: "add_custom_label", DOCUMENT: "add_documents"}
DELETE = {CUSTOM_LABEL: "delete_custom_label", DOCUMENT: "delete_documents"}
# How the upload forms name what they send.
FILE_LABELS = {"content": "File", "name": "File Name", "format": "Format", "copies": "Copies"}


class InvalidFile(ApiError):
    status = 422
    code = "invalid_file"


class FileTooLarge(ApiError):
    status = 413
    code = "file_too_large"


def list_documents(client_id, shipment_id):
    """A shipment's documents, oldest first, without their contents."""
    shipment = shipment_of(client_id, shipment_id)
    return db.session.scalars(_files_of(shipment, DOCUMENT).options(defer(ShipmentFile.content))
                              .order_by(ShipmentFile.id)).all()


def add_document(client_id, identity, shipment_id, upload):
    """Store a shipping document (PNG or PDF) while the shipment's documents may change."""
    content = checked_content(upload, DOCUMENT)
    shipment = shipment_to_change(client_id, identity, shipment_id, ADD[DOCUMENT])
    return _store(shipment, DOCUMENT, upload, content, identity)


def replace_custom_label(client_id, identity, shipment_id, upload):
    """Store the shipment's custom label (PNG or ZPL) in place of the one it had, while labels may change."""
    content = checked_content(upload, CUSTOM_LABEL)
    shipment = shipment_to_change(client_id, identity, shipment_id, ADD[CUSTOM_LABEL])
    _delete_files(shipment, CUSTOM_LABEL)
    stored = _store(shipment, CUSTOM_LABEL, upload, content, identity, commit=False)
    allocation.advance(shipment, identity.username, "Custom label added.")
    db.session.commit()
    return stored


def document_file(client_id, shipment_id, document_id):
    """A shipping document with its content, for download."""
    shipment = shipment_of(client_id, shipment_id)
    found = db.session.scalars(_files_of(shipment, DOCUMENT).filter_by(id=document_id)).first()
    if found is None:
        raise NotFound(f"Shipment {shipment.id} has no document {document_id}.")
    return found


def custom_label_file(client_id, shipment_id):
    """The shipment's custom label with its content, for download."""
    shipment = shipment_of(client_id, shipment_id)
    found = db.session.scalars(_files_of(shipment, CUSTOM_LABEL)).first()
    if found is None:
        raise NotFound(f"Shipment {shipment.id} has no custom label.")
    return found


def delete_document(client_id, identity, shipment_id, document_id):
    shipment = shipment_to_change(client_id, identity, shipment_id, DELETE[DOCUMENT])
    if not _delete_files(shipment, DOCUMENT, ShipmentFile.id == document_id):
        raise NotFound(f"Shipment {shipment.id} has no document {document_id}.")
    db.session.commit()


def delete_custom_label(client_id, identity, shipment_id):
    shipment = shipment_to_change(client_id, identity, shipment_id, DELETE[CUSTOM_LABEL])
    if not _delete_files(shipment, CUSTOM_LABEL):
        raise NotFound(f"Shipment {shipment.id} has no custom label.")
    if shipment.status == READY_TO_PROCESS and "custom_label" in allocation.checklist(shipment):
        lifecycle.move(shipment, VALIDATING, reason="Custom label deleted: its checklist no longer holds.",
                       actor=identity.username)
    db.session.commit()


def _files_of(shipment, kind):
    return scoped(ShipmentFile, shipment.client_id).filter_by(shipment_id=shipment.id, kind=kind)


def _delete_files(shipment, kind, *conditions):
    """How many of the shipment's files of ``kind`` were deleted (their contents are never loaded)."""
    return db.session.execute(delete(ShipmentFile).where(
        owned_by(ShipmentFile, shipment.client_id), ShipmentFile.shipment_id == shipment.id,
        ShipmentFile.kind == kind, *conditions)).rowcount


def _store(shipment, kind, upload, content, identity, commit=True):
    file_format = upload["format"]
    stored = ShipmentFile(
        client_id=shipment.client_id, shipment_id=shipment.id, kind=kind, stored_name=f"{uuid.uuid4().hex}.{file_format}",
        name=download_name(upload["name"], file_format), format=file_format, content_type=CONTENT_TYPES[file_format],
        copies=upload.get("copies", 1), size=len(content), content=content, created_by_username=identity.username)
    db.session.add(stored)
    if commit:
        db.session.commit()
    return stored


def download_name(name, file_format):
    """The uploader's file name without the folders a browser may put before it, ending in its format's
    extension whatever it ended in, so that the saved file opens as what it is."""
    base = re.split(r"[\\/]", name)[-1].strip()
    if not base.strip("."):
        raise InvalidFile("{field} must name a file.", field="name", labels=FILE_LABELS)
    return base if base.lower().endswith(f".{file_format}") else f"{base}.{file_format}"


WHITESPACE = re.compile(r"\s+")


def checked_content(upload, kind):
    """The upload's bytes, once they are valid base64 within SHIPMENT_FILE_MAX_BYTES and their content
    is of the format the upload names (one of ``FORMATS[kind]``)."""
    content = decoded_content(upload["content"], current_app.config["SHIPMENT_FILE_MAX_BYTES"])
    is_format, what = CONTENT_CHECKS[upload["format"]]
    if not is_format(content):
        raise InvalidFile(f"{{field}} is not {what}.", field="content", labels=FILE_LABELS)
    return content


def decoded_content(encoded, limit, labels=FILE_LABELS):
    """The bytes of a file sent as base64 in the field ``content`` (line breaks allowed), once it is valid
    base64, not empty and at most ``limit`` bytes decoded (413 file_too_large, checked before decoding too)."""
    encoded = WHITESPACE.sub("", encoded)  # base64 wrapped in lines, as mail and tools write it
    if len(encoded) > 4 * -(-limit // 3):
        raise _too_large(limit, labels)
    try:
        content = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise InvalidFile("{field} is not valid base64.", field="content", labels=labels) from None
    if len(content) > limit:
        raise _too_large(limit, labels)
    if not content:
        raise InvalidFile("{field} is empty.", field="content", labels=labels)
    return content


def _too_large(limit, labels):
    size = f"{limit / 2**20:g} MB" if limit >= 2**20 else f"{limit / 2**10:g} KB"
    return FileTooLarge(f"{{field}} is larger than {size}.", field="content", labels=labels)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_BIT_DEPTHS = {1, 2, 4, 8, 16}
PNG_COLOUR_TYPES = {0, 2, 3, 4, 6}


def is_png(content):
    """A PNG signature followed by an intact header chunk (IHDR) giving a width and a height."""
    if len(content) < 33 or not content.startswith(PNG_SIGNATURE):
        return False
    length, chunk_type, width, height, bit_depth, colour_type = struct.unpack(">I4sIIBB", content[8:26])
    (crc,) = struct.unpack(">I", content[29:33])
    return (length == 13 and chunk_type == b"IHDR" and 0 < width < 2**31 and 0 < height < 2**31
            and bit_depth in PNG_BIT_DEPTHS and colour_type in PNG_COLOUR_TYPES and zlib.crc32(content[12:29]) == crc)


# Markup ('<html', '<!DOCTYPE', '</', '<?xml', '<script') has no place in a label's commands.
MARKUP = re.compile(r"<\s*[a-z!/?]", re.IGNORECASE)
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def is_zpl(content):
    """Text that runs from a label's start (^XA) to its end (^XZ), holding no markup or control characters."""
    try:
        text = content.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError:
        return False
    commands = text.strip().upper()
    return (commands.startswith("^XA") and commands.endswith("^XZ") and not MARKUP.search(text)
            and not CONTROL_CHARACTERS.search(text))


def is_pdf(content):
    """A PDF that pypdf reads, with at least one page."""
    if not content.startswith(b"%PDF-"):
        return False
    try:
        return len(PdfReader(io.BytesIO(content)).pages) > 0
    except Exception:  # a damaged file fails in pypdf with errors of many kinds, each a refusal here
        return False


CONTENT_CHECKS = {"png": (is_png, "a PNG image"), "zpl": (is_zpl, "a ZPL label from ^XA to ^XZ"),
                  "pdf": (is_pdf, "a PDF with at least one page")}


def _custom_label_missing(shipment):
    """('custom_label', why) when the shipment ships on a Custom carrier and has no label yet, else None."""
    profile = db.session.get(ShipProfile, shipment.ship_profile_id) if shipment.ship_profile_id is not None else None
    if not allocation.is_custom(profile):
        return None
    if db.session.scalar(select(exists().where(ShipmentFile.shipment_id == shipment.id,
                                               ShipmentFile.kind == CUSTOM_LABEL))):
        return None
    return "custom_label", f"Ship method {shipment.ship_method} needs a custom label."


allocation.add_check(_custom_label_missing)
