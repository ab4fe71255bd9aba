"""CSV output that a spreadsheet opens safely."""
import csv
import io

# Cells a spreadsheet would run as a formula (CWE-1236); some read the full-width signs and a pipe
# (DDE) as formulas too.
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r", "|", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def neutralise(value):
    if value is None:
        return ""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


def write_csv(header, rows):
    """UTF-8 CSV bytes (with a BOM so spreadsheets detect the encoding) of neutralised cells."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([neutralise(name) for name in header])  # a header may come from the user's own file
    for row in rows:
        writer.writerow([neutralise(cell) for cell in row])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")
