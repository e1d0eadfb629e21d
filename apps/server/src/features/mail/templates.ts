import { formatMoney, type MailKind } from '@bindery/shared';
import { escapeHtml } from '../../store-page.js';

/** An email ready for the outbox: both parts written, addressed, and what it is about. */
export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** After this (ms) sending it is pointless: the link in it no longer works. */
  expiresAt?: number;
}

interface Layout {
  storeName: string;
  heading: string;
  /** Paragraphs of plain text, escaped for the HTML part. */
  paragraphs: string[];
  /** Label and value pairs shown as a small table (a receipt's lines). */
  details?: Array<[string, string]>;
  action?: { label: string; url: string };
  /** A further link under the action, plainer (the receipt's invoice). */
  link?: { label: string; url: string };
  /** Why the reader received this email. */
  footer: string;
}

/**
 * One layout for every email: a plain-text part that reads well alone, and a simple HTML part
 * with inline styles (mail clients ignore style sheets). No images, no tracking, no remote
 * content: links point at the store and nothing else.
 */
export function compose(layout: Layout): { text: string; html: string } {
  const details = layout.details ?? [];
  const text = [
    layout.heading,
    '',
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(details.length > 0 ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...(layout.link ? [`${layout.link.label}: ${layout.link.url}`, ''] : []),
    '--',
    layout.storeName,
    layout.footer,
  ].join('\n');

  const detailRows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:14px;font-weight:700;color:#1565c0">${escapeHtml(layout.storeName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(layout.heading)}</h1>
${layout.paragraphs.map((paragraph) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
${detailRows ? `<table role="presentation" style="margin:0 0 16px;font-size:15px;border-collapse:collapse">${detailRows}</table>` : ''}
${layout.action ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;background:#1565c0;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:700">${escapeHtml(layout.action.label)}</a></p>\n<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: ${escapeHtml(layout.action.url)}</p>` : ''}
${layout.link ? `<p style="margin:0 0 16px;font-size:15px"><a href="${escapeHtml(layout.link.url)}" style="color:#1565c0">${escapeHtml(layout.link.label)}</a></p>` : ''}
<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(layout.footer)}</p>
</div>
</body></html>`;
  return { text, html };
}

/** Runs of control characters and line separators, written by a person (a name, a title). */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * Text a person wrote, made safe to print inside a sentence: names are refused with control
 * characters now, but one stored before could still break a line and write its own paragraph
 * of the store's email.
 */
export function inline(text: string): string {
  return text.replace(LINE_BREAKING, ' ').trim();
}

/** A date the way a receipt shows it, in the store's time zone: "November 25, 2026". */
function formatDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(ms);
}

export interface OrderMailFacts {
  storeName: string;
  /** Where buyers write with questions (the owner's settings); '' for none. */
  supportEmail: string;
  /** The store's address (PUBLIC_URL), without a trailing slash. */
  storeUrl: string;
  timeZone: string;
  to: string;
  buyerName: string;
  orderId: string;
  productTitle: string;
  /** Minor units of `currency`, the order's (any case). */
  amountCents: number;
  currency: string;
  /** STORE_LOCALE: how the amount is written. */
  locale: string;
  /** When the order was made (ms). */
  orderedAt: number;
  /** Where the order's invoice downloads (signed in as its buyer). */
  invoiceUrl: string;
  /** The tax the payment charged (`amountCents` is the total then); null when none was asked. */
  tax?: ReceiptTax | null;
  /** The order's license key ("8F3C2A1B-…"), on the receipt of a product that issues keys. */
  licenseKey?: string | null;
}

/** A taxed order's lines: minor units of the order's currency. */
export interface ReceiptTax {
  subtotalCents: number;
  taxCents: number;
  /** A decimal percentage ("20", "8.875"); null when the provider did not say. */
  rate: string | null;
}

/** What the receipt says was paid: the amount, or subtotal, tax and total when taxed. */
function paidLines(facts: OrderMailFacts): Array<[string, string]> {
  if (!facts.tax) return [['Amount', amountOf(facts)]];
  const money = (amount: number) => formatMoney(amount, facts.currency, facts.locale);
  const { subtotalCents, taxCents, rate } = facts.tax;
  return [
    ['Subtotal', money(subtotalCents)],
    [rate ? `Tax (${rate}%)` : 'Tax', money(taxCents)],
    ['Total', amountOf(facts)],
  ];
}

/** The order's amount in its own currency, written as the store writes amounts. */
const amountOf = (facts: OrderMailFacts) =>
  formatMoney(facts.amountCents, facts.currency, facts.locale);

/** The footer's last sentence: where to write, when the store names an address. */
const askAt = (facts: OrderMailFacts) =>
  facts.supportEmail ? ` Questions? Write to ${facts.supportEmail}.` : '';

/** Sent when an order becomes paid: what was bought, for how much, and where to download it. */
export function receiptMail(facts: OrderMailFacts): OutgoingMail {
  const { text, html } = compose({
    storeName: facts.storeName,
    heading: 'Thank you for your purchase',
    paragraphs: [
      `Hi ${inline(facts.buyerName)},`,
      `your payment went through. ${inline(facts.productTitle)} is yours: download it from My Orders whenever you like.`,
    ],
    details: [
      ['Product', inline(facts.productTitle)],
      ...paidLines(facts),
      ['Order date', formatDate(facts.orderedAt, facts.timeZone)],
      ['Order number', facts.orderId],
      ...(facts.licenseKey ? [['License key', facts.licenseKey] as [string, string]] : []),
    ],
    action: { label: 'Go to My Orders', url: `${facts.storeUrl}/store/my-orders` },
    link: { label: 'Download your invoice (PDF)', url: facts.invoiceUrl },
    footer: `You receive this receipt because you bought from ${facts.storeName}. Keep it for your records.${askAt(facts)}`,
  });
  return {
    kind: 'receipt',
    to: facts.to,
    subject: `Your receipt from ${facts.storeName}: ${inline(facts.productTitle)}`,
    text,
    html,
  };
}

/** Sent when an order is refunded: the money goes back and the download ends. */
export function refundMail(facts: OrderMailFacts): OutgoingMail {
  const { text, html } = compose({
    storeName: facts.storeName,
    heading: 'Your order was refunded',
    paragraphs: [
      `Hi ${inline(facts.buyerName)},`,
      `we refunded ${amountOf(facts)} for ${inline(facts.productTitle)}. The money goes back to the card you paid with; your bank may take a few days to show it.`,
      'The file is no longer available to download from your account.',
    ],
    details: [
      ['Product', inline(facts.productTitle)],
      ['Refunded', amountOf(facts)],
      ['Order date', formatDate(facts.orderedAt, facts.timeZone)],
      ['Order number', facts.orderId],
    ],
    action: { label: 'Go to My Orders', url: `${facts.storeUrl}/store/my-orders` },
    footer: `You receive this notice because you bought from ${facts.storeName}.${askAt(facts)}`,
  });
  return {
    kind: 'refund',
    to: facts.to,
    subject: `Refund from ${facts.storeName}: ${inline(facts.productTitle)}`,
    text,
    html,
  };
}

/** Sent on request: a link that sets a new password, valid for `validMinutes`. */
export function passwordResetMail(facts: {
  storeName: string;
  to: string;
  name: string;
  /** The whole link, token included. */
  link: string;
  validMinutes: number;
  /** When the link stops working (ms); the email is not sent after that. */
  expiresAt: number;
}): OutgoingMail {
  const { text, html } = compose({
    storeName: facts.storeName,
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${inline(facts.name)},`,
      `someone asked to reset the password of your ${facts.storeName} account (${facts.to}). If it was you, choose a new password with the link below within ${facts.validMinutes} minutes. It works once.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Set a new password', url: facts.link },
    footer: `You receive this email because a password reset was asked for at ${facts.storeName}.`,
  });
  return {
    kind: 'password-reset',
    to: facts.to,
    subject: `Reset your ${facts.storeName} password`,
    text,
    html,
    expiresAt: facts.expiresAt,
  };
}

/**
 * Sent when an account's password changes (on the account page or through a reset link): if it
 * was not the owner, they learn it at once and how to take the account back.
 */
export function passwordChangedMail(facts: {
  storeName: string;
  /** The store's address (PUBLIC_URL, or the one announced at start), without a trailing slash. */
  storeUrl: string;
  timeZone: string;
  to: string;
  name: string;
  /** When the password changed (ms). */
  changedAt: number;
}): OutgoingMail {
  const when = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: facts.timeZone,
  }).format(facts.changedAt);
  const { text, html } = compose({
    storeName: facts.storeName,
    heading: 'Your password was changed',
    paragraphs: [
      `Hi ${inline(facts.name)},`,
      `the password of your ${facts.storeName} account (${facts.to}) was changed on ${when} (${facts.timeZone}).`,
      'If that was you, there is nothing more to do. If it was not, reset your password now with the link below: choose "Forgot password?" and we will email you a link to set a new one. Resetting it signs out every device.',
    ],
    action: { label: 'Reset your password', url: `${facts.storeUrl}/store/forgot-password` },
    footer: `You receive this notice because the password of your ${facts.storeName} account changed.`,
  });
  return {
    kind: 'password-changed',
    to: facts.to,
    subject: `Your ${facts.storeName} password was changed`,
    text,
    html,
  };
}
