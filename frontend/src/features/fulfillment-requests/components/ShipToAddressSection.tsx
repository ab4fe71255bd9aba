import { Form, Row } from 'react-bootstrap';
import { Panel } from '../../../components/Facts';
import { useAlerts } from '../../../lib/alerts';
import { lookUpZip } from '../api/look-up-zip';
import { isAbroad, type NewRequestValues } from '../new-request';
import type { AddressPart } from '../request-fields';
import { RequestField, type RequestFormState } from './RequestField';

type Address = NewRequestValues['address'];

/** The address fields in the form's order: [API part, value, columns, required]. */
const LAYOUT: [AddressPart, keyof Address, number, boolean][] = [
  ['name', 'name', 6, true], ['company', 'company', 6, false], ['address_1', 'address1', 6, true],
  ['address_2', 'address2', 3, false], ['address_3', 'address3', 3, false], ['postal_code', 'postalCode', 3, true],
  ['city', 'city', 3, true], ['state', 'state', 3, true], ['country', 'country', 3, true], ['phone', 'phone', 6, true],
  ['email', 'email', 6, false],
];
const US_ZIP = /^\d{5}(-\d{4})?$/;

/** The Ship To Address section; a US ZIP code fills in the city and state left empty (spec part 2, §8). */
export function ShipToAddressSection({ form }: { form: RequestFormState }) {
  const { values, setValues } = form;
  const { showError } = useAlerts();
  const setAddress = (field: keyof Address, value: string) =>
    setValues((current) => ({ ...current, address: { ...current.address, [field]: value } }));

  async function fillCityFromZip() {
    const zip = values.address.postalCode.trim();
    if (isAbroad(values.address.country) || !US_ZIP.test(zip) || (values.address.city && values.address.state)) return;
    try {
      const found = await lookUpZip(zip.slice(0, 5));
      setValues((current) => ({
        ...current,
        address: { ...current.address, city: current.address.city || found.default_city, state: current.address.state || found.default_state },
      }));
    } catch (failure) {
      showError(failure); // not brought into view: the user is on to the next field
    }
  }

  return (
    <Panel title="Ship To Address">
      <Row className="g-2">
        {LAYOUT.map(([part, field, sm, required]) => (
          <RequestField key={part} form={form} path={`to_address.${part}`} sm={sm} required={required}>
            <Form.Control
              required={required}
              maxLength={field === 'postalCode' ? 20 : 200}
              value={values.address[field]}
              onChange={(e) => setAddress(field, e.target.value)}
              onBlur={field === 'postalCode' ? fillCityFromZip : undefined}
            />
          </RequestField>
        ))}
      </Row>
    </Panel>
  );
}
