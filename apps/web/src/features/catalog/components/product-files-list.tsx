import type { Product } from '@bindery/shared';
import { describeDigitalFile } from '../digital-file';

/**
 * What a buyer gets when a product has several files: each file's name, format and size, in
 * the product's order. Never a link: the files are the buyer's after paying. A product with
 * one file shows it in its chips alone, as before.
 */
export function ProductFilesList({ files }: { files: Product['files'] }) {
  if (!files || files.length < 2) return null;
  return (
    <section aria-labelledby="product-files">
      <h2 id="product-files" className="product-info__heading t-h6">
        {`What you get: ${files.length} files`}
      </h2>
      <ul className="product-files">
        {files.map((file) => (
          <li key={file.id} className="product-files__item t-body1">
            <span className="product-files__name">{file.name}</span>
            <span className="t-secondary">{describeDigitalFile(file)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
