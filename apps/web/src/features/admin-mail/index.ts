// The admin mail feature's public entry: what other features may use.
export { FailedMailAlert } from './components/failed-mail-alert';
