// The lint layer's check of the JavaScript (npm run lint, scripts/test.sh lint): ESLint's
// recommended rules over the page's modules (browser globals), the worker (worker
// globals), and the tests and scripts (Node globals). The built wasm glue is not ours.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['sw.js', 'www/pkg/**', 'www/pkg-*/**', 'dist/**', 'target/**', 'node_modules/**', 'bench/**'] },
  js.configs.recommended,
  {
    files: ['www/**/*.js'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    files: ['www/internal/worker.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // A classic script (sw.js is it with the precache list in front), not a module.
    files: ['www/service-worker.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['tests/**/*.mjs', 'scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
  },
  {
    // Functions passed to page.evaluate() run in the browser.
    files: ['tests/e2e/**/*.mjs', 'scripts/bench-*.mjs', 'scripts/widget-size.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    rules: {
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'always'],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
];
