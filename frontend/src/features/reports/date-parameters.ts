/**
 * Parameters asking for a date, by name: "date" ending a word ("ship_date", "ShipDate", not
 * "updated"), a name ending in "_at" or "_on", or "from", "to", "since" or "until" as a word between
 * underscores ("from", "date_to", "since_day"). Report SQL has no parameter types, so the name is the
 * only hint; a date input answers YYYY-MM-DD. The server refuses a value that is no date by the same
 * rule (api/reports/parameters.py).
 */
const DATE_PARAMETER = /date(?![a-z])|(^|_)(from|to|since|until)(_|$)|_(at|on)$/i;

export function isDateParameter(name: string): boolean {
  return DATE_PARAMETER.test(name);
}
