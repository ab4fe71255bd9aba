"""Wording shared by answers and mails."""


def counted(number, noun, plural=None):
    """'1 failed row', '2 failed rows' (``plural`` for nouns that do not just take an s)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
