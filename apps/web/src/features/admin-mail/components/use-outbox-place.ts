import { MAIL_STATUSES, type MailStatus } from '@bindery/shared';
import { useSearchParams } from 'react-router';

const isStatus = (value: string | null): value is MailStatus =>
  (MAIL_STATUSES as readonly string[]).includes(value ?? '');

/** Which email the outbox shows (status and page), kept in the address. */
export function useOutboxPlace() {
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status: MailStatus = isStatus(statusParam) ? statusParam : 'failed';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);

  const show = (next: { status?: MailStatus; page?: number }) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next.status) {
        params.set('status', next.status);
        params.delete('page');
      }
      if (next.page !== undefined) {
        if (next.page > 1) params.set('page', String(next.page));
        else params.delete('page');
      }
      return params;
    });

  return { status, page, show };
}
