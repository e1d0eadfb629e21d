/** A key segment never starts with a dot, so `..` and hidden names cannot be spelt. */
const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}';

/** An object's key: `images/<id>/card.webp`. */
const KEY_SHAPE = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);

/** A prefix naming every object under it, for deletion only: `images/<id>/`. */
const PREFIX_SHAPE = new RegExp(`^(?:${SEGMENT}/)+$`);

/** Whether `key` has the shape of a key, or (when allowed) of a prefix. */
export function isValidKey(key: string, { allowPrefix = false } = {}): boolean {
  return KEY_SHAPE.test(key) || (allowPrefix && PREFIX_SHAPE.test(key));
}

export function invalidKeyError(key: string): Error {
  return new Error(`invalid storage key ${JSON.stringify(key.slice(0, 200))}`);
}
