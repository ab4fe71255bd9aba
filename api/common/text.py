"""Wording shared by answers and mails."""
import re


def counted(number, noun, plural=None):
    """'1 failed row', '2 failed rows' (``plural`` for nouns that do not just take an s)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


# The twin of frontend/src/lib/labels.ts, for mails (tests/test_text.py fails when the two tables differ).
_IRREGULAR = {"canceled": "Cancelled", "default_set_type": "Standard", "default_shipment_type": "Default"}
_ACRONYMS = {"api", "asn", "csv", "ddp", "ddu", "dhl", "edi", "fms", "id", "ltl", "rma", "sku", "upc", "ups", "usps", "wms"}
_CODE = re.compile(r"[a-z0-9_]+|[A-Z0-9]*_[A-Z0-9_]*")


def _word_label(word):
    if word in _ACRONYMS:
        return word.upper()
    if word.endswith("s") and word[:-1] in _ACRONYMS:
        return word[:-1].upper() + "s"
    return word[:1].upper() + word[1:]


def code_label(code):
    """A code as people read it: 'ready_to_process' -> 'Ready To Process', 'canceled' -> 'Cancelled',
    'ltl' -> 'LTL'; text that is no code ('CA01', 'DDU', a name) stays as it is; None -> ''."""
    if not code:
        return ""
    irregular = _IRREGULAR.get(code.lower())
    if irregular:
        return irregular
    if not _CODE.fullmatch(code):
        return code
    return " ".join(_word_label(word) for word in code.lower().split("_") if word)
