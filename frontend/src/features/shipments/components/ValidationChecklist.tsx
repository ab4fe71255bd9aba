import { ChecklistPanel } from '../../../components/ChecklistPanel';
import type { ChecklistEntry, CheckName } from '../types';

const CHECK_TITLES: Record<CheckName, string> = {
  inventory: 'Inventory allocated',
  address: 'Address validated',
  custom_label: 'Custom ship label uploaded',
  customs: 'Customs information',
  approval: 'Approved',
};

/** What the shipment needs before the warehouse takes it (spec part 3, §5). */
export function ValidationChecklist({ clientId, checklist }: { clientId: string; checklist: ChecklistEntry[] }) {
  return <ChecklistPanel clientId={clientId} checklist={checklist} titles={CHECK_TITLES} />;
}
