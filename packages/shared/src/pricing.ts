/** Pay what you want and free downloads (issue 27): the texts buyers and sellers read. */
export const PricingMessages = {
  minimumInvalid: 'Minimum price must be 0 or more and not above the price.',
  minimumDecimals: 'Minimum price must have at most 2 decimals',
  amountInvalid: 'Amount must be a number of 0 or more.',
  amountDecimals: 'Amount can have at most two decimals.',
  amountWholeIn: (currency: string) => `Amount must be a whole number of ${currency}.`,
  amountBelowMinimum: (minimum: string) => `The amount must be at least ${minimum}.`,
  amountTooHigh: (maximum: string) => `The amount can be at most ${maximum}.`,
  /** The price of a pay-what-you-want product, shown as a suggestion: "$12+". */
  suggested: (price: string) => `${price}+`,
  freeAlreadyClaimed: 'You already have this product. Download it from My Orders.',
  freeTooOften:
    'You have taken several free downloads in a short time. Please try again in a while.',
  getItFree: 'Download for free',
} as const;

/** Free downloads one account may take per hour. */
export const FREE_ORDERS_PER_HOUR = 5;
