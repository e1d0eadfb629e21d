import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | undefined;

/**
 * The image library, loaded the first time an image is read or made: it is the heaviest module
 * the store has, and a store that serves its catalogue and files never needs it (start-up
 * stays short).
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
