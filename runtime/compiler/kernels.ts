/**
 * The compiler's second face: the kernel writers, as the backends use them.
 *
 * The compiler's first face (index.ts) turns Brook source into host code and CompiledKernels (kernel IR).
 * The backends turn that IR into code for their device when a call arrives (its shapes are only known
 * then): JavaScript and WebAssembly for the CPU (codegen/js, codegen/wasm), WGSL for WebGPU
 * (codegen/wgsl, with the stream operations' shaders in codegen/wgsl/ops.ts). This module names
 * everything a backend may take from those writers; a backend imports the compiler only through here and
 * through its shared vocabulary (ir.ts, types.ts, diagnostics.ts, source.ts, messages/), never from
 * codegen/ directly (tests/architecture/layers.test.ts pins it). The schedules (schedule/: workgroup
 * sizes, reduction strategy, cooperative and 2-D forms, pieces) come through here too.
 */
export { compileKernelJs, planKey, SMALL_WHOLE, type Access, type CompiledJsKernel, type IterForm, type JsPlan } from './codegen/js/index.js';
export { flatKinds, type Kind } from './codegen/js/scalar.js';
export { generateKernelWasm, HOST_IMPORTS_SOURCE, WasmUnsupported } from './codegen/wasm/index.js';
export { encodeMemoryCopyModule } from './codegen/wasm/encode.js';
export {
  coopLoop,
  coopTrips,
  f32Bits,
  paramIsBound,
  planModule,
  voutParams,
  WG2D,
  WgslUnsupportedError,
  wordsOf,
  writeKernelModule,
  type KernelVariant,
  type ModulePlan,
  type PagePlan,
  type PageSpec,
  type ShapeSpec,
  type VariantMode,
} from './codegen/wgsl/index.js';
export { gatherOpShader, SCAN_BLOCK, SCAN_WG, scanShader, scatterListShader, scatterShader, SG_UNIFORMS, type ScatterGatherSpec } from './codegen/wgsl/ops.js';
export { hasLoops, loopSites, type LoopSite } from './codegen/wgsl/budget.js';
export { writeTiledModule, type TiledModuleSpec, type TiledStep } from './codegen/wgsl/chain-tile.js';
export { LOOP_POLL_EVERY, loopPollEvery, STOP_NAME, STOP_WORD_ADDRESS, STOP_WORD_NAME } from './codegen/loop-poll.js';
export {
  COOP_MAX_OUTPUTS,
  coopLanes,
  deviceLimits,
  combineRun,
  FIRST_PIECE,
  isCommutativeReduction,
  MAP_WORKGROUP,
  PIECE_MIN,
  planMap,
  planPieces,
  planReduceAll,
  planReduceBlocks,
  planVout,
  REDUCE_LEAF,
  scheduleChoices,
  SHORT_RUN,
  stageKey,
  stridedLanes,
  useGrid2d,
  VEC4_BLOCK_WG,
  WIDE_BLOCK,
  type DeviceLimits,
  type MapSchedule,
  type PieceSchedule,
  type ReduceAllSchedule,
  type ReduceBlocksSchedule,
  type ScheduleForce,
} from './schedule/index.js';
export { gatherIndex, REDUCE_CHUNK, treeJoins } from './facts/index.js';
