import type { Report, ReportWrite, ReportType } from '../../lib/models';

export interface ReportFormValues {
  name: string;
  report_type: ReportType;
  category: string;
  sub_category: string;
  query: string;
}

export function newReportValues(category = ''): ReportFormValues {
  return { name: '', report_type: 'client', category, sub_category: '', query: '' };
}

export function toReportFormValues(report: Report): ReportFormValues {
  return {
    name: report.name,
    report_type: report.report_type,
    category: report.category,
    sub_category: report.sub_category,
    query: report.query ?? '',
  };
}

export function toReportWrite(values: ReportFormValues): ReportWrite {
  return {
    name: values.name.trim(),
    report_type: values.report_type,
    category: values.category.trim(),
    sub_category: values.sub_category.trim(),
    query: values.query,
  };
}
