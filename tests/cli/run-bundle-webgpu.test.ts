/**
 * The webgpu half of run-bundle.test.ts's in-process parity (the run bundle answers as the modules do,
 * for every program, on webgpu), in a test process of its own: see the note on PART there.
 */
process.env.BROOK_RUN_BUNDLE_PART = 'webgpu';
await import('./run-bundle.test.js');
