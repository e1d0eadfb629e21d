import {
  CatalogMessages,
  PRODUCT_FILE_LIMITS,
  ProductFileMessages,
  type AdminProductFile,
  type DigitalFormat,
  type ProductFileEntry,
  type UploadedFile,
} from '@bindery/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useProduct } from '../api/get-product';
import { getUploadSignature } from '../api/get-upload-signature';
import { uploadDigitalFile } from '../api/upload-digital-file';
import type { AdminProduct } from '../api/list-products';
import { digitalFileProblem } from './product-form-schema';
import type { ProductSubmission } from './product-submission';

/** A row of the file list: a file the product has, or one chosen here to upload. */
export type FileListEntry =
  | {
      key: string;
      kind: 'current';
      id: string;
      publicId: string;
      name: string;
      format: DigitalFormat;
      size: number;
    }
  | { key: string; kind: 'new'; file: File; name: string };

let keys = 0;
const nextKey = () => `file-${(keys += 1)}`;

/** "Workbook" from "workbook.pdf": a new file's display name until the admin changes it. */
const nameOf = (file: File) => file.name.replace(/\.(pdf|zip|epub)$/i, '').slice(0, 200);

function currentEntries(files: AdminProductFile[]): FileListEntry[] {
  return files.map((file) => ({
    key: file.id,
    kind: 'current',
    id: file.id,
    publicId: file.public_id,
    name: file.name,
    format: file.format,
    size: file.size,
  }));
}

const sameList = (a: FileListEntry[], b: FileListEntry[]) =>
  a.length === b.length &&
  a.every((entry, i) => entry.key === b[i]?.key && entry.name === b[i]?.name);

/** The list's first problem: how many, a name, or a new file's content; null when fine. */
async function listProblem(entries: FileListEntry[], isEdit: boolean): Promise<string | null> {
  if (entries.length + (isEdit ? 0 : 1) > PRODUCT_FILE_LIMITS.filesMax) {
    return ProductFileMessages.tooManyFiles;
  }
  for (const entry of entries) {
    const name = entry.name.trim();
    if (name === '') return ProductFileMessages.nameRequired;
    if (name.length > PRODUCT_FILE_LIMITS.nameMax) return ProductFileMessages.nameTooLong;
    const problem = entry.kind === 'new' ? await digitalFileProblem(entry.file) : null;
    if (problem) return problem;
  }
  return null;
}

/**
 * The submission with the list in it (its new files uploaded by `upload`). Editing, the digital
 * file chosen above takes the first row's place; adding, it comes first, named after the product.
 */
async function withFileList(
  submission: ProductSubmission,
  entries: FileListEntry[],
  upload: (file: File) => Promise<UploadedFile>,
): Promise<ProductSubmission> {
  const files: ProductFileEntry[] = [];
  for (const entry of entries) {
    const name = entry.name.trim();
    if (entry.kind === 'current') files.push({ id: entry.id, public_id: entry.publicId, name });
    else files.push({ public_id: (await upload(entry.file)).public_id, name });
  }
  const { digitalFile, ...body } = submission.body;
  if (digitalFile && submission.kind === 'update') {
    files[0] = { public_id: digitalFile.public_id, name: files[0]!.name };
  } else if (digitalFile) {
    files.unshift({ public_id: digitalFile.public_id, name: body.title });
  }
  return { ...submission, body: { ...body, files } } as ProductSubmission;
}

/** The rows, as the product has them (from the admin view when the list leaves them out). */
function useFileRows(product: AdminProduct | null) {
  const initial = useRef<FileListEntry[] | null>(
    product ? (product.files ? currentEntries(product.files as AdminProductFile[]) : null) : [],
  );
  const [entries, setEntries] = useState<FileListEntry[]>(initial.current ?? []);
  const detail = useProduct(initial.current === null ? product?._id : undefined);
  const detailFiles = detail.data?.files as AdminProductFile[] | undefined;
  useEffect(() => {
    if (initial.current !== null || !detailFiles?.[0] || !('public_id' in detailFiles[0])) return;
    initial.current = currentEntries(detailFiles);
    setEntries(initial.current);
  }, [detailFiles]);
  return { initial: initial.current, entries, setEntries };
}

/**
 * The product's files as the form edits them, and the save that sends them. Editing, the list
 * is every file in order; adding, the files after the digital file. An unchanged list is left
 * out of the body (the digital file alone then replaces the first file, as before).
 */
export function useProductFileList(
  product: AdminProduct | null,
  {
    onSubmit,
    onUploadError,
  }: {
    onSubmit: (submission: ProductSubmission) => Promise<void>;
    onUploadError: (message: string) => void;
  },
) {
  const { initial, entries, setEntries } = useFileRows(product);
  const [error, setError] = useState<string | null>(null);
  const uploaded = useRef(new WeakMap<File, UploadedFile>());
  const isEdit = product !== null;
  const isChanged = initial !== null && !sameList(entries, initial);
  // What buyers receive changes with a new or a removed file; a rename or a move alone does not.
  const isContentChanged =
    initial !== null &&
    (entries.some((entry) => entry.kind === 'new') ||
      initial.some((kept) => !entries.some((entry) => entry.key === kept.key)));
  const change = (next: FileListEntry[]) => {
    setEntries(next);
    void listProblem(next, isEdit).then(setError);
  };
  const uploadOnce = async (file: File) => {
    const done = uploaded.current.get(file);
    if (done) return done;
    const result = await uploadDigitalFile(file, await getUploadSignature());
    uploaded.current.set(file, result);
    return result;
  };

  /** Saves the product through `onSubmit`, with the list when it says more than before. */
  async function save(submission: ProductSubmission | null): Promise<void> {
    if (!submission) return onUploadError(CatalogMessages.digitalFileRequired);
    const isSent = initial !== null && (isEdit ? isChanged : entries.length > 0);
    if (!isSent) return onSubmit(submission);
    const problem = await listProblem(entries, isEdit);
    setError(problem);
    if (problem) return;
    let complete: ProductSubmission;
    try {
      complete = await withFileList(submission, entries, uploadOnce);
    } catch (failure) {
      return onUploadError(errorMessage(failure, CatalogMessages.unexpectedError));
    }
    return onSubmit(complete);
  }

  return {
    entries,
    error,
    isEdit,
    isKnown: initial !== null,
    isChanged,
    isContentChanged,
    add: (files: File[]) =>
      change([
        ...entries,
        ...files.map((file) => ({
          key: nextKey(),
          kind: 'new' as const,
          file,
          name: nameOf(file),
        })),
      ]),
    rename: (key: string, name: string) =>
      change(entries.map((entry) => (entry.key === key ? { ...entry, name } : entry))),
    remove: (key: string) => change(entries.filter((entry) => entry.key !== key)),
    move: (from: number, to: number) => {
      const next = [...entries];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      change(next);
    },
    save,
  };
}

export type ProductFileList = ReturnType<typeof useProductFileList>;
