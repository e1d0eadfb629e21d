import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { AdminProduct, AdminProductList } from '../api/list-products';

let counter = 0;

/** A product as the admin list sends it, with the admin view of the digital file. */
export function makeProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  counter += 1;
  const id = `product${String(counter).padStart(9, '0')}`;
  return {
    _id: id,
    title: `Field Guide ${counter}`,
    subtitle: `Volume ${counter}`,
    description: 'A handy guide.',
    price: 12.5,
    currency: 'USD',
    payWhatYouWant: false,
    minimumPrice: null,
    image: [`/media/images/img${counter}/original.png`],
    digitalFile: {
      format: 'pdf',
      size: 2048,
      public_id: `file${counter}`,
      secure_url: `private://file${counter}.pdf`,
      fileName: `guide-${counter}.pdf`,
    },
    files: [
      {
        id: `file${String(counter).padStart(12, '0')}`,
        name: `Field Guide ${counter}`,
        format: 'pdf',
        size: 2048,
        public_id: `file${counter}`,
        secure_url: `private://file${counter}.pdf`,
      },
    ],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** One page of `all`, the way the API pages it (1-based `page`, `limit` per page). */
export function pageOf(all: AdminProduct[], url: string): AdminProductList {
  const params = new URL(url).searchParams;
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 10);
  return {
    products: all.slice((page - 1) * limit, page * limit),
    page,
    pages: Math.max(1, Math.ceil(all.length / limit)),
    total: all.length,
  };
}

/** The first bytes a real file of each kind starts with (its magic number). */
export const MAGIC = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [...'GIF89a'].map((c) => c.charCodeAt(0)),
  webp: [...'RIFF\0\0\0\0WEBPVP8 '].map((c) => c.charCodeAt(0)),
  avif: [0, 0, 0, 0x1c, ...'ftypavif'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
  pdf: [...'%PDF-1.7\n'].map((c) => c.charCodeAt(0)),
  zip: [0x50, 0x4b, 0x03, 0x04],
} as const;

/** What a file of this name and type starts with when it is what it claims to be. */
function magicFor(name: string, type: string): readonly number[] {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  if (type === 'image/png' || extension === 'png') return MAGIC.png;
  if (type === 'image/jpeg' || extension === 'jpg' || extension === 'jpeg') return MAGIC.jpeg;
  if (type === 'image/gif' || extension === 'gif') return MAGIC.gif;
  if (type === 'image/webp' || extension === 'webp') return MAGIC.webp;
  if (type === 'image/avif' || extension === 'avif') return MAGIC.avif;
  if (extension === 'pdf') return MAGIC.pdf;
  if (extension === 'zip' || extension === 'epub') return MAGIC.zip;
  return [];
}

/**
 * A file of `bytes` bytes with the given name and type, starting with the real magic number of
 * what it claims to be (a PNG's, a PDF's…); `content: 'fake'` leaves its bytes all zero.
 */
export function fileOf(
  name: string,
  type: string,
  bytes = 16,
  { content = 'real' }: { content?: 'real' | 'fake' } = {},
): File {
  const data = new Uint8Array(bytes);
  if (content === 'real') data.set(magicFor(name, type).slice(0, bytes));
  return new File([data], name, { type });
}

export interface FakeXhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  fieldNames(): string[];
  progress(loaded: number, total: number): void;
  respond(status: number, body: unknown): void;
  failNetwork(): void;
}

/**
 * Replaces XMLHttpRequest with a fake the test drives: every sent request is recorded, and the
 * test fires its upload progress and its answer.
 */
export function stubXhr(
  /** Answers each request on its own (after a tick) when it returns an answer. */
  autoRespond?: (xhr: FakeXhrRequest) => { status: number; body: unknown } | undefined,
) {
  const requests: FakeXhrRequest[] = [];

  class FakeXhr implements FakeXhrRequest {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown = null;
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
      requests.push(this);
      const answer = autoRespond?.(this);
      if (answer) setTimeout(() => this.respond(answer.status, answer.body), 0);
    }
    abort() {
      this.onabort?.();
    }

    /** The field names of the multipart body, in the order they were appended. */
    fieldNames(): string[] {
      return this.body instanceof FormData ? Array.from(this.body.keys()) : [];
    }
    progress(loaded: number, total: number) {
      act(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      });
    }
    respond(status: number, body: unknown) {
      act(() => {
        this.status = status;
        this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
        this.onload?.();
      });
    }
    failNetwork() {
      act(() => this.onerror?.());
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}

/** The products the fake server holds, answering the list the way the API does. */
export function productServer(initial: AdminProduct[]) {
  const state = { products: [...initial], listCalls: [] as string[] };
  const list = (request: Request) => {
    state.listCalls.push(new URL(request.url).search);
    return new Response(JSON.stringify(pageOf(state.products, request.url)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return Object.assign(state, { list });
}
