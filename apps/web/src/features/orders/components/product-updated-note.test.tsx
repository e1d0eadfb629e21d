import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ProductUpdatedNote } from './product-updated-note';

describe('the Updated note of an order', () => {
  test('names the day the product changed, in the store’s locale', () => {
    render(<ProductUpdatedNote order={{ productUpdatedAt: '2026-03-04T12:00:00.000Z' }} />);
    const note = screen.getByText('Updated Mar 4, 2026');
    expect(note.closest('time')).toHaveAttribute('datetime', '2026-03-04T12:00:00.000Z');
  });

  test('shows nothing for an order downloaded since', () => {
    const { container } = render(<ProductUpdatedNote order={{ productUpdatedAt: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
