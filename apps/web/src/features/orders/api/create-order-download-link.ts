import type { DownloadLinkResponse } from '@bindery/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A fresh signed link to a paid order's file; every call gives a new one. */
export function createOrderDownloadLink(orderId: string): Promise<DownloadLinkResponse> {
  return apiClient.post<DownloadLinkResponse>(
    `/orders/${encodeURIComponent(orderId)}/download-link`,
  );
}

export function useCreateOrderDownloadLink() {
  return useMutation({ mutationFn: createOrderDownloadLink });
}
