/** What a file's header row must hold. */
export interface HeaderRule {
  /** Every column the file may have. */
  allowed: readonly string[];
  /** Columns the file must have (all of `allowed` when the file must match exactly). */
  required: readonly string[];
}

export function exactHeaders(headers: readonly string[]): HeaderRule {
  return { allowed: headers, required: headers };
}

/** Edits (insert, delete, replace, swap two neighbours) that turn one text into the other. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, index) => index)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1);
    }
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** The allowed column a misspelt header most likely means, if one is close enough. */
function closestColumn(header: string, allowed: readonly string[]): string | undefined {
  const normalised = header.toLowerCase().replace(/[\s_-]+/g, '');
  let best: { column: string; distance: number } | undefined;
  for (const column of allowed) {
    const distance = editDistance(normalised, column.toLowerCase().replace(/[\s_-]+/g, ''));
    if (!best || distance < best.distance) best = { column, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(best.column.length / 3)) ? best.column : undefined;
}

/** Names every header that is unknown, repeated or missing; empty when the header row is good. */
export function checkHeaders(headers: readonly string[], rule: HeaderRule): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  headers.forEach((header, index) => {
    if (header === '') {
      problems.push(`Column ${index + 1} has no name.`);
    } else if (seen.has(header)) {
      problems.push(`Column '${header}' appears more than once.`);
    } else if (!rule.allowed.includes(header)) {
      const suggestion = closestColumn(header, rule.allowed);
      problems.push(suggestion ? `Unknown column '${header}' (did you mean '${suggestion}'?).` : `Unknown column '${header}'.`);
    }
    seen.add(header);
  });
  for (const column of rule.required) {
    if (!seen.has(column)) problems.push(`Missing column '${column}'.`);
  }
  return problems;
}
