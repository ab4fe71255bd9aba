/** The USPS code of each state and territory by its FIPS code, the id the Census outlines (us-atlas) carry. */
export const STATE_BY_FIPS: Record<string, string> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC',
  '12': 'FL', '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY',
  '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT',
  '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH',
  '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI', '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT',
  '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI', '56': 'WY', '60': 'AS', '66': 'GU', '69': 'MP',
  '72': 'PR', '78': 'VI',
};

/** A shade of blue for ``count`` out of ``most``: white for none, the darkest for the most. */
export function shade(count: number, most: number): string {
  if (count <= 0 || most <= 0) return '#f8f9fa';
  const share = Math.sqrt(count / most);
  const mix = (light: number, dark: number) => Math.round(light + (dark - light) * share);
  return `rgb(${mix(222, 8)}, ${mix(235, 69)}, ${mix(247, 148)})`;
}
