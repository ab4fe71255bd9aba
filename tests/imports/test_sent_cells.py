"""The cells of an upload's rows as sent, kept for the result mail's failed rows."""
from api.imports.sent_cells import MAX_SOURCE_COLUMNS, add_columns, cells_of, source_of
from api.imports.upload_rows import TextRows


def test_json_rows_give_every_column_they_name_and_their_values_as_text():
    rows = [{"upc": "U1", "quantity": 3}, {"upc": "U2", "hazmat": True, "line": 7}, ["not", "an", "object"],
            {"upc": "U3", "serials": ["S1", "S2"], "cost": None}]

    columns = add_columns([], rows)

    assert columns == ["upc", "quantity", "hazmat", "serials", "cost"]  # "line" is a grouped row's own line
    assert cells_of(rows, columns) == [["U1", "3", None, None, None], ["U2", None, "true", None, None], None,
                                       ["U3", None, None, '["S1", "S2"]', None]]


def test_csv_rows_keep_their_header_and_cells():
    rows = TextRows([{"upc": "U1", "name": "=cmd"}, {"upc": "U2", "name": ""}])

    columns = add_columns([], rows)

    assert cells_of(rows, columns) == [["U1", "=cmd"], ["U2", ""]]


def test_columns_stop_at_the_cap():
    wide = {f"column {n}": "x" for n in range(MAX_SOURCE_COLUMNS + 50)}

    columns = add_columns([], [wide])

    assert len(columns) == MAX_SOURCE_COLUMNS and cells_of([wide], columns) == [["x"] * MAX_SOURCE_COLUMNS]


def test_the_source_of_lines_lists_those_known_once_in_order():
    cells_by_line = {2: ["a"], 3: None, 5: ["c"]}

    assert source_of(cells_by_line, [5, 2, 5, 3, 9]) == [[2, ["a"]], [5, ["c"]]]
