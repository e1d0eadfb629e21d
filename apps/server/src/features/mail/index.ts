// The mail feature's public entry: the outbox, its transports and the store's email templates.
export { mailRoutes } from './mail.routes.js';
export { createMailService, type MailService } from './mail.service.js';
export { createLogTransport, createSmtpTransport } from './mail-transport.js';
export {
  compose as composeMail,
  inline,
  passwordChangedMail,
  passwordResetMail,
  receiptMail,
  refundMail,
  type OrderMailFacts,
  type OutgoingMail,
} from './templates.js';
