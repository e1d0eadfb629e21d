import { DEFAULT_PRODUCT_NOTES } from '@bindery/shared';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { updateStoreConfig } from '../../../lib/store-config';
import { ProductAssurances } from './product-assurances';

afterEach(() => updateStoreConfig({ productNotes: [...DEFAULT_PRODUCT_NOTES] }));

describe('the product page’s notes', () => {
  test('by default the specification’s four, each a heading and its text', () => {
    render(<ProductAssurances />);
    const items = within(screen.getByRole('list', { name: 'Why buy here' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Instant deliveryDownload your file right after payment.',
      'Secure paymentPay by card on a protected checkout page.',
      'Premium qualityCarefully made files, checked before release.',
      "Satisfaction guaranteeSomething wrong with your file? We'll make it right.",
    ]);
  });

  test('the owner’s own wording, and none at all when the owner hid them', () => {
    updateStoreConfig({ productNotes: ['Printed on request', 'Refunds: within 14 days.'] });
    const { unmount } = render(<ProductAssurances />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Printed on request',
      'Refundswithin 14 days.',
    ]);
    unmount();
    updateStoreConfig({ productNotes: [] });
    const { container } = render(<ProductAssurances />);
    expect(screen.queryByRole('list', { name: 'Why buy here' })).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });
});
