/**
 * How a report is named in lists (spec part 2, section 2): the third underscore-separated part of
 * its id, then its name: R_FMS_5458 'Display ASNs' is '5458 Display ASNs'.
 */
export function reportLabel({ id, name }: { id: string; name: string }): string {
  const number = id.split('_')[2];
  return number ? `${number} ${name}` : name;
}

export const REPORT_TYPES = ['fms', 'wms', 'client'] as const;
