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

/**
 * The product's files as the form edits them. Editing, the list is every file in order (the
 * digital file above replaces the first); adding, it is the files after the digital file. A
 * product answer without its files (an old list) leaves the list out: nothing is sent.
 */
export function useProductFileList(product: AdminProduct | null) {
  const initial = useRef<FileListEntry[] | null>(
    product ? (product.files ? currentEntries(product.files as AdminProductFile[]) : null) : [],
  );
  const [entries, setEntries] = useState<FileListEntry[]>(initial.current ?? []);
  // The catalogue's list leaves the files out: the admin view of the product names them.
  const detail = useProduct(initial.current === null ? product?._id : undefined);
  const detailFiles = detail.data?.files as AdminProductFile[] | undefined;
  useEffect(() => {
    if (initial.current !== null || !detailFiles || !('public_id' in (detailFiles[0] ?? {})))
      return;
    initial.current = currentEntries(detailFiles);
    setEntries(initial.current);
  }, [detailFiles]);
  const [error, setError] = useState<string | null>(null);
  const uploaded = useRef(new WeakMap<File, UploadedFile>());
  const isEdit = product !== null;
  const isKnown = initial.current !== null;
  const isChanged = isKnown && !sameList(entries, initial.current ?? []);

  const change = (next: FileListEntry[]) => {
    setEntries(next);
    setError(null);
  };

  /** The list's problems, shown under it: names, how many, and each new file's content. */
  async function check(): Promise<boolean> {
    const total = entries.length + (isEdit ? 0 : 1);
    let problem: string | null = null;
    if (total > PRODUCT_FILE_LIMITS.filesMax) problem = ProductFileMessages.tooManyFiles;
    for (const entry of entries) {
      const name = entry.name.trim();
      if (name === '') problem ??= ProductFileMessages.nameRequired;
      if (name.length > PRODUCT_FILE_LIMITS.nameMax) problem ??= ProductFileMessages.nameTooLong;
      if (entry.kind === 'new') problem ??= await digitalFileProblem(entry.file);
    }
    setError(problem);
    return problem === null;
  }

  async function uploadOnce(file: File): Promise<UploadedFile> {
    const done = uploaded.current.get(file);
    if (done) return done;
    const result = await uploadDigitalFile(file, await getUploadSignature());
    uploaded.current.set(file, result);
    return result;
  }

  /**
   * The submission with the file list in it, its new files uploaded first; unchanged when the
   * list is (the digital file alone then replaces the first file, as before).
   */
  async function complete(
    submission: ProductSubmission,
    digitalFile: UploadedFile | undefined,
  ): Promise<{ ok: true; submission: ProductSubmission } | { ok: false; message: string }> {
    if (!isKnown || (isEdit ? !isChanged : entries.length === 0)) return { ok: true, submission };
    const files: ProductFileEntry[] = [];
    try {
      for (const entry of entries) {
        const name = entry.name.trim();
        if (entry.kind === 'current') files.push({ id: entry.id, public_id: entry.publicId, name });
        else files.push({ public_id: (await uploadOnce(entry.file)).public_id, name });
      }
    } catch (failure) {
      return { ok: false, message: errorMessage(failure, CatalogMessages.unexpectedError) };
    }
    if (isEdit && digitalFile)
      files[0] = { public_id: digitalFile.public_id, name: files[0]!.name };
    if (!isEdit && digitalFile) {
      files.unshift({ public_id: digitalFile.public_id, name: submission.body.title });
    }
    const { digitalFile: _replaced, ...body } = submission.body;
    return {
      ok: true,
      submission: { ...submission, body: { ...body, files } } as ProductSubmission,
    };
  }

  return {
    entries,
    error,
    isEdit,
    isKnown,
    isChanged,
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
      if (to < 0 || to >= entries.length) return;
      const next = [...entries];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      change(next);
    },
    check,
    complete,
  };
}

export type ProductFileList = ReturnType<typeof useProductFileList>;
