/** Where a report without a category is filed in the URL (the run page finds the report by id). */
const UNCATEGORISED = 'Uncategorised';

export function reportsPath(clientId: string): string {
  return `/${clientId}/reports`;
}

export function reportCategoriesPath(clientId: string, reportType?: string): string {
  return reportType ? `${reportsPath(clientId)}/list/${encodeURIComponent(reportType)}` : reportsPath(clientId);
}

export function categoryPath(clientId: string, category: string | null | undefined): string {
  return `${reportsPath(clientId)}/${encodeURIComponent(category || UNCATEGORISED)}`;
}

export function reportPath(clientId: string, report: { id: string; category?: string | null }): string {
  return `${categoryPath(clientId, report.category)}/${encodeURIComponent(report.id)}`;
}

export function schedulesPath(clientId: string, report: { id: string; category?: string | null }): string {
  return `${reportPath(clientId, report)}/schedules`;
}

export function schedulePath(clientId: string, report: { id: string; category?: string | null }, scheduleId: number): string {
  return `${schedulesPath(clientId, report)}/${scheduleId}`;
}
