// Lint: typescript-eslint's type-checked rules over every TypeScript file the root tsconfig
// covers (src, test, bench, scripts' declarations, configs), and the untyped subset over
// the plain JavaScript (build and test scripts). `npm run lint` runs this, then knip.
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', 'test-output/', 'node_modules/', 'demo/', 'data/', 'coverage/']),
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      // React's event attributes ignore the handler's result; an async submit handler
      // catches its own errors (the forms show them), so only non-attribute spots matter.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Global event maps are widened by declaration merging: `interface X extends Y {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Trimmed: Fastify hooks and handlers are async by contract even without an await.
      '@typescript-eslint/require-await': 'off',
      // Trimmed: props and store members are declared as method signatures but are plain
      // closures, never bound to `this`; the rule flags every destructured callback.
      '@typescript-eslint/unbound-method': 'off',
      // Trimmed: String(value) on `unknown` field values and database columns is the intent.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // Tests and benchmarks read untyped JSON bodies (`res.json()`) and poke at them; typing
    // every answer would add noise, not safety.
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Build and test scripts are plain JavaScript outside the tsconfig: no type information.
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
