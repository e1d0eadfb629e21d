import type { FastifyPluginAsync } from 'fastify';
import type { SessionCookie } from '../../plugins/session.js';
import { registerAccountRoutes } from './account.routes.js';
import type { AuthService } from './auth.service.js';
import { registerPasswordResetRoutes } from './password-reset.routes.js';
import type { PasswordResetService } from './password-reset.service.js';
import { registerSignInRoutes } from './sign-in.routes.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  passwordReset: PasswordResetService;
  cookie: SessionCookie;
}

/** The auth API: signing in and out, the account page, and password resets. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  registerSignInRoutes(app, options);
  registerAccountRoutes(app, options);
  registerPasswordResetRoutes(app, options);
};
