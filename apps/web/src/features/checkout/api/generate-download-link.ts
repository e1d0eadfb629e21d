import {
  DownloadLinkResponseSchema,
  type DownloadLinkResponse,
  type GenerateDownloadLinkBody,
} from '@bindery/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';

export const checkoutKeys = {
  all: ['checkout'] as const,
  downloadLink: (sessionId: string) => [...checkoutKeys.all, 'download-link', sessionId] as const,
};

/** While the provider has not confirmed the payment yet, the page asks again on its own. */
export const PAYMENT_CHECK = {
  intervalMs: 2_000,
  /** About 30 seconds of asking, then only the "Check again" button. */
  maxAttempts: 15,
};

/** The server's 409: the checkout is done but the payment is not confirmed yet. */
export function isPaymentNotConfirmed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The download link of the paid checkout session; only its buyer gets one. */
export function generateDownloadLink(
  body: GenerateDownloadLinkBody,
  signal?: AbortSignal,
): Promise<DownloadLinkResponse> {
  return apiClient.post('/session/generate-download-link', body, {
    schema: DownloadLinkResponseSchema,
    signal,
  });
}

export const downloadLinkQuery = (sessionId: string) =>
  queryOptions({
    queryKey: checkoutKeys.downloadLink(sessionId),
    queryFn: ({ signal }) => generateDownloadLink({ sessionId }, signal),
    // One retry (specification, section 7). "Not confirmed yet" is not retried at once:
    // the page polls for it instead, at a calmer pace.
    retry: (failureCount, error) => !isPaymentNotConfirmed(error) && failureCount < 1,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      isPaymentNotConfirmed(query.state.error) &&
      query.state.errorUpdateCount < PAYMENT_CHECK.maxAttempts
        ? PAYMENT_CHECK.intervalMs
        : false,
  });

/** Runs only when there is a session id. */
export const useDownloadLink = (sessionId: string) =>
  useQuery({ ...downloadLinkQuery(sessionId), enabled: sessionId !== '' });
