import type { Db } from '../../db/client.js';
import { type MailService, passwordChangedMail } from '../mail/index.js';

export interface AccountMailOptions {
  mail: Pick<MailService, 'enqueue'>;
  /** The store's name now (the owner's settings). */
  storeName: () => string;
  /**
   * The address links in email are built on: PUBLIC_URL, or the one the store announced at
   * start-up. Never a request's Host, which the requester chooses (decision 010).
   */
  storeUrl: string;
  timeZone: string;
}

/** Queues "Your password was changed" in the transaction that changes it. */
export type PasswordChangedNotice = (
  account: { email: string; name: string },
  changedAt: number,
  trx: Db,
) => Promise<void>;

export function createPasswordChangedNotice({
  mail,
  storeName,
  storeUrl,
  timeZone,
}: AccountMailOptions): PasswordChangedNotice {
  return (account, changedAt, trx) =>
    mail.enqueue(
      passwordChangedMail({
        storeName: storeName(),
        storeUrl,
        timeZone,
        to: account.email,
        name: account.name,
        changedAt,
      }),
      trx,
    );
}
