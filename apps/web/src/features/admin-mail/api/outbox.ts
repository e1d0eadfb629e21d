import {
  OutboxMailResponseSchema,
  OutboxResponseSchema,
  type MailStatus,
  type OutboxMail,
  type OutboxResponse,
} from '@bindery/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const outboxKeys = {
  all: ['admin', 'mail'] as const,
  list: (status: MailStatus, page: number) => [...outboxKeys.all, status, page] as const,
};

/** One page of the outbox: failed, waiting or sent email, newest first. */
export function listOutbox(
  status: MailStatus,
  page: number,
  signal?: AbortSignal,
): Promise<OutboxResponse> {
  const query = new URLSearchParams({ status, page: String(page) });
  return apiClient.get(`/admin/mail?${query}`, { schema: OutboxResponseSchema, signal });
}

export const outboxQuery = (status: MailStatus, page: number) =>
  queryOptions({
    queryKey: outboxKeys.list(status, page),
    queryFn: ({ signal }) => listOutbox(status, page, signal),
    placeholderData: keepPreviousData,
  });

export function useOutbox(status: MailStatus, page: number) {
  return useQuery(outboxQuery(status, page));
}

/** How many emails failed: a reminder on the orders page, quiet when it cannot be loaded. */
export function useFailedMailCount() {
  const query = useQuery({ ...outboxQuery('failed', 1), retry: false });
  return query.data?.failed ?? 0;
}

export async function retryMail(id: string): Promise<OutboxMail> {
  const { mail } = await apiClient.post(`/admin/mail/${encodeURIComponent(id)}/retry`, undefined, {
    schema: OutboxMailResponseSchema,
  });
  return mail;
}

/** Queues a failed email again, then refetches every outbox list whatever the answer. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
