"""The bulk cleaners: a cell becomes the same value (or the same error) whichever way it is read."""
from decimal import Decimal, InvalidOperation

from hypothesis import given, settings, strategies as st

from api.products.fields import CELL_CLEANERS, DECIMAL, ITEM_FIELDS, CellError, check_value, clean_column

DECIMAL_SPECS = [spec for spec in ITEM_FIELDS if spec.kind == DECIMAL]
DECIMAL_TEXT = st.one_of(
    st.from_regex(r"\A-?[0-9]{0,12}(\.[0-9]{0,4})?\Z"),
    st.decimals(allow_nan=False, allow_infinity=False, places=2).map(str),
    st.sampled_from(["0", "0.0", "0.00", "0.01", "00.5", ".5", "5.", " 7 ", "1e2", "9999999999.99", "10000000000",
                     "99999999.99", "100000000", "99999999.999", "-0", "NaN"]),
)


def through_decimal(spec, cell):
    """The cell read the long way: as a Decimal, checked against the field's rule."""
    try:
        value = Decimal(cell.strip())
    except InvalidOperation:
        return "error"
    if not value.is_finite() or check_value(spec, value):
        return "error"
    return str(value)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(DECIMAL_SPECS), DECIMAL_TEXT)
def test_a_decimal_cell_reads_as_the_long_way_reads_it(spec, cell):
    try:
        alone = CELL_CLEANERS[spec.name](cell)
    except CellError:
        alone = "error"
    [in_a_column], failed = clean_column(spec.name, [cell])
    expected = through_decimal(spec, cell) if cell.strip() else None

    assert alone == expected
    assert ("error" if isinstance(in_a_column, CellError) else in_a_column) == expected
    assert failed == (expected == "error")
