// The uploads feature's public entry: the files behind products, and where they are kept.
export { IMAGE_EXTENSIONS } from './images.js';
export { fileKey, imagePrefix } from './upload-reads.js';
export { uploadsRoutes } from './uploads.routes.js';
export {
  createUploadsService,
  DIGITAL_CONTENT_TYPES,
  type UploadsService,
} from './uploads.service.js';
