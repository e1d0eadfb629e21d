/**
 * The stamping feature's public entry. Stamping owns `pdf_stamps` and the `stamped-pdfs/`
 * objects; downloads asks it which file to serve, never the reverse.
 */
export {
  createStampingService,
  type ServedFile,
  type StampingService,
} from './stamping.service.js';
export { createStampRunner, type StampRunner } from './stamp-runner.js';
