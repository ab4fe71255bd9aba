import { describe, expect, it } from 'vitest';
import { ediFormValues, ediPayload } from './edi';
import { base64Of } from '../../lib/file-content';
import { acceptOf, fileFormat } from './files';
import { statusSteps } from './status';

describe('statusSteps', () => {
  it('marks the way behind, the current step and the way ahead', () => {
    const steps = statusSteps('processing');
    expect(steps.map((step) => step.status)).toEqual([
      'validating', 'ready_to_process', 'processing', 'pending_ship_label', 'shipped', 'delivered',
    ]);
    expect(steps.filter((step) => step.done).map((step) => step.status)).toEqual(['validating', 'ready_to_process']);
    expect(steps.find((step) => step.current)?.status).toBe('processing');
  });

  it('shows the warning state and a cancelled shipment alone', () => {
    expect(statusSteps('exception')).toEqual([{ status: 'exception', done: false, current: true }]);
    expect(statusSteps('canceled')).toEqual([{ status: 'canceled', done: false, current: true }]);
  });
});

describe('files', () => {
  it('takes the format from the extension, in any case, only among those allowed', () => {
    expect(fileFormat('Packing List.PDF', ['png', 'pdf'])).toBe('pdf');
    expect(fileFormat('label.zpl', ['png', 'pdf'])).toBeNull();
    expect(fileFormat('no-extension', ['png'])).toBeNull();
    expect(acceptOf(['png', 'zpl'])).toBe('.png,.zpl');
  });

  it('encodes any bytes as base64, large files in chunks', async () => {
    expect(await base64Of(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00])]))).toBe('iVBOR/8A');
    const large = new Uint8Array(40_000).map((_, index) => index % 256);
    const decoded = Uint8Array.from(atob(await base64Of(new Blob([large]))), (char) => char.charCodeAt(0));
    expect(decoded).toEqual(large);
  });
});

describe('EDI form', () => {
  it('sends the required fields as typed and blank optional ones as null', () => {
    const values = { ...ediFormValues(undefined), retailer: 'target', cancel_date: '2030-01-31', po_number: ' PO-7 ', store_name: 'Downtown' };
    const payload = ediPayload(values);
    expect(payload).toMatchObject({ retailer: 'target', cancel_date: '2030-01-31', po_number: 'PO-7', store_name: 'Downtown', store_city: null });
    expect(ediPayload(ediFormValues(undefined)).po_number).toBe('');
  });

  it('starts from the stored details', () => {
    expect(ediFormValues({ retailer: 'walmart', cancel_date: '2030-02-01', po_number: 'P1', dc_number: null }).dc_number).toBe('');
  });
});
