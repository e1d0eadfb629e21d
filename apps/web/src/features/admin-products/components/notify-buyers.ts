import {
  CatalogMessages,
  NotifyBuyersSchema,
  ProductUpdateMessages,
  type UpdateProductBody,
} from '@bindery/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { buyersCountKey } from '../api/get-buyers-count';
import type { ProductSubmission } from './product-submission';

/** The form's two fields for emailing buyers, checked only when a new file is chosen. */
export function checkNotifyBuyers(
  values: { notifyBuyers: boolean; notifyMessage: string; digitalFile: File | null },
  context: z.RefinementCtx,
) {
  if (!values.notifyBuyers || values.digitalFile === null) return;
  const result = NotifyBuyersSchema.safeParse({ message: values.notifyMessage });
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? ProductUpdateMessages.messageRequired;
    context.addIssue({ code: 'custom', path: ['notifyMessage'], message });
  }
}

/** `notifyBuyers` for the save's body: only with a new file, and when ticked. */
export function notifyBuyersOf(
  values: { notifyBuyers: boolean; notifyMessage: string },
  hasNewFile: boolean,
): Pick<UpdateProductBody, 'notifyBuyers'> {
  return values.notifyBuyers && hasNewFile
    ? { notifyBuyers: { message: values.notifyMessage.trim() } }
    : {};
}

/** The toast after a save: how many buyers will be emailed, when it emails them. */
export function savedMessage(queryClient: QueryClient, submission: ProductSubmission): string {
  if (submission.kind === 'create') return CatalogMessages.productAdded;
  if (!submission.body.notifyBuyers) return CatalogMessages.productUpdated;
  const count = queryClient.getQueryData<{ buyers: number }>(buyersCountKey(submission.id));
  return count === undefined
    ? CatalogMessages.productUpdated
    : ProductUpdateMessages.savedEmailing(count.buyers);
}
