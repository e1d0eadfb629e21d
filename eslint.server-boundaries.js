// The server's import boundaries (decision 025), as core `no-restricted-imports` blocks:
// - a feature reaches another feature only through its public entry, features/<name>/index.ts;
// - db/, plugins/, lib/, adapters/ and config/ import no feature at all.
// Tests and the test helpers are exempt. Import strings are matched, not resolved, so each
// nesting depth inside a feature gets its own block: from features/<name>/a/b.ts the other
// features sit two levels up (`../../<other>/…`), from features/<name>/b.ts one.

const SERVER = 'apps/server/src';
const TESTS = [`${SERVER}/**/*.test.ts`, `${SERVER}/test/**`];
/** Folders below a feature's own that the rule still follows (features are flat today). */
const MAX_FEATURE_DEPTH = 6;

const FEATURE_MESSAGE =
  "Another feature is reached only through its public entry, '<feature>/index.js' (decision 025).";
const LAYER_MESSAGE =
  'db/, plugins/, lib/, adapters/ and config/ import no feature: take what is needed as a parameter from the wiring (decision 025).';

const escapeDots = (text) => text.replaceAll('.', '\\.');
/** A path into a feature that stops anywhere but at its index. */
const PAST_THE_INDEX = '[^/]+/(?!index(?:\\.js)?$)';

/** The blocks for files `depth` folders below their feature's own folder. */
function featureBlock(depth) {
  const toFeatures = escapeDots('../'.repeat(depth + 1));
  const toSrc = escapeDots('../'.repeat(depth + 2));
  return {
    files: [`${SERVER}/features/*/${'*/'.repeat(depth)}*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\./)?${toFeatures}(?!\\.\\./)${PAST_THE_INDEX}`,
              message: FEATURE_MESSAGE,
            },
            { regex: `^(?:\\./)?${toSrc}features/${PAST_THE_INDEX}`, message: FEATURE_MESSAGE },
          ],
        },
      ],
    },
  };
}

export const serverBoundaries = [
  ...Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => featureBlock(depth)),
  {
    // None of these folders has a `features` folder of its own, so any relative path through
    // one leads to src/features (or out of the server altogether).
    files: [
      ...['db', 'plugins', 'lib', 'adapters', 'config'].map((dir) => `${SERVER}/${dir}/**`),
      `${SERVER}/config.ts`,
    ],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.{1,2}/(?:.*/)?features(?:/|$)', message: LAYER_MESSAGE }] },
      ],
    },
  },
];
