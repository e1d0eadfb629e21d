// The backup feature's public entry: backup, restore and the copy to PostgreSQL, for the
// commands in cli/, and the control socket a running store answers backups on.
export { BackupError } from './backup-error.js';
export { backupStore, formatBytes, sqliteSnapshot, type BackupResult } from './backup.js';
export {
  controlSocketPath,
  isSocketPathTooLong,
  openControlSocket,
  requestBackup,
  socketPathTooLongMessage,
} from './control-socket.js';
export { copyToPostgres } from './copy-to-postgres.js';
export { postgresRestoreTarget, postgresSnapshot, redactUrl } from './postgres-tools.js';
export { restoreStore, sqliteRestoreTarget } from './restore.js';
