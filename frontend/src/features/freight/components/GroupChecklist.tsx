import { ChecklistPanel } from '../../../components/ChecklistPanel';
import type { GroupCheck, GroupCheckName } from '../types';

const CHECK_TITLES: Record<GroupCheckName, string> = {
  address: 'Address validated',
  inventory: 'Inventory allocated for all shipments',
  customs: 'Customs information',
  bol: 'Bill of lading',
};

/** The group's validation panel: address, inventory of all its shipments, customs abroad, and a bill of lading. */
export function GroupChecklist({ clientId, checklist }: { clientId: string; checklist: GroupCheck[] }) {
  return <ChecklistPanel clientId={clientId} checklist={checklist} titles={CHECK_TITLES} />;
}
