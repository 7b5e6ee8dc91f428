/**
 * Small pieces that every part of the system may import: kernel/, magics/, cli/ and runtime/.
 *
 * In / Out: constants and helpers with no knowledge of Jupyter or of Brook.
 * What always holds: common/ imports nothing of the project (only Node and npm packages), so it can sit
 * below every layer without making a cycle (tests/architecture/layers.test.ts pins it).
 *
 * Module map: fonts.ts (the font files our PNGs are drawn with); abort-state.ts (the interrupt flag and
 * watchdog deadline of a unit of work, armed by the kernel and checked by the runtime); code-cache.cts
 * (CommonJS: a file run through a V8 code cache; the CLI's bundles and the kernel's typescript.js use it,
 * required from dist/ by path, as bin/brook.js does); gc.ts (a full V8 collection at a moment the caller
 * chooses).
 */
export { FONT_FAMILY, FONT_FILES } from './fonts.js';
export { AbortState, isAbortError, parseTimeout, sessionAbort, setSessionAbort, setStopErrors, type StopReason } from './abort-state.js';
export { fullCollection } from './gc.js';
