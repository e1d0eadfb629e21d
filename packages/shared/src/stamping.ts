import { z } from 'zod';

/** PDF stamping (decision 038): what the admin's product answer adds. */
export const productStampingFields = {
  /** Admin view only: every PDF a buyer downloads carries their email and order number. */
  stampPdf: z.boolean().optional(),
  /** Admin view only: why one of the product's PDFs goes out unstamped; null when none does. */
  stampNote: z.string().nullable().optional(),
};

/** Create and update bodies: absent is off on a new product, unchanged on an edit. */
export const stampingBodyFields = {
  stampPdf: z.boolean({ error: 'stampPdf must be true or false' }).optional(),
};

export const StampingTexts = {
  switchLabel: "Stamp PDFs with the buyer's email and order number",
  switchHelp:
    'Each page of a PDF carries “Licensed to {email} · Order #{number}” in small grey text.',
} as const;

/** The line each page of a stamped PDF carries; the order number as the store shows it (#1042). */
export const stampLine = (email: string, orderNumber: number) =>
  `Licensed to ${email} · Order #${orderNumber}`;

const STAMP_PROBLEMS = {
  encrypted: 'it is encrypted',
  unreadable: 'it could not be read as a PDF',
  'too-large': 'it is too large to stamp in the time and memory allowed',
} as const;

export const StampMessages = {
  couldNotStamp: (fileName: string, problem: 'encrypted' | 'unreadable' | 'too-large') =>
    `Could not stamp “${fileName}”: ${STAMP_PROBLEMS[problem]}. Buyers receive it unstamped.`,
} as const;
