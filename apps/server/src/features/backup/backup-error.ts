/**
 * A refusal or failure the operator reads as it is: the commands print its message, without a
 * stack trace, and exit 1.
 */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
