import { defineConfig } from 'vitest/config';
import { ALL_TESTS, BENCH_TESTS, GPU_TESTS, JUPYTER_TESTS } from './tests/projects.js';

/**
 * Four projects, grouped by what the tests need (tests/projects.ts says which file goes where and why):
 * `npx vitest run --project unit` (no build, no device), `--project gpu` (lavapipe), `--project jupyter`
 * (the built package as processes), `--project bench` (the bench harness's smoke tests). A plain
 * `vitest run` runs all four. tests/global-setup.ts builds only what the projects that run need.
 */
const project = (name: string, include: string[], exclude: string[] = []) => ({
  extends: true as const,
  test: { name, include, exclude: ['**/node_modules/**', ...exclude], globalSetup: ['tests/global-setup.ts'] },
});

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      project('unit', [ALL_TESTS], [...GPU_TESTS, ...JUPYTER_TESTS, ...BENCH_TESTS]),
      project('gpu', GPU_TESTS),
      project('jupyter', JUPYTER_TESTS),
      project('bench', BENCH_TESTS),
    ],
  },
});
