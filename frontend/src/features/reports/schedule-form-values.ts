import type { ReportSchedule, ReportScheduleWrite, ReportType } from '../../lib/models';

export interface ScheduleFormValues {
  name: string;
  is_active: boolean;
  crontab: string;
  time_zone: string;
  context: string;
  email_addresses_string: string;
  email_text: string;
  suppress_on_empty: boolean;
}

/** Spec part 2, section 5: a new schedule is inactive, suppresses empty results and is named after its report. */
export function newScheduleValues(reportName: string): ScheduleFormValues {
  return {
    name: reportName,
    is_active: false,
    crontab: '',
    time_zone: 'UTC',
    context: '',
    email_addresses_string: '',
    email_text: '',
    suppress_on_empty: true,
  };
}

export function toScheduleFormValues(schedule: ReportSchedule): ScheduleFormValues {
  return {
    name: schedule.name,
    is_active: schedule.is_active,
    crontab: schedule.crontab,
    time_zone: schedule.time_zone,
    context: schedule.context ?? '',
    email_addresses_string: schedule.email_addresses_string ?? '',
    email_text: schedule.email_text ?? '',
    suppress_on_empty: schedule.suppress_on_empty,
  };
}

export function toScheduleFields(values: ScheduleFormValues, reportType: ReportType): ReportScheduleWrite {
  return {
    ...values,
    name: values.name.trim(),
    crontab: values.crontab.trim(),
    context: reportType === 'fms' ? '' : values.context.trim(),
    email_addresses_string: values.email_addresses_string.trim(),
  };
}

/** The hint under the context field, which fms reports do not have (spec part 2, section 5). */
export function contextHint(reportType: ReportType): string | null {
  if (reportType === 'wms') return 'Warehouse ID, or blank for all warehouses.';
  if (reportType === 'client') return 'Client ID, or blank for all active clients.';
  return null;
}

/** How a schedule's context reads in the list. */
export function contextLabel(context: string | null, reportType: ReportType): string {
  if (context) return context;
  if (reportType === 'wms') return 'All warehouses';
  if (reportType === 'client') return 'All active clients';
  return '';
}

/** Every IANA time zone the browser knows, UTC first. */
export function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC');
  const options = ['UTC', ...zones];
  return options.includes(current) ? options : [current, ...options];
}
