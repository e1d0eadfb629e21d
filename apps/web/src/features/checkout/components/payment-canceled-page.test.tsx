import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { PaymentCanceledPage } from './payment-canceled-page';

describe('payment canceled page', () => {
  test('says the checkout was canceled; "Back to Home" leads to the products', async () => {
    const fetchMock = stubFetch();
    const { user } = renderRoutes(
      [
        { path: '/cancel', element: <PaymentCanceledPage /> },
        { path: '*', element: <LocationProbe /> },
      ],
      { initialEntry: '/cancel' },
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeInTheDocument();
    expect(screen.getByText('Your checkout was canceled. Please try again.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Home' }));

    expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/products$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
