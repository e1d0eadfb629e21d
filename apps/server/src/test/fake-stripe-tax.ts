import { randomBytes } from 'node:crypto';

/**
 * Stripe Tax as the Stripe-shaped test server does it: what a Checkout Session asks for
 * (`automatic_tax`, `billing_address_collection`, `tax_id_collection`, each line's
 * `tax_behavior` and `tax_code`), the refusals Stripe answers to a session it cannot tax, and
 * what a completed session reports: `amount_subtotal`, `total_details`, `customer_details`
 * and, when expanded, `total_details.breakdown`. The rate is the test's, per buyer country.
 */

/** The percentage Stripe Tax charges per buyer country unless a test says otherwise. */
export const DEFAULT_TAX_RATES: Readonly<Record<string, number>> = {
  DE: 19,
  FR: 20,
  IE: 23,
  GB: 20,
};

/** EU members, for the reverse charge of a business buyer in another member state. */
const EU = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

export type TaxBehaviorParam = 'exclusive' | 'inclusive' | 'unspecified';

/** What one session asked for, kept for the moment it completes. */
export interface SessionTax {
  automatic: boolean;
  /** The first line's `tax_behavior`, null when not sent. */
  behavior: TaxBehaviorParam | null;
  /** The first line's `product_data[tax_code]`, null when not sent. */
  code: string | null;
}

export interface FakeAutomaticTax {
  enabled: boolean;
  liability: { type: 'self' } | null;
  provider: 'stripe' | null;
  status: 'complete' | 'failed' | 'requires_location_inputs' | null;
}

export interface FakeTaxRate {
  id: string;
  object: 'tax_rate';
  active: boolean;
  country: string | null;
  created: number;
  description: null;
  display_name: string;
  effective_percentage: number;
  inclusive: boolean;
  jurisdiction: string | null;
  livemode: false;
  metadata: Record<string, string>;
  percentage: number;
  state: null;
  tax_type: 'vat';
}

export interface FakeBreakdownTax {
  amount: number;
  rate: FakeTaxRate;
  taxability_reason: 'standard_rated' | 'reverse_charge' | 'not_collecting';
  taxable_amount: number;
}

export interface FakeTotalDetails {
  amount_discount: number;
  amount_shipping: number;
  amount_tax: number;
  /** Only on a retrieve that asked for `expand[]=total_details.breakdown`. */
  breakdown?: { discounts: never[]; taxes: FakeBreakdownTax[] };
}

export interface FakeCustomerDetails {
  address: {
    city: string | null;
    country: string | null;
    line1: string | null;
    line2: string | null;
    postal_code: string | null;
    state: string | null;
  } | null;
  business_name: string | null;
  email: string | null;
  individual_name: string | null;
  name: string | null;
  phone: string | null;
  tax_exempt: 'exempt' | 'none' | 'reverse';
  tax_ids: Array<{ type: string; value: string }>;
}

/** Who pays at the hosted checkout, as the test decides. */
export interface FakeBuyer {
  name?: string | null;
  /** Billing country, ISO 3166-1 alpha-2; the seller's (`originCountry`) by default. */
  country?: string;
  taxIds?: Array<{ type: string; value: string }>;
}

export interface TaxSettings {
  /** Percentage charged per buyer country (`DEFAULT_TAX_RATES` unless given). */
  rates: Readonly<Record<string, number>>;
  /** Where the seller is registered, for the EU reverse charge. */
  originCountry: string;
}

type LineItems = Array<{
  price_data?: { tax_behavior?: string; product_data?: { tax_code?: string } };
}>;

/**
 * Reads what a creation asks about tax, or the error Stripe answers: an unknown behaviour or
 * tax code, or automatic tax on a line whose price does not say whether tax is on top of it.
 */
export function readSessionTax(
  params: Record<string, unknown>,
): { tax: SessionTax } | { error: unknown } {
  const automaticTax = params.automatic_tax as { enabled?: string } | undefined;
  const automatic = automaticTax?.enabled === 'true';
  const items = (params.line_items ?? []) as LineItems;
  for (const [index, item] of items.entries()) {
    const param = `line_items[${index}][price_data]`;
    const behavior = item.price_data?.tax_behavior;
    if (behavior !== undefined && !['exclusive', 'inclusive', 'unspecified'].includes(behavior)) {
      return {
        error: invalid(
          `Invalid ${param}[tax_behavior]: must be one of exclusive, inclusive, or unspecified`,
          `${param}[tax_behavior]`,
          'parameter_invalid_string',
        ),
      };
    }
    const code = item.price_data?.product_data?.tax_code;
    if (code !== undefined && !/^txcd_\d{8}$/.test(code)) {
      return {
        error: invalid(
          `No such tax code: '${code}'`,
          `${param}[product_data][tax_code]`,
          'resource_missing',
        ),
      };
    }
    if (automatic && (behavior === undefined || behavior === 'unspecified')) {
      return {
        error: invalid(
          'Automatic tax requires every price to have a tax behavior: set ' +
            `${param}[tax_behavior] to exclusive or inclusive, or set a default tax behavior ` +
            'in your Stripe Tax settings.',
          `${param}[tax_behavior]`,
          'parameter_missing',
        ),
      };
    }
  }
  const first = items[0]?.price_data;
  return {
    tax: {
      automatic,
      behavior: (first?.tax_behavior as TaxBehaviorParam | undefined) ?? null,
      code: first?.product_data?.tax_code ?? null,
    },
  };
}

/** `automatic_tax` of a session just opened: no address yet, so nothing calculated. */
export const openAutomaticTax = (tax: SessionTax): FakeAutomaticTax =>
  tax.automatic
    ? {
        enabled: true,
        liability: { type: 'self' },
        provider: 'stripe',
        status: 'requires_location_inputs',
      }
    : { enabled: false, liability: null, provider: null, status: null };

/** What Stripe Tax made of a completed session. */
export interface TaxOutcome {
  amountSubtotal: number;
  amountTax: number;
  amountTotal: number;
  taxes: FakeBreakdownTax[];
  taxExempt: FakeCustomerDetails['tax_exempt'];
}

/**
 * Stripe Tax on a completed session: the buyer's country sets the rate; exclusive tax goes on
 * top of the subtotal, inclusive tax is carved out of it; an EU business buyer in another
 * member state than the seller is reverse-charged (no tax). Without automatic tax, nothing.
 */
export function calculateTax(
  tax: SessionTax,
  subtotal: number,
  buyer: Required<FakeBuyer>,
  settings: TaxSettings,
  rateOverride: number | undefined,
  created: number,
): TaxOutcome {
  if (!tax.automatic) {
    return {
      amountSubtotal: subtotal,
      amountTax: 0,
      amountTotal: subtotal,
      taxes: [],
      taxExempt: 'none',
    };
  }
  const inclusive = tax.behavior === 'inclusive';
  const reverse =
    buyer.taxIds.length > 0 &&
    buyer.country !== settings.originCountry &&
    EU.has(buyer.country) &&
    EU.has(settings.originCountry);
  const known = rateOverride ?? settings.rates[buyer.country];
  const percentage = reverse ? 0 : (known ?? 0);
  const amountTax = inclusive
    ? Math.round((subtotal * percentage) / (100 + percentage))
    : Math.round((subtotal * percentage) / 100);
  const rate: FakeTaxRate = {
    id: `txr_${randomBytes(12).toString('hex')}`,
    object: 'tax_rate',
    active: false,
    country: buyer.country,
    created,
    description: null,
    display_name: 'VAT',
    effective_percentage: percentage,
    inclusive,
    jurisdiction: buyer.country,
    livemode: false,
    metadata: {},
    percentage,
    state: null,
    tax_type: 'vat',
  };
  const reason = reverse
    ? 'reverse_charge'
    : known === undefined
      ? 'not_collecting'
      : 'standard_rated';
  return {
    amountSubtotal: subtotal,
    amountTax,
    amountTotal: inclusive ? subtotal : subtotal + amountTax,
    taxes: [
      {
        amount: amountTax,
        rate,
        taxability_reason: reason,
        taxable_amount: inclusive ? subtotal - amountTax : subtotal,
      },
    ],
    taxExempt: reverse ? 'reverse' : 'none',
  };
}

/**
 * `customer_details` of a completed session: the email always, and the name, billing address
 * and tax IDs when Checkout collected them (a taxed session, or a buyer the test named).
 */
export function customerDetailsOf(
  email: string | null,
  buyer: FakeBuyer | undefined,
  collected: boolean,
  taxExempt: FakeCustomerDetails['tax_exempt'],
  originCountry: string,
): FakeCustomerDetails {
  const withAddress = collected || buyer !== undefined;
  return {
    address: withAddress
      ? {
          city: null,
          country: buyer?.country ?? originCountry,
          line1: null,
          line2: null,
          postal_code: null,
          state: null,
        }
      : null,
    business_name: null,
    email,
    individual_name: null,
    name: buyer?.name ?? null,
    phone: null,
    tax_exempt: taxExempt,
    tax_ids: buyer?.taxIds ?? [],
  };
}

/**
 * The paths a retrieve asked to expand (`expand[0]=…` or `expand[]=…`), or the error Stripe
 * answers for one it cannot expand.
 */
export function expansionsOf(
  query: Record<string, unknown>,
): { paths: string[] } | { error: unknown } {
  const asked = query.expand;
  const paths =
    asked === undefined ? [] : Array.isArray(asked) ? asked.map(String) : [String(asked)];
  const unknown = paths.find((path) => path !== 'total_details.breakdown');
  if (unknown !== undefined) {
    return {
      error: invalid(`This property cannot be expanded (${unknown}).`, 'expand', undefined),
    };
  }
  return { paths };
}

function invalid(message: string, param: string, code: string | undefined) {
  return {
    error: { type: 'invalid_request_error', message, param, ...(code ? { code } : {}) },
  };
}
