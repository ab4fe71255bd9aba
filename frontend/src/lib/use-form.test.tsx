import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useForm } from './use-form';

describe('useForm', () => {
  it('changes one field at a time and submits the current values', async () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() => useForm({ name: '', active: false }, onSubmit));

    act(() => result.current.change('name', 'Mug'));
    act(() => result.current.change('active', true));
    await act(() => result.current.submit());

    expect(result.current.values).toEqual({ name: 'Mug', active: true });
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Mug', active: true });
  });

  it('is submitting until the submit settles, even when it fails, and keeps the page from reloading', async () => {
    let finish: (() => void) | undefined;
    const onSubmit = vi.fn(() => new Promise<void>((_, reject) => (finish = () => reject(new Error('refused')))));
    const { result } = renderHook(() => useForm({ name: 'Mug' }, onSubmit));
    const event = { preventDefault: vi.fn() } as unknown as React.FormEvent;

    let submitted: Promise<void> | undefined;
    act(() => {
      submitted = result.current.submit(event);
    });
    expect(event.preventDefault).toHaveBeenCalled();
    expect(result.current.submitting).toBe(true);

    await act(async () => {
      finish!();
      await expect(submitted).rejects.toThrow('refused');
    });
    expect(result.current.submitting).toBe(false);
  });
});
