import type { Db } from '../../db/client.js';
import type { ProductFilesTable } from '../../db/types.js';

export type ProductFileRow = ProductFilesTable;

/** A product's files (migration 028), written once for both databases; `db` may be a transaction. */
export function productFileQueries(db: Db) {
  return {
    /** The product's files in order. */
    listProductFiles(productId: string): Promise<ProductFileRow[]> {
      return db
        .selectFrom('productFiles')
        .selectAll()
        .where('productId', '=', productId)
        .orderBy('position')
        .execute();
    },

    /** The files of several products, each product's in order. */
    async listFilesOfProducts(productIds: string[]): Promise<Map<string, ProductFileRow[]>> {
      const byProduct = new Map<string, ProductFileRow[]>();
      if (productIds.length === 0) return byProduct;
      const rows = await db
        .selectFrom('productFiles')
        .selectAll()
        .where('productId', 'in', [...new Set(productIds)])
        .orderBy('productId')
        .orderBy('position')
        .execute();
      for (const row of rows) {
        const list = byProduct.get(row.productId) ?? [];
        list.push(row);
        byProduct.set(row.productId, list);
      }
      return byProduct;
    },

    /**
     * Makes `files` the product's list: files left out are deleted, kept ones renamed and moved,
     * new ones added. Run it in the transaction that writes the product.
     */
    async replaceProductFiles(productId: string, files: ProductFileRow[]): Promise<void> {
      const keep = files.map((file) => file.id);
      await db
        .deleteFrom('productFiles')
        .where('productId', '=', productId)
        .where('id', 'not in', keep)
        .execute();
      for (const file of files) {
        await db
          .insertInto('productFiles')
          .values(file)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({
              position: file.position,
              name: file.name,
              updatedAt: file.updatedAt,
            }),
          )
          .execute();
      }
    },
  };
}
