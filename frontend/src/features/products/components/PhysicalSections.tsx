import { Col, Row } from 'react-bootstrap';
import { Facts } from '../../../components/Facts';
import type { ItemType } from '../../../lib/models';

export const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');
const money = (amount: number | null) => (amount === null ? null : amount.toFixed(2));

/** A figure of the physical description; a missing one is shown in danger style, since shipping needs it. */
function Measure({ value, unit }: { value: number | null; unit: string }) {
  if (value === null) return <span className="text-danger fw-bold">missing</span>;
  return (
    <span>
      {value} {unit}
    </span>
  );
}

export function PhysicalSections({ item }: { item: ItemType }) {
  return (
    <Row>
      <Col lg={4}>
        <Facts
          title="Physical Description"
          facts={[
            [
              'Dimensions',
              <span data-testid="dimensions">
                <Measure value={item.length} unit="in" /> x <Measure value={item.width} unit="in" /> x{' '}
                <Measure value={item.height} unit="in" />
              </span>,
            ],
            ['Weight', <Measure value={item.weight} unit="lbs" />],
          ]}
        />
      </Col>
      <Col lg={4}>
        <Facts
          title="Shipping"
          facts={[
            ['Ships In Own Container', yesNo(item.ships_in_own_container)],
            ['Hazmat', yesNo(item.hazmat)],
            ['NMFC Code', item.nmfc_code],
          ]}
        />
      </Col>
      <Col lg={4}>
        <Facts
          title="Customs Information"
          facts={[
            ['Description', item.customs_description],
            ['Cost', money(item.cost)],
            ['Value', money(item.value)],
            ['Tariff Code', item.tariff_code],
            ['Country Of Origin', item.customs_origin],
          ]}
        />
      </Col>
    </Row>
  );
}
