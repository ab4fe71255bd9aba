import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WithAlerts } from '../test/render';
import { ApiError } from './api-error';
import { fieldErrorsOf, fieldPath } from './field-errors';
import { useForm } from './use-form';

const renderForm = <Values extends object>(initial: Values, onSubmit: (values: Values) => Promise<void> | void) =>
  renderHook(() => useForm(initial, onSubmit), { wrapper: WithAlerts });

const postalCodeRefusal = new ApiError(
  422,
  'Unprocessable Entity',
  { error: 'invalid_fulfillment_request', description: 'Postal Code 11201 is in NY, not in CA.', field: 'to_address.postal_code' },
  'refused',
);

describe('useForm', () => {
  it('changes one field at a time and submits the current values', async () => {
    const onSubmit = vi.fn();
    const { result } = renderForm({ name: '', active: false }, onSubmit);

    act(() => result.current.change('name', 'Mug'));
    act(() => result.current.change('active', true));
    await act(() => result.current.submit());

    expect(result.current.values).toEqual({ name: 'Mug', active: true });
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Mug', active: true });
  });

  it('is submitting until the submit settles, even when it fails, and keeps the page from reloading', async () => {
    let finish: (() => void) | undefined;
    const onSubmit = vi.fn(() => new Promise<void>((_, reject) => (finish = () => reject(new Error('refused')))));
    const { result } = renderForm({ name: 'Mug' }, onSubmit);
    const event = { preventDefault: vi.fn() } as unknown as React.FormEvent;

    let submitted: Promise<void> | undefined;
    act(() => {
      submitted = result.current.submit(event);
    });
    expect(event.preventDefault).toHaveBeenCalled();
    expect(result.current.submitting).toBe(true);

    await act(async () => {
      finish!();
      await submitted;
    });
    expect(result.current.submitting).toBe(false);
  });

  it('shows a refusal focused, marks the fields it names and keeps what was typed', async () => {
    const { result } = renderForm({ postalCode: '' }, () => Promise.reject(postalCodeRefusal));

    act(() => result.current.change('postalCode', '11201'));
    await act(() => result.current.submit());

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Postal Code 11201 is in NY, not in CA.');
    expect(alert.parentElement).toBe(document.activeElement);
    expect(result.current.fieldErrors).toEqual({ 'to_address.postal_code': 'Postal Code 11201 is in NY, not in CA.' });
    expect(result.current.values).toEqual({ postalCode: '11201' });
  });

  it('forgets the marks of the last refusal when submitted again', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(postalCodeRefusal).mockResolvedValueOnce(undefined);
    const { result } = renderForm({ postalCode: '11201' }, onSubmit);

    await act(() => result.current.submit());
    await act(() => result.current.submit());

    expect(result.current.fieldErrors).toEqual({});
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('fieldErrorsOf', () => {
  it("reads a validation error's every field, each with its own text", () => {
    const failure = new ApiError(
      422,
      '',
      {
        error: 'validation_error',
        description: 'Desired Ship Date: Not a valid date.; Set 1, item 1 (UPC 0123), Quantity: Must be at least 1.',
        field: 'desired_ship_date',
        fields: [
          { field: 'desired_ship_date', description: 'Desired Ship Date: Not a valid date.' },
          { field: 'sets[0].items[0].quantity', description: 'Set 1, item 1 (UPC 0123), Quantity: Must be at least 1.' },
        ],
      },
      '',
    );

    expect(fieldErrorsOf(failure)).toEqual({
      desired_ship_date: 'Desired Ship Date: Not a valid date.',
      'sets[0].items[0].quantity': 'Set 1, item 1 (UPC 0123), Quantity: Must be at least 1.',
    });
  });

  it('names no field for an error about none, or a failure that is no API error', () => {
    expect(fieldErrorsOf(new ApiError(409, '', { error: 'conflict', description: 'Taken.' }, ''))).toEqual({});
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
  });

  it('writes a path as the API does', () => {
    expect(fieldPath('sets', 0, 'items', 2, 'quantity')).toBe('sets[0].items[2].quantity');
    expect(fieldPath('to_address', 'postal_code')).toBe('to_address.postal_code');
  });
});
