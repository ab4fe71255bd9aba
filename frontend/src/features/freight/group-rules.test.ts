import { describe, expect, it } from 'vitest';
import type { Carrier, ShipProfile } from '../../lib/models';
import { pdfToUpload } from './bol-file';
import { addressSaveOf, INVALID_ADDRESS_MESSAGE } from './group-address';
import {
  cancelPrompt,
  GROUP_TABS,
  moveTargets,
  offersApproval,
  parcelMethods,
  parcelProfiles,
  sourceSurvivesMove,
  tabOf,
  tabSearch,
} from './group-rules';
import { aGroup } from './test-groups';

const profile = (id: number, carrier: string): ShipProfile => ({ id, name: `${carrier} account`, carrier_account: { carrier_name: carrier } }) as ShipProfile;
const PROFILES = [profile(1, 'UPS'), profile(2, 'LTL'), profile(3, 'Custom'), profile(4, 'FedEx')];
const CARRIERS = [
  { id: 1, name: 'UPS', ship_methods: [{ code: 'UPS_GROUND', name: 'UPS Ground' }, { code: 'LTL', name: 'LTL' }] },
  { id: 2, name: 'LTL', ship_methods: [{ code: 'LTL', name: 'LTL' }] },
] as Carrier[];

describe('the LTL list tabs', () => {
  it('reads the tab from the list call filter the URL holds, and writes it back', () => {
    expect(tabOf(new URLSearchParams('needsApproval=true')).label).toBe('Needs Approval');
    expect(tabOf(new URLSearchParams('status=ready_to_process')).label).toBe('Ready To Process');
    expect(tabOf(new URLSearchParams('status=bogus')).label).toBe('All');
    expect(tabOf(new URLSearchParams('')).label).toBe('All');
    expect(GROUP_TABS.map(tabSearch)).toEqual([
      '', '?needsApproval=true', '?status=validating', '?status=ready_to_process', '?status=processing', '?status=shipped',
    ]);
  });
});

describe('what a group offers', () => {
  it('offers approval only when it is required, not given and the user may give it', () => {
    expect(offersApproval(aGroup())).toBe(true);
    expect(offersApproval(aGroup({ approved: true }))).toBe(false);
    expect(offersApproval(aGroup({ can_approve: false }))).toBe(false);
    expect(offersApproval(aGroup({ approval_required: false }))).toBe(false);
  });

  it('asks before cancelling in the spec words', () => {
    expect(cancelPrompt(12)).toBe("Are you sure you wan't to cancel this group 12 and all the shipments?");
  });

  it('moves only into other open groups of the warehouse, and keeps the source while shipments are left', () => {
    const source = aGroup({ id: 1 });
    const groups = [
      source,
      aGroup({ id: 2 }),
      aGroup({ id: 3, approved: true }),
      aGroup({ id: 4, warehouse_id: 'CA01' }),
      aGroup({ id: 5, status: 'ready_to_process' }),
    ];
    expect(moveTargets(groups, source).map((group) => group.id)).toEqual([2]);
    expect(sourceSurvivesMove(2)).toBe(true);
    expect(sourceSurvivesMove(1)).toBe(false);
  });

  it('leaves LTL and Custom out of a removed shipment profiles and methods', () => {
    expect(parcelProfiles(PROFILES).map((each) => each.id)).toEqual([1, 4]);
    expect(parcelMethods('1', PROFILES, CARRIERS).map((method) => method.code)).toEqual(['UPS_GROUND']);
    expect(parcelMethods('2', PROFILES, CARRIERS)).toEqual([]);
  });
});

describe('the group address answer', () => {
  const address = { name: 'Dock 4', address_1: '1 Main St', city: 'Newark', state: 'NJ', postal_code: '07102', country: 'US' };
  const answer = (isValid: boolean, validationError?: string) => ({
    shipment_group: aGroup(),
    update_shipment_group_address_result: { is_valid: isValid, candidates: [], updated_address: address, validation_error: validationError },
  }) as unknown as Parameters<typeof addressSaveOf>[0];

  it('is stored when valid or sent without validation, refused with the check words otherwise', () => {
    expect(addressSaveOf(answer(true), false)).toEqual({ stored: true });
    expect(addressSaveOf(answer(false), true)).toEqual({ stored: true });
    const refused = addressSaveOf(answer(false, 'Postal code 99999 does not exist.'), false);
    expect(refused.stored ? null : refused.check.validation_error).toBe('Postal code 99999 does not exist.');
    const unnamed = addressSaveOf(answer(false), false);
    expect(unnamed.stored ? null : unnamed.check.validation_error).toBe(INVALID_ADDRESS_MESSAGE);
  });
});

describe('the BOL file', () => {
  it('must be chosen, and a .pdf', () => {
    expect(() => pdfToUpload(null)).toThrow('Please select a file');
    expect(() => pdfToUpload({ name: 'bol.png' })).toThrow('Only .pdf files are accepted.');
    expect(pdfToUpload({ name: 'BOL.PDF' })).toEqual({ name: 'BOL.PDF' });
  });
});
