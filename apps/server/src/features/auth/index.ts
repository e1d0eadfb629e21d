// The auth feature's public entry: accounts, sign-in and password resets. Sessions and the
// route guards (requireUser, requireAdmin) are cross-cutting and live in plugins/session.ts.
export { ensureAdmin } from './admin-bootstrap.js';
export { authRoutes } from './auth.routes.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { createPasswordChangedNotice } from './password-notice.js';
export { createPasswordResetService, type PasswordResetService } from './password-reset.service.js';
