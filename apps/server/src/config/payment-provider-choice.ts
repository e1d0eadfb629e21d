import { ConfigError } from './config-error.js';
import type { EnvVars } from './env-schema.js';
import type { Config } from './types.js';

/** Addresses only this machine can open: a store there takes no money from anyone else. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The payment settings: which provider takes the money, with Stripe's keys when it is Stripe. */
export function paymentsOf(vars: EnvVars, publicUrl: string): Config['payments'] {
  const provider = choosePaymentProvider(vars.PAYMENTS, vars.STRIPE_SECRET_KEY, publicUrl);
  return {
    provider,
    ...(provider === 'stripe' && vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
      ? {
          stripe: {
            secretKey: vars.STRIPE_SECRET_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            ...(vars.STRIPE_API_BASE ? { api: stripeApiOf(vars.STRIPE_API_BASE) } : {}),
          },
        }
      : {}),
    checkoutSessionMinutes: 30,
    downloadLinkMinutes: vars.DOWNLOAD_LINK_TTL_MINUTES,
    tax: taxOf(vars, provider),
  };
}

/**
 * Tax at checkout: Stripe Tax with STRIPE_TAX=true, the test checkout's simulation with
 * TEST_TAX_RATE; otherwise none (the specification's default).
 */
function taxOf(vars: EnvVars, provider: 'test' | 'stripe'): Config['payments']['tax'] {
  const behavior = vars.TAX_BEHAVIOR === 'inclusive' ? 'inclusive' : 'exclusive';
  if (provider === 'stripe') return vars.STRIPE_TAX ? { behavior, testRate: null } : null;
  return vars.TEST_TAX_RATE ? { behavior, testRate: normalRate(vars.TEST_TAX_RATE) } : null;
}

/** A percentage as the orders keep it: "20", "8.875" (no trailing zeros). */
const normalRate = (rate: string) => String(Number(rate));

/**
 * Stripe when its keys are set; the built-in test checkout only when asked for (PAYMENTS=test)
 * or on a loopback address, so `npm start` works at once while a public store without keys
 * refuses to start rather than give its files away.
 */
function choosePaymentProvider(
  requested: 'test' | 'stripe' | undefined,
  stripeKey: string | undefined,
  publicUrl: string,
): 'test' | 'stripe' {
  if (requested === 'test') return 'test';
  if (stripeKey) return 'stripe';
  if (requested === 'stripe') {
    throw new ConfigError([
      'PAYMENTS=stripe: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments',
    ]);
  }
  if (isLoopbackUrl(publicUrl)) return 'test';
  throw new ConfigError([
    `No payment provider for ${publicUrl}: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments, or PAYMENTS=test to run the test checkout (no real payments)`,
  ]);
}

function stripeApiOf(base: string) {
  const url = new URL(base);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'https' ? 443 : 80)),
    protocol,
  } as const;
}
