// The catalogue feature's public entry: what other features may use.
export { catalogKeys } from './api/keys';
