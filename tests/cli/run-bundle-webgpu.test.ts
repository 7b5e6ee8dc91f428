/**
 * The webgpu half of run-bundle.test.ts's in-process parity (the run bundle answers as the modules do,
 * for every program, on webgpu), in a test process of its own: see the note on PART there.
 *
 * Every program is run twice in this one process (about 600 WebGPU backends started and disposed). It
 * once ended the test process on the 2-core CI machine ("Worker exited unexpectedly", ~960 threads):
 * each backend made a Dawn instance of its own and its device was never released. Backends now share
 * one instance and dispose() releases the device (runtime/backends/webgpu/device.ts, start.ts);
 * tests/webgpu/backend-release.test.ts pins that the thread count stays bounded.
 */
process.env.BROOK_RUN_BUNDLE_PART = 'webgpu';
await import('./run-bundle.test.js');
