import { cleanup, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ActionCommand, defineCommand, type Preview } from '../../commands/define';
import { type UserTarget, userTarget } from '../../commands/target';
import { PreviewPanel, usePreview } from '../../views/palette/PreviewPanel';
import { customerRow } from './support/customer-row';

afterEach(cleanup);

function commandWith(load: (params: { amount: number }) => Promise<Preview>): ActionCommand {
  return defineCommand({
    id: 'test.charge',
    title: 'Charge',
    group: 'Customer',
    permission: 'charge_and_unsuspend',
    target: 'user',
    params: {
      schema: z.object({ amount: z.number() }),
      fields: { amount: { kind: 'money', label: 'Amount' } },
    },
    confirm: 'money',
    preview: { load: ({ params }) => load(params) },
    run: async () => undefined,
    revalidates: [],
  }) as unknown as ActionCommand;
}

function Harness(props: { command: ActionCommand; target: UserTarget; params: Record<string, unknown> }) {
  const state = usePreview(props.command, props.target, props.params);
  return (
    <>
      <PreviewPanel state={state} />
      <button type="submit" disabled={!state.ready}>
        Confirm
      </button>
    </>
  );
}

function show(command: ActionCommand, params: Record<string, unknown>) {
  const target = userTarget(customerRow());
  const tree = (next: Record<string, unknown>) => (
    <SWRConfig value={{ provider: () => new Map() }}>
      <Harness command={command} target={target} params={next} />
    </SWRConfig>
  );
  const view = render(tree(params));
  return { rerender: (next: Record<string, unknown>) => view.rerender(tree(next)) };
}

const priced = (amount: number): Preview => ({
  headline: `Charges $${amount}.00 now.`,
  lines: [
    { label: 'Failed amount', value: `$${amount}.00` },
    { label: 'Total now', value: `$${amount}.00`, emphasis: true },
  ],
});

describe('a money command’s preview on the confirmation', () => {
  it('keeps the confirm button disabled until the server’s price is shown, then shows headline and lines', async () => {
    let resolve: (preview: Preview) => void = () => undefined;
    const load = vi.fn(() => new Promise<Preview>((done) => (resolve = done)));
    show(
      commandWith(() => load()),
      { amount: 29 },
    );
    expect(screen.getByText('Asking the server for the price…')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(true);
    resolve(priced(29));
    expect(await screen.findByText('Charges $29.00 now.')).toBeTruthy();
    expect(screen.getByText('Total now')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(false);
  });

  it('does not allow confirming what the server blocked, and says why', async () => {
    show(
      commandWith(async () => ({ ...priced(0), blocked: 'Nothing to retry: the last charge succeeded.' })),
      { amount: 0 },
    );
    expect(await screen.findByText('Nothing to retry: the last charge succeeded.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(true);
  });

  it('shows the server’s error instead of a price, and stays disabled', async () => {
    show(
      commandWith(async () => {
        throw new Error('This customer has no card on file');
      }),
      { amount: 5 },
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This customer has no card on file');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(true);
  });

  it('prices again when the parameters change', async () => {
    const load = vi.fn(async (params: { amount: number }) => priced(params.amount));
    const view = show(commandWith(load), { amount: 10 });
    expect(await screen.findByText('Charges $10.00 now.')).toBeTruthy();
    view.rerender({ amount: 12 });
    expect(await screen.findByText('Charges $12.00 now.')).toBeTruthy();
    expect(load.mock.calls.map(([params]) => params.amount)).toEqual([10, 12]);
  });
});
