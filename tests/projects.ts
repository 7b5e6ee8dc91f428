/**
 * Which vitest project each test file belongs to: tests are grouped by what they need, not by subsystem.
 * vitest.config.ts builds its projects from these lists; tests/architecture/test-projects.test.ts pins
 * that every test file sits in exactly one project and that unit files reach for neither dist/ nor a device.
 *
 * - unit: imports the sources (.ts, never dist/), opens no WebGPU device, starts no built program.
 *   Worker threads, gcc and in-process runs of the CPU backend are fine. No build.
 * - gpu: opens a WebGPU device (lavapipe in CI, scripts/setup-system.sh) in the test process, or in a
 *   child that runs dist/ (the memory tests need --expose-gc in a clean process). Builds dist/ with tsc.
 * - jupyter: runs the built package as a process: the Jupyter kernel, the notebooks (nbconvert,
 *   jupyter server), the lab page and classic notebook in chromium, the packed tarball, and the `brook`
 *   CLI (conformance corpus, error corpus, bundles) that the kernel and the package share. Many also use
 *   lavapipe. Builds everything (`npm run build`: tsc, the CLI bundles, the lab page).
 * - bench: the bench harness's smoke tests (tests/bench/: --quick runs, the session bench's kernels).
 *   Builds tsc and the CLI bundles.
 *
 * A new test file falls into unit unless it is listed below; the architecture test then fails if it
 * imports dist/ or opens a device, naming the file.
 *
 * Time (tests/README.md, "Time in tests"): no unit test compares a clock reading with a number
 * (tests/architecture/clock-thresholds.test.ts). A speed claim is a bench case (bench/); a responsiveness
 * promise (an interrupt answered within seconds) is a gpu or jupyter test, with a bound a loaded 2-core
 * CI machine meets and a comment saying why.
 */

export type ProjectName = 'unit' | 'gpu' | 'jupyter' | 'bench';

/** What each project needs built before it runs (tests/global-setup.ts), from least to most. */
export const BUILD_LEVELS = ['none', 'tsc', 'bundles', 'lab'] as const;
export type BuildLevel = (typeof BUILD_LEVELS)[number];
export const PROJECT_BUILD: Record<ProjectName, BuildLevel> = { unit: 'none', gpu: 'tsc', bench: 'bundles', jupyter: 'lab' };

export const GPU_TESTS = [
  'tests/brt/deferred.test.ts',
  'tests/brt/fusion.test.ts',
  'tests/brt/plan-cache.test.ts',
  'tests/compiler/writer-agreement.test.ts', // the WGSL writer on lavapipe beside the CPU writers
  'tests/fuzz/differential.test.ts', // the differential fuzzer: JavaScript, WebAssembly and WGSL (lavapipe) writers
  'tests/fuzz/mutation.test.ts', // imports dist/fuzz
  'tests/golden/wgsl-dawn.test.ts',
  'tests/library/blas.test.ts',
  'tests/magics/gpu-interrupt.test.ts',
  'tests/magics/line-magics.test.ts',
  'tests/magics/rerun-memory.test.ts',
  'tests/magics/robustness.test.ts',
  'tests/profile/magics-profile.test.ts',
  'tests/profile/profile.test.ts',
  'tests/results/table-text.test.ts',
  'tests/webgpu/**/*.test.ts',
  'tests/wgsl/**/*.test.ts',
];

export const JUPYTER_TESTS = [
  'tests/apps/**/*.test.ts',
  'tests/brt/software-adapter.test.ts',
  'tests/cli/check-bundle.test.ts',
  'tests/cli/compile-worker.test.ts',
  'tests/cli/gpu-timeout.test.ts',
  'tests/cli/help.test.ts',
  'tests/cli/lab-command.test.ts', // the lab page built in dist/lab
  'tests/cli/output-order.test.ts',
  'tests/cli/run-bundle.test.ts',
  'tests/cli/run-bundle-webgpu.test.ts',
  'tests/cli/run-stop.test.ts',
  'tests/conformance/**/*.test.ts',
  'tests/errors/**/*.test.ts',
  'tests/jupyter/**/*.test.ts',
  'tests/kernel/checker.test.ts', // the checker's worker is dist/kernel/checker-worker.js
  'tests/kernel/cpu-endless.test.ts',
  'tests/kernel/cpu-interrupt.test.ts',
  'tests/kernel/execute-notebook.test.ts',
  'tests/kernel/first-cell-check.test.ts',
  'tests/kernel/gpu-wait.test.ts',
  'tests/kernel/interrupt-storm.test.ts',
  'tests/kernel/interrupt.test.ts',
  'tests/kernel/kernel-process.test.ts',
  'tests/kernel/port-in-use.test.ts',
  'tests/kernel/rerun-memory.test.ts',
  'tests/kernel/server-e2e.test.ts',
  'tests/kernel/temp-dirs.test.ts',
  'tests/kernel/ts-kernel-errors.test.ts',
  'tests/kernel/watchdog-process.test.ts',
  'tests/library/include.test.ts',
  'tests/notebooks-html/**/*.test.ts',
  'tests/notebooks/blas-notebook.test.ts',
  'tests/notebooks/notebooks.test.ts',
  'tests/package/tarball.test.ts',
  'tests/profile/cli-profile.test.ts',
  'tests/profile/notebooks-profile.test.ts',
];

export const BENCH_TESTS = ['tests/bench/**/*.test.ts'];

export const ALL_TESTS = 'tests/**/*.test.ts';
