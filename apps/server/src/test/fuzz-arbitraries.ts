import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request parts for the endpoint fuzzer: values shaped by the API's Zod schemas, and the hostile
 * inputs an attacker sends instead (wrong types, huge numbers, lone surrogates, NUL bytes, deep
 * nesting, `__proto__` keys, bad JSON, odd content types).
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
}

/** Arbitraries for properties by name, where the schema alone would rarely hit a real value. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** Values of the schema's input shape (Zod's refinements aside: the oracle runs the schema itself). */
export function arbitraryFromSchema(schema: z.ZodType, hints: Hints = {}): fc.Arbitrary<unknown> {
  return fromJsonSchema(
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
    hints,
  );
}

/** The property names of an object schema. */
export function schemaKeys(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.keys(json.properties ?? {});
}

function fromJsonSchema(schema: JsonSchema, hints: Hints, key?: string): fc.Arbitrary<unknown> {
  const hint = key === undefined ? undefined : hints[key];
  if (hint) return hint;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((part) => fromJsonSchema(part, hints)));
  switch (schema.type) {
    case 'string':
      return textWithin(schema.minLength ?? 0, schema.maxLength);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromJsonSchema(schema.items ?? {}, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, part]) => [name, fromJsonSchema(part, hints, name)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));
/** A NUL, a lone surrogate, a control or invisible character, or a plain letter. */
const awkwardUnit = fc.oneof(
  fc.constantFrom('\u0000', '\u0007', '\u001b', '\u2028', '\uFEFF', 'a'),
  loneSurrogate,
);

/** Text a schema allows by length: plain, any script, or with what databases and loggers choke on. */
export function textWithin(minLength: number, maxLength = minLength + 40): fc.Arbitrary<string> {
  const max = Math.min(maxLength, minLength + 40);
  return fc.oneof(
    fc.string({ minLength, maxLength: max }),
    fc.string({ minLength, maxLength: max, unit: 'grapheme' }),
    fc.string({ minLength, maxLength: max, unit: awkwardUnit }),
  );
}

/** Strings that have broken parsers, validators, loggers and databases. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({
    unit: fc.oneof(loneSurrogate, fc.constant('\u0000'), fc.string({ minLength: 1, maxLength: 1 })),
    maxLength: 12,
  }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-0',
    '0x10',
    '9007199254740993',
    '__proto__',
    'constructor',
    'prototype',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '../../../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%00',
    '\r\nX-Injected: 1',
    '${jndi:ldap://x}',
    '{{7*7}}',
    '\u202Eevil',
    '\uFEFF',
  ),
  fc
    .tuple(fc.integer({ min: 1_000, max: 150_000 }), fc.constantFrom('x', 'é', '😀', '\u0000'))
    .map(([length, unit]) => unit.repeat(length)),
);

/** Numbers at the edges of what JSON, JavaScript, SQLite and PostgreSQL can hold. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    0.1 + 0.2,
    1e21,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 63),
    Number.MAX_SAFE_INTEGER,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Keys a mass-assignment or prototype-pollution attempt would add. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__.polluted',
  '__proto__[polluted]',
  'constructor.prototype.polluted',
  'constructor[prototype][polluted]',
  'polluted',
  'isAdmin',
  'role',
  'price',
  'priceCents',
  'amount',
  'currency',
  'userId',
  'status',
  '_id',
  '$where',
  '',
  '\u0000',
  '\uD800',
  'k'.repeat(1_000),
] as const;

/** A value of any JSON type, hostile where it can be. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 5 }),
  fc.constant({ polluted: 'yes' }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 50, max: 500 }).map((depth) => nested(depth)),
);

/** `[[[…{"polluted":1}…]]]`, `depth` levels deep. */
function nested(depth: number): unknown {
  let value: unknown = { polluted: 1 };
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

/** Sets an own, enumerable property, even `__proto__`, so JSON.stringify sends it as a key. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A valid-shaped object with one mutation: a key dropped, a value replaced, a key added, or no object at all. */
export function mutatedObject(
  valid: fc.Arbitrary<unknown>,
  keys: readonly string[],
): fc.Arbitrary<unknown> {
  const existing = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x');
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: existing }),
    fc.record({ kind: fc.constant('set' as const), key: existing, value: hostileValue }),
    fc.record({
      kind: fc.constant('set' as const),
      key: fc.constantFrom(...HOSTILE_KEYS),
      value: hostileValue,
    }),
    fc.record({ kind: fc.constant('root' as const), value: hostileValue }),
  );
  return fc
    .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([base, steps]) => {
      let value: unknown = base;
      for (const step of steps) {
        if (step.kind === 'root') {
          value = step.value;
          continue;
        }
        const object: Record<string, unknown> =
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? { ...(value as Record<string, unknown>) }
            : {};
        if (step.kind === 'drop') delete object[step.key];
        else setOwn(object, step.key, step.value);
        value = object;
      }
      return value;
    });
}

/** JSON texts a parser must refuse, or accept without harm. */
export const rawJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":1e309}',
    '{"a":01}',
    '{"a":"\\x41"}',
    '{"a":"\\ud800"}',
    '{"a":"\u0000"}',
    'null',
    'true',
    '0',
    '-1',
    '"text"',
    '[]',
    '[{}]',
    '\uFEFF{}',
    '{"__proto__":{"polluted":"yes"}}',
    '{"a":{"__proto__":{"polluted":"yes"}}}',
    '{"\\u005f_proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '[{"constructor":{"prototype":{"polluted":"yes"}}}]',
    '{"a":1}{"b":2}',
    '{"a":1} trailing',
    '/* comment */ {}',
  ),
  fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc
    .integer({ min: 1_000, max: 20_000 })
    .map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '['.repeat(depth)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Content types the API must refuse (415) or parse as JSON. */
export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
] as const;
export const FOREIGN_CONTENT_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'image/png',
  'x'.repeat(500),
] as const;

/** A string as it goes into a URL: percent-encoded UTF-8 (lone surrogates as their 3 bytes). */
export function encodeUrlText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}`;
      out += `%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}`;
      out += `%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

export function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
