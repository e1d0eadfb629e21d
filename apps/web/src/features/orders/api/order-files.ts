import {
  DownloadLinkResponseSchema,
  OrderFilesResponseSchema,
  type DownloadLinkResponse,
  type OrderFilesResponse,
} from '@bindery/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** The files a paid order delivers: its product's current files, in order. */
export function getOrderFiles(orderId: string): Promise<OrderFilesResponse> {
  return apiClient.get(`/orders/${encodeURIComponent(orderId)}/files`, {
    schema: OrderFilesResponseSchema,
  });
}

/** The order's files, asked only while `enabled` (a paid order whose files are not held). */
export function useOrderFiles(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.mine(), 'files', orderId],
    queryFn: () => getOrderFiles(orderId),
    enabled,
    staleTime: 60_000,
  });
}

/** A fresh signed link to one file of a paid order; every call gives a new one. */
export function createOrderFileLink({
  orderId,
  fileId,
}: {
  orderId: string;
  fileId: string;
}): Promise<DownloadLinkResponse> {
  return apiClient.post(
    `/orders/${encodeURIComponent(orderId)}/files/${encodeURIComponent(fileId)}/download-link`,
    undefined,
    { schema: DownloadLinkResponseSchema },
  );
}

/** Makes a link to one file and starts its download. */
export function useOrderFileDownload() {
  return useMutation({
    mutationFn: createOrderFileLink,
    onSuccess: ({ downloadUrl }) => window.location.assign(downloadUrl),
  });
}
