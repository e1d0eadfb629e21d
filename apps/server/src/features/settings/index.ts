// The settings feature's public entry: the owner's settings of the store and their routes.
export {
  createSettingsService,
  type SettingsService,
  type SettingsSnapshot,
} from './settings.service.js';
export { settingsRoutes } from './settings.routes.js';
