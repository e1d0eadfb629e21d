import type { DiscountLookup } from '@bindery/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { useDiscountPrice } from '../api/get-discount-price';

export interface DiscountCodeState {
  /** What the field holds. */
  text: string;
  setText: (text: string) => void;
  /** Whether the field starts open: a code in the address opens it ("Have a code?" does too). */
  isOpenAtFirst: boolean;
  /** Looks up the field's code (an empty field takes the code off). */
  apply: () => void;
  isChecking: boolean;
  /** The price with the applied code, when it applies. */
  discount: DiscountLookup | undefined;
  /** Why the applied code does not apply, in the server's words. */
  refusal: string | undefined;
}

/**
 * The product page's discount code. `?code=SPRING` fills the field in and applies it once the
 * app runs: the server's render and the first render in the browser both show the field with
 * the code and the full price, so hydration finds the markup it made; the lookup comes after.
 */
export function useDiscountCode(productId: string): DiscountCodeState {
  const [searchParams] = useSearchParams();
  const codeInAddress = searchParams.get('code')?.trim() ?? '';
  const [text, setText] = useState(codeInAddress);
  const [applied, setApplied] = useState<string | null>(null);

  useEffect(() => {
    if (codeInAddress) setApplied(codeInAddress);
  }, [codeInAddress]);

  const lookup = useDiscountPrice(applied, productId);
  return {
    text,
    setText,
    isOpenAtFirst: codeInAddress !== '',
    apply: () => setApplied(text.trim() || null),
    isChecking: lookup.isFetching,
    discount: applied ? lookup.data : undefined,
    refusal:
      applied && lookup.isError ? errorMessage(lookup.error, GENERIC_ERROR_MESSAGE) : undefined,
  };
}
