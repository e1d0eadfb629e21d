import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { InvoiceLinks } from './invoice-links';

const order = (status: string, paidAt: string | null) => ({
  _id: 'AAAAAAAAAAAAAAAA',
  status,
  paidAt,
});

describe('the invoice links of an order', () => {
  test('a paid order links its invoice, as a download', () => {
    render(<InvoiceLinks order={order('paid', '2026-11-25T10:00:00.000Z')} />);
    const link = screen.getByRole('link', { name: 'Invoice (PDF)' });
    expect(link).toHaveAttribute('href', '/api/orders/AAAAAAAAAAAAAAAA/invoice.pdf');
    expect(link).toHaveAttribute('download');
    expect(link).toHaveTextContent(/^Invoice$/);
    expect(screen.queryByRole('link', { name: /Credit note/ })).not.toBeInTheDocument();
  });

  test('a refunded one links its credit note too', () => {
    render(<InvoiceLinks order={order('refunded', '2026-11-25T10:00:00.000Z')} />);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/api/orders/AAAAAAAAAAAAAAAA/invoice.pdf',
      '/api/orders/AAAAAAAAAAAAAAAA/credit-note.pdf',
    ]);
  });

  test('an order never paid (pending, canceled, money returned unpaid) links neither', () => {
    for (const [status, paidAt] of [
      ['pending', null],
      ['canceled', null],
      ['refunded', null],
    ] as const) {
      const { container, unmount } = render(<InvoiceLinks order={order(status, paidAt)} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});
