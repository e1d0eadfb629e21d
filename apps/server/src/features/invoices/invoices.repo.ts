import type { Db } from '../../db/client.js';
import type { InvoiceDocumentKind, InvoiceDocumentsTable } from '../../db/types.js';

export type InvoiceDocumentRow = InvoiceDocumentsTable;

/** The queries of invoices and credit notes; `db` may be the order's transaction. */
export function invoiceQueries(db: Db) {
  const findDocument = (orderId: string, kind: InvoiceDocumentKind) =>
    db
      .selectFrom('invoiceDocuments')
      .selectAll()
      .where('orderId', '=', orderId)
      .where('kind', '=', kind)
      .executeTakeFirst();

  return {
    findDocument,

    /**
     * Gives the order the next number of its kind and writes the document, unless it has one
     * (a payment replayed keeps its number). The counter's update takes its row lock until the
     * transaction ends, so concurrent payments are numbered one after the other, and a
     * transaction rolled back gives its number back: no gaps, no duplicates.
     */
    async issueDocument(
      document: Omit<InvoiceDocumentRow, 'sequence'>,
    ): Promise<InvoiceDocumentRow | undefined> {
      const existing = await findDocument(document.orderId, document.kind);
      if (existing) return undefined;
      // The counter's row is made by the first document of its kind, so an empty database
      // holds no rows (copy-to-postgres wants one).
      const { lastSequence } = await db
        .insertInto('invoiceSequences')
        .values({ kind: document.kind, lastSequence: 1 })
        .onConflict((conflict) =>
          conflict
            .column('kind')
            .doUpdateSet((eb) => ({ lastSequence: eb('invoiceSequences.lastSequence', '+', 1) })),
        )
        .returning('lastSequence')
        .executeTakeFirstOrThrow();
      const row = { ...document, sequence: Number(lastSequence) };
      await db.insertInto('invoiceDocuments').values(row).execute();
      return row;
    },
  };
}

export type InvoiceQueries = ReturnType<typeof invoiceQueries>;
