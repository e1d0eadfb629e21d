import { DiscountMessages, ErrorCode, type Discount } from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { stubScreenWidth } from '../../../test/media';
import { renderRoutes } from '../../../test/render';
import { DiscountsPage } from './discounts-page';

const spring: Discount = {
  _id: 'd1',
  code: 'SPRING',
  percentOff: 25,
  amountOff: null,
  currency: 'USD',
  productIds: [],
  startsAt: null,
  endsAt: null,
  maxRedemptions: 10,
  redemptions: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const threeOff: Discount = {
  ...spring,
  _id: 'd2',
  code: 'THREE',
  percentOff: null,
  amountOff: 3,
  productIds: ['p1', 'p2'],
  // Midday moments: the same days in any time zone the tests run in.
  startsAt: '2090-03-01T12:00:00.000Z',
  endsAt: '2090-03-31T12:00:00.000Z',
  maxRedemptions: null,
  redemptions: 0,
};
const expired: Discount = {
  ...spring,
  _id: 'd3',
  code: 'OLD',
  endsAt: '2020-01-01T12:00:00.000Z',
};
const usedUp: Discount = { ...spring, _id: 'd4', code: 'GONE', redemptions: 10 };

const productList = (products: { _id: string; title: string }[]) =>
  jsonResponse({ products, page: 1, pages: 1, total: products.length });

function stubStore(discounts: Discount[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/admin/discounts': () => jsonResponse({ discounts }),
    'GET /api/products': () =>
      productList([
        { _id: 'p1', title: 'Pocket Atlas' },
        { _id: 'p2', title: 'Tide Tables' },
      ]),
    'GET /api/admin/products': () => productList([{ _id: 'p9', title: 'Old Almanac' }]),
    ...extra,
  });
}

const renderDiscounts = () =>
  renderRoutes([{ path: '/discounts', element: <DiscountsPage /> }], {
    initialEntry: '/discounts',
  });

afterEach(() => {
  toast.dismiss();
});

describe('the Discounts screen', () => {
  test('lists each code with its discount, products, dates, redemptions and status', async () => {
    stubStore([spring, threeOff, expired, usedUp]);
    renderDiscounts();

    const table = await screen.findByRole('table', { name: 'Discount codes' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (index: number) =>
      within(rows[index]!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent);
    expect(cells(0)).toEqual(['SPRING', '25 %', 'All products', 'Any time', '3 / 10', 'Active']);
    await waitFor(() =>
      expect(cells(1)).toEqual([
        'THREE',
        '$3.00 off',
        'Pocket Atlas, Tide Tables',
        'Mar 1, 2090 – Mar 31, 2090',
        '0',
        'Scheduled',
      ]),
    );
    expect(cells(2).at(-1)).toBe('Expired');
    expect(cells(2)[3]).toBe('Until Jan 1, 2020');
    expect(cells(3).at(-1)).toBe('Used up');
  });

  test('creates an amount-off code for chosen products, days and a maximum', async () => {
    const bodies: unknown[] = [];
    stubStore([], {
      'POST /api/admin/discounts': async (request) => {
        bodies.push(await request.json());
        return jsonResponse({ ...threeOff, code: 'SUMMER' }, 201);
      },
    });
    const { user } = renderDiscounts();
    expect(await screen.findByText('No discount codes yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New discount' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New discount' }));
    await user.type(dialog.getByLabelText('Code'), 'SUMMER');
    await user.click(dialog.getByRole('button', { name: 'Amount off' }));
    await user.type(dialog.getByLabelText('Amount off'), '3.5');
    await user.click(dialog.getByLabelText('Products'));
    await user.click(await screen.findByRole('option', { name: 'Tide Tables' }));
    await user.click(dialog.getByLabelText('Products'));
    await user.click(await screen.findByRole('option', { name: 'Old Almanac (archived)' }));
    await user.type(dialog.getByLabelText('Starts'), '2026-06-01');
    await user.type(dialog.getByLabelText('Ends'), '2026-06-30');
    await user.type(dialog.getByLabelText('Max redemptions'), '50');
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Discount SUMMER created.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        code: 'SUMMER',
        percentOff: null,
        amountOff: 3.5,
        productIds: ['p2', 'p9'],
        startsAt: '2026-06-01',
        endsAt: '2026-06-30',
        maxRedemptions: 50,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('checks the fields before sending and shows the shared messages at them', async () => {
    const fetchMock = stubStore([]);
    const { user } = renderDiscounts();
    await user.click(await screen.findByRole('button', { name: 'New discount' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New discount' }));
    await user.type(dialog.getByLabelText('Code'), 'NOT OK');
    await user.type(dialog.getByLabelText('Percent off'), '150');
    await user.type(dialog.getByLabelText('Starts'), '2026-06-10');
    await user.type(dialog.getByLabelText('Ends'), '2026-06-01');
    await user.type(dialog.getByLabelText('Max redemptions'), '0');
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await dialog.findByText(DiscountMessages.codeInvalid)).toBeInTheDocument();
    expect(dialog.getByText(DiscountMessages.percentInvalid)).toBeInTheDocument();
    expect(dialog.getByText(DiscountMessages.maxInvalid)).toBeInTheDocument();
    expect(dialog.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(dialog.getByLabelText('Code'));
    await user.type(dialog.getByLabelText('Code'), 'OK');
    await user.clear(dialog.getByLabelText('Percent off'));
    await user.type(dialog.getByLabelText('Percent off'), '10');
    await user.clear(dialog.getByLabelText('Max redemptions'));
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText(DiscountMessages.endBeforeStart)).toBeInTheDocument();
  });

  test("shows the server's refusal at its field and keeps the dialog open", async () => {
    stubStore([spring], {
      'POST /api/admin/discounts': () =>
        jsonResponse(
          {
            message: DiscountMessages.codeTaken,
            code: ErrorCode.conflict,
            errors: { code: [DiscountMessages.codeTaken] },
          },
          409,
        ),
    });
    const { user } = renderDiscounts();
    await user.click(await screen.findByRole('button', { name: 'New discount' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New discount' }));
    await user.type(dialog.getByLabelText('Code'), 'spring');
    await user.type(dialog.getByLabelText('Percent off'), '10');
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await dialog.findByText(DiscountMessages.codeTaken)).toBeInTheDocument();
    expect(dialog.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  test('edits a code and keeps the dates it was not asked to change', async () => {
    const bodies: unknown[] = [];
    stubStore([threeOff], {
      'PUT /api/admin/discounts/d2': async (request) => {
        bodies.push(await request.json());
        return jsonResponse(threeOff);
      },
    });
    const { user } = renderDiscounts();
    await user.click(await screen.findByRole('button', { name: 'Edit THREE' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit THREE' }));
    expect(dialog.getByLabelText('Amount off')).toHaveValue('3');
    await user.clear(dialog.getByLabelText('Amount off'));
    await user.type(dialog.getByLabelText('Amount off'), '4');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Discount THREE saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        code: 'THREE',
        percentOff: null,
        amountOff: 4,
        productIds: ['p1', 'p2'],
        startsAt: threeOff.startsAt,
        endsAt: threeOff.endsAt,
        maxRedemptions: null,
      },
    ]);
  });

  test('deletes a code after asking', async () => {
    let deleted = 0;
    stubStore([spring], {
      'DELETE /api/admin/discounts/d1': () => {
        deleted += 1;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderDiscounts();
    await user.click(await screen.findByRole('button', { name: 'Delete SPRING' }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Delete this discount?' }),
    );
    expect(deleted).toBe(0);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Discount SPRING deleted.')).toBeInTheDocument();
    expect(deleted).toBe(1);
  });

  test('shows one card per code on a phone, with its actions in view', async () => {
    stubScreenWidth(390);
    stubStore([spring]);
    renderDiscounts();

    const list = await screen.findByRole('list', { name: 'Discount codes' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(within(list).getAllByRole('listitem')[0]!);
    expect(card.getByRole('heading', { name: 'SPRING' })).toBeInTheDocument();
    expect(card.getByText('25 %')).toBeInTheDocument();
    expect(card.getByText('Any time · Redemptions 3 / 10')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Edit SPRING' })).toHaveTextContent('Edit');
    expect(card.getByRole('button', { name: 'Delete SPRING' })).toHaveTextContent('Delete');
  });
});
