import type { CreateProductBody, UpdateProductBody } from '@bindery/shared';
import type { AdminProduct } from '../api/list-products';
import { imageUrlsInOrder, isUnchangedImageList } from './image-entries';
import { notifyBuyersOf } from './notify-buyers';
import type { ProductFormValues } from './product-form-schema';
import type { UploadedParts } from './use-product-upload';

export type ProductSubmission =
  | { kind: 'create'; body: CreateProductBody }
  | { kind: 'update'; id: string; body: UpdateProductBody };

/**
 * The body the page saves: the form's fields and the uploaded parts (`image`: the URLs of the
 * newly chosen images, in list order). Null when a new product has
 * no file (the form's rules require one on create; this only guards the types).
 */
export function buildProductSubmission(
  product: AdminProduct | null,
  values: ProductFormValues,
  { digitalFile, image }: UploadedParts,
  {
    isLimitEdited,
    isTaxCodeEdited,
    isLicenseKeysEdited = false,
  }: { isLimitEdited: boolean; isTaxCodeEdited: boolean; isLicenseKeysEdited?: boolean },
): ProductSubmission | null {
  const fields = {
    title: values.title,
    subtitle: values.subtitle,
    description: values.description,
    price: values.price,
    // An edit sends the limit only when it was changed: the product list does not carry it,
    // and leaving it out keeps the product's own.
    ...(!product || isLimitEdited ? { downloadLimit: values.downloadLimit } : {}),
    // The tax code likewise, when edited; a new product names one only when it has its own.
    ...((product ? isTaxCodeEdited : values.taxCode !== null) ? { taxCode: values.taxCode } : {}),
    // Pay what you want only when it is on, or was: a fixed-price product's body stays as it was.
    ...(values.payWhatYouWant || product?.payWhatYouWant
      ? {
          payWhatYouWant: values.payWhatYouWant,
          minimumPrice: values.payWhatYouWant ? values.minimumPrice : null,
        }
      : {}),
    // License keys when on, or changed (turned off): a product without them sends nothing.
    ...(values.licenseKeys.enabled || isLicenseKeysEdited
      ? { licenseKeys: values.licenseKeys }
      : {}),
    // Stamping once known (an edit reads it from the product's admin view), and a new one's when on.
    ...(values.stampPdf !== undefined && (product || values.stampPdf)
      ? { stampPdf: values.stampPdf }
      : {}),
  };
  const fileRef = digitalFile && {
    public_id: digitalFile.public_id,
    secure_url: digitalFile.secure_url,
  };
  // The list in its order: kept images by URL, chosen ones by the URL their upload returned.
  const images = imageUrlsInOrder(values.images, image ?? []);
  if (product) {
    // An unchanged list is left out, as an unchanged file is: the product keeps its own.
    const isKept = isUnchangedImageList(values.images, product.image);
    return {
      kind: 'update',
      id: product._id,
      body: {
        ...fields,
        ...(!isKept && { image: images }),
        ...(fileRef && { digitalFile: fileRef }),
        ...notifyBuyersOf(values, Boolean(fileRef)),
      },
    };
  }
  if (!fileRef) return null;
  return { kind: 'create', body: { ...fields, image: images, digitalFile: fileRef } };
}
