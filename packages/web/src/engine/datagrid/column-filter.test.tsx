import type { ColumnSchema, FilterValue } from '@klubovna/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { createApiClient, createHttpClient } from '../../api/http-client.ts';
import { fakeHttp } from '../../test/http-adapter.ts';
import { renderWithUiKit } from '../../test/render.tsx';
import { ColumnFilter } from './column-filter.tsx';

const PAYMENT: ColumnSchema = {
  key: 'payment',
  label: 'Platba',
  kind: 'relation',
  sortable: false,
  filter: 'relation',
  relationAlias: 'payment',
  defaultVisible: true,
  width: 160,
  priority: 2,
};

function renderFilter(column: ColumnSchema, onChange: (value: FilterValue | undefined) => void) {
  const fake = fakeHttp(() => ({
    status: 200,
    body: { data: [{ value: 7, label: 'Členský příspěvek 2026000007' }] },
  }));
  setApiClient(createApiClient(createHttpClient({ adapter: fake.adapter })));
  renderWithUiKit(
    <ColumnFilter
      grid="bank-transaction"
      column={column}
      value={undefined}
      onChange={onChange}
      close={() => {}}
    />,
  );
}

afterEach(() => setApiClient(null));

describe('a relation column’s filter', () => {
  it('offers the rows pointing at none when the relation may be empty', async () => {
    const onChange = vi.fn();
    renderFilter({ ...PAYMENT, emptyFilter: true }, onChange);
    expect(await screen.findByLabelText('Členský příspěvek 2026000007')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByLabelText('Nevyplněno'));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'values', values: ['none'], labels: ['Nevyplněno'] });
  });

  it('does not when it may not', async () => {
    renderFilter(PAYMENT, () => {});
    expect(await screen.findByLabelText('Členský příspěvek 2026000007')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nevyplněno')).not.toBeInTheDocument();
  });
});
