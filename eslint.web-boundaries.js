// The web app's import boundaries (decision 025), as core `no-restricted-imports` blocks:
// lib/, components/, ui/ <- features <- app; a feature reaches another only through its index.

const NO_APP_SHELL = {
  group: ['**/app/*', '../app/*'],
  message: 'Features and lib must not import from src/app.',
};
const NO_FEATURE = {
  regex: '(^|/)features(/|$)',
  message: 'lib/, components/ and ui/ import no feature: move the shared piece here instead.',
};

/**
 * A feature imports another only through its public entry (`../../orders` or its `index`),
 * never its api/, components/ or other internals. Paths are relative, so a file `depth` folders
 * below its feature reaches another feature with `depth + 1` steps up: one block per depth.
 */
function webFeatureBoundaries(maxDepth) {
  return Array.from({ length: maxDepth }, (_, depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_APP_SHELL,
            {
              regex: `^(\\.\\./){${depth + 1}}[^./][^/]*/(?!index(\\.tsx?)?$).+`,
              message:
                "Import another feature through its public entry (e.g. '../../orders'), not its internals.",
            },
          ],
        },
      ],
    },
  }));
}

export const webBoundaries = [
  // Web boundaries. In flat config a later no-restricted-imports for the same file REPLACES an
  // earlier one, so each file set below gets one entry carrying all of its patterns.
  {
    // Shared code sits under the features: it imports neither a feature nor the app shell.
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**', 'apps/web/src/ui/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_APP_SHELL, NO_FEATURE] }],
    },
  },
  ...webFeatureBoundaries(4),
];
