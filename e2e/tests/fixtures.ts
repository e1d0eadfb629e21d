import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'admin password 1' };

/** A buyer nobody has registered yet. */
export function newBuyer() {
  const id = randomBytes(4).toString('hex');
  return { name: `Reader ${id}`, email: `reader-${id}@example.com`, password: 'a long password' };
}

/** Registers through the login screen's register mode; leaves the page in sign-in mode. */
export async function registerThroughUi(page: Page, buyer: ReturnType<typeof newBuyer>) {
  await page.goto('/store/login');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(buyer.name);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Confirm password').fill(buyer.password);
  await page.getByRole('button', { name: 'Register' }).click();
}

export async function signInThroughUi(
  page: Page,
  email: string,
  password: string,
  path = '/store/login',
) {
  if (!page.url().endsWith(path)) await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits until no transition or finite animation is running: a dialog fading in is measured by
 * axe at its resting colours, not half transparent (which reads as low contrast on a busy
 * machine). Endless animations (a spinner) are not waited for.
 */
async function waitForAnimationsToEnd(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Serious or critical axe findings once animations have ended, as short lines that read well in
 * a failure. Toasts are left out: one can appear just after the wait (signing in toasts) and a
 * half-transparent toast measures as low contrast mid-animation. Their resting colours are set
 * for AA contrast in the web app's providers.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await waitForAnimationsToEnd(page);
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** An axe scan of the page with no serious or critical violations (see seriousViolations). */
export async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}
