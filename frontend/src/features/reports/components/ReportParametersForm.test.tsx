import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReportRunInput } from '../api/run-report';
import { ReportParametersForm } from './ReportParametersForm';

function renderForm(parameters: string[], reportType: 'fms' | 'wms' | 'client') {
  const onRun = vi.fn<(input: ReportRunInput) => void>();
  render(<ReportParametersForm report={{ id: 'R_WMS_1', parameters, report_type: reportType }} running={false} onRun={onRun} />);
  return onRun;
}

describe('ReportParametersForm', () => {
  it('asks for each declared parameter and runs with their values', async () => {
    const onRun = renderForm(['from_date', 'sku'], 'client');

    await userEvent.type(screen.getByLabelText('from_date'), '2025-01-01');
    await userEvent.type(screen.getByLabelText('sku'), "x' OR 1=1 --");
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));

    expect(onRun).toHaveBeenCalledWith({ parameters: { from_date: '2025-01-01', sku: "x' OR 1=1 --" } });
    expect(screen.queryByLabelText('Warehouse')).toBeNull();
  });

  it('does not run while a parameter is blank', async () => {
    const onRun = renderForm(['sku'], 'fms');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(onRun).not.toHaveBeenCalled();
  });

  it('offers the warehouse of a wms report, blank for all warehouses', async () => {
    const onRun = renderForm([], 'wms');
    expect(screen.getByText('Warehouse ID, or blank for all warehouses.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(onRun).toHaveBeenLastCalledWith({ parameters: {}, context: '' });

    await userEvent.type(screen.getByLabelText('Warehouse'), ' NJ01 ');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(onRun).toHaveBeenLastCalledWith({ parameters: {}, context: 'NJ01' });
  });

  it('runs a report without parameters with Run alone', async () => {
    const onRun = renderForm([], 'client');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(onRun).toHaveBeenCalledWith({ parameters: {} });
  });
});
