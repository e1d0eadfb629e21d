// The auth feature's public entry: what other features may use.
export { meQueryKey, type Me } from './api/get-me';
