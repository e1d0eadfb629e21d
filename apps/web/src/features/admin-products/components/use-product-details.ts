import { useEffect } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import { useProduct } from '../api/get-product';
import type { AdminProduct } from '../api/list-products';
import { describeFile, type ProductFormInput } from './product-form-schema';

/**
 * What the product list leaves out, from the admin view of the product: the digital file's name
 * (answered as "guide.pdf (120.0 KB)"), the product's own download limit and tax code, each
 * filled into its field unless the admin has already changed it.
 */
export function useProductDetails(
  product: AdminProduct | null,
  { isLimitEdited, isTaxCodeEdited }: { isLimitEdited: boolean; isTaxCodeEdited: boolean },
  setValue: UseFormSetValue<ProductFormInput>,
): { currentFile: string | undefined } {
  // The list may carry only the public file details; the admin view of the product names it.
  const listedFile = product?.digitalFile;
  const needsFileName = Boolean(product) && !(listedFile && 'fileName' in listedFile);
  const detail = useProduct(needsFileName ? product?._id : undefined);
  const currentFile = describeCurrentFile(detail.data?.digitalFile ?? listedFile);
  // The list leaves the product's own download limit out; its admin view fills the field in.
  const detailLimit = detail.data?.downloadLimit;
  useEffect(() => {
    if (detailLimit === undefined || isLimitEdited) return;
    setValue('downloadLimit', detailLimit === null ? '' : String(detailLimit));
  }, [detailLimit, isLimitEdited, setValue]);
  const detailTaxCode = detail.data?.taxCode;
  useEffect(() => {
    if (detailTaxCode === undefined || isTaxCodeEdited) return;
    setValue('taxCode', detailTaxCode ?? '');
  }, [detailTaxCode, isTaxCodeEdited, setValue]);
  // Stamping likewise (decision 038): the switch is unknown, and not sent, until then.
  const detailStamp = detail.data?.stampPdf;
  useEffect(() => {
    if (detailStamp !== undefined) setValue('stampPdf', detailStamp);
  }, [detailStamp, setValue]);
  return { currentFile };
}

/** "guide.pdf (120.0 KB)"; before the admin view has loaded, the format stands in for the name. */
function describeCurrentFile(file: AdminProduct['digitalFile'] | undefined): string | undefined {
  if (!file) return undefined;
  const name = 'fileName' in file ? file.fileName : `${file.format.toUpperCase()} file`;
  return describeFile({ name, size: file.size });
}
