import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { ShareButton } from './share-button';

function renderShare() {
  return renderRoutes([
    { path: '/', element: <ShareButton url="https://shop.example/p/1" title="A book" /> },
  ]);
}

function giveDeviceShare(share: () => Promise<void>) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('share button', () => {
  test('closing the share sheet is not an error and copies nothing', async () => {
    giveDeviceShare(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    const { user } = renderShare();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(writeText).not.toHaveBeenCalled();
  });

  test('a share sheet that fails falls back to copying the link', async () => {
    giveDeviceShare(() => Promise.reject(new DOMException('No activation', 'NotAllowedError')));
    const { user } = renderShare();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://shop.example/p/1');
  });

  test('a copy the browser refuses says to copy the address by hand', async () => {
    const { user } = renderShare();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Denied'));

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(
      await screen.findByText("Couldn't copy the link. Please copy it from the address bar."),
    ).toBeInTheDocument();
  });
});
