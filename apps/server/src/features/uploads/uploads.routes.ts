import multipart from '@fastify/multipart';
import {
  ErrorBodySchema,
  ErrorCode,
  UploadMessages,
  UploadSignatureSchema,
  UploadedFileSchema,
  UploadedImageSchema,
} from '@bindery/shared';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { holdsVersion } from '../../lib/if-none-match.js';
import { requireAdmin } from '../../plugins/session.js';
import type { FormPart } from './file-intake.js';
import type { UploadsService } from './uploads.service.js';

export interface UploadsRoutesOptions {
  uploads: UploadsService;
  config: Pick<Config, 'uploads'>;
}

type Limits = NonNullable<NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits']>;

/** Everything but the file is small: a few signature fields, part headers with a file name. */
const FORM_LIMITS: Limits = {
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 100,
  files: 2,
  parts: 12,
  headerPairs: 20,
};
/**
 * The service counts a file's bytes and stops at its limit. The parser's own limit is only a
 * backstop above that: past it, the parser discards the rest of the body without
 * backpressure, so it would read every byte a client sends.
 */
const PARSER_FILE_SIZE_MARGIN = 1024 * 1024;
const MEDIA_CACHE = 'public, max-age=31536000, immutable';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
  500: ErrorBodySchema,
  507: ErrorBodySchema,
};

export const uploadsRoutes: FastifyPluginAsync<UploadsRoutesOptions> = async (
  app,
  { uploads, config },
) => {
  // Registered inside this plugin, so only these routes accept multipart bodies at all.
  await app.register(multipart, { limits: FORM_LIMITS });

  // A refused upload may still be arriving: plugins/lingering-close.ts answers it with
  // `Connection: close` and reads the rest away (bounded) so the client gets the answer.

  // The error handler logs only unexpected errors; a full disk is answered 507 and logged here.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError && error.statusCode >= 500) {
      request.log.error({ err: error.cause ?? error, reqId: request.id }, error.message);
    }
  });

  registerHostRoutes(app, uploads, config);
  registerMediaRoutes(app, uploads);
};

/** The file host's signature and the two upload hosts (admins only). */
function registerHostRoutes(
  app: FastifyInstance,
  uploads: UploadsService,
  config: UploadsRoutesOptions['config'],
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/products/generate-signature',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['uploads'],
        summary: 'Signature for a digital-file upload to the file host (admin)',
        response: { 200: UploadSignatureSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => uploads.createSignature(requireAdmin(request).tokenHash),
  );

  // Before the body: no session, the wrong role or a spent budget is refused without reading it.
  const requireUploader = async (request: FastifyRequest) => {
    requireAdmin(request);
    await uploads.requireUploadAllowance(request.ip);
  };

  api.post(
    '/api/uploads/file',
    {
      // The signature is bound to the admin session that asked for it.
      onRequest: requireUploader,
      schema: {
        tags: ['uploads'],
        summary:
          'File host: one PDF, ZIP or EPUB, authorised by a signature from generate-signature',
        description:
          'multipart/form-data with the fields `timestamp`, `signature`, `api_key`, `folder` ' +
          'from generate-signature, then `file`, sent with the session that asked for the ' +
          'signature. A signature works once; a file before the signature fields is refused unread.',
        consumes: ['multipart/form-data'],
        response: { 201: UploadedFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const limits = {
        ...FORM_LIMITS,
        fileSize: config.uploads.maxFileBytes + PARSER_FILE_SIZE_MARGIN,
      };
      const uploaded = await uploads.uploadFile(
        formParts(request, limits, UploadMessages.fileTooLarge),
        { sessionHash: request.sessionUser?.tokenHash, address: request.ip },
      );
      return reply.code(201).send(uploaded);
    },
  );

  api.post(
    '/api/uploads/image',
    {
      onRequest: requireUploader,
      schema: {
        tags: ['uploads'],
        summary: 'Image host: one JPEG, PNG, WebP, GIF or AVIF image (admin)',
        description: 'multipart/form-data with the image in the field `image` (or `file`).',
        consumes: ['multipart/form-data'],
        response: { 201: UploadedImageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const limits = {
        ...FORM_LIMITS,
        fileSize: config.uploads.maxImageBytes + PARSER_FILE_SIZE_MARGIN,
      };
      const uploaded = await uploads.uploadImage(
        formParts(request, limits, UploadMessages.imageTooLarge),
        { address: request.ip },
      );
      return reply.code(201).send(uploaded);
    },
  );
}

/** Product images and their variants, served from public storage to anyone. */
function registerMediaRoutes(app: FastifyInstance, uploads: UploadsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/media/images/:id/:file',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A product image or one of its WebP variants',
        params: z.object({ id: z.string(), file: z.string() }),
        response: {
          200: z.unknown().describe('The image: the original, or card/thumb/large WebP'),
          304: z.null().describe('Not modified: the browser holds this image (If-None-Match)'),
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const image = await uploads.openImage(request.params.id, request.params.file);
      if (!image) throw AppError.notFound('Image not found.');
      // An image's bytes never change under its URL: its id and size name this version of it.
      const etag = `"${request.params.id}-${image.size}"`;
      reply
        .header('etag', etag)
        .header('cache-control', MEDIA_CACHE)
        .header('x-content-type-options', 'nosniff');
      if (holdsVersion(request.headers['if-none-match'], etag)) {
        image.stream.destroy();
        return reply.code(304).send(null);
      }
      return reply.type(image.contentType).header('content-length', image.size).send(image.stream);
    },
  );
}

/**
 * The request's multipart parts for the service, with the parser's failures turned into
 * client errors. A file the service did not read to the end is destroyed when it stops. (A
 * client that stops sending is cut off by the server's idle timeout: the parts then fail.)
 */
async function* formParts(
  request: FastifyRequest,
  limits: Limits,
  tooLargeMessage: string,
): AsyncGenerator<FormPart> {
  const parts = request.parts({ limits });
  let openFile: Readable | undefined;
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw toFormError(error, tooLargeMessage);
      }
      if (next.done) return;
      const part = next.value;
      if (part.type === 'file') {
        openFile = part.file;
        yield {
          kind: 'file',
          name: part.fieldname,
          fileName: part.filename,
          stream: withFormErrors(part.file, tooLargeMessage),
        };
      } else {
        const value = typeof part.value === 'string' ? part.value : '';
        yield {
          kind: 'field',
          name: part.fieldname,
          value,
          isTruncated: part.valueTruncated || part.fieldnameTruncated,
        };
      }
    }
  } finally {
    if (openFile && !openFile.readableEnded) openFile.destroy();
  }
}

async function* withFormErrors(
  file: AsyncIterable<Uint8Array>,
  tooLargeMessage: string,
): AsyncGenerator<Uint8Array> {
  try {
    yield* file;
  } catch (error) {
    throw toFormError(error, tooLargeMessage);
  }
}

/** The multipart parser's errors, as answers a client can act on; never a 500. */
function toFormError(error: unknown, tooLargeMessage: string): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, ErrorCode.payloadTooLarge, tooLargeMessage);
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, ErrorCode.payloadTooLarge, UploadMessages.formTooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, ErrorCode.unsupportedMediaType, UploadMessages.notMultipart);
    default:
      return AppError.badRequest(UploadMessages.malformedForm);
  }
}
