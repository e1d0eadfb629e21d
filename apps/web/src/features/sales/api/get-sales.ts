import { SalesResponseSchema, type SalesResponse } from '@bindery/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface SalesRange {
  from?: string;
  to?: string;
}

export function getSales(range: SalesRange, signal?: AbortSignal): Promise<SalesResponse> {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const search = query.size > 0 ? `?${query}` : '';
  return apiClient.get(`/admin/sales${search}`, { schema: SalesResponseSchema, signal });
}

export function useSales(range: SalesRange) {
  return useQuery({
    queryKey: ['admin', 'sales', range.from ?? null, range.to ?? null],
    queryFn: ({ signal }) => getSales(range, signal),
    placeholderData: keepPreviousData,
  });
}
