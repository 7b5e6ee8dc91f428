/**
 * Schedules: how a kernel call runs on a GPU. One place chooses workgroup sizes, the reduction
 * strategy, the cooperative and 2-D forms, tiling (tiling.ts), chain tiling (chain-tile.ts: which
 * chains of calls share a tile in workgroup memory, proved by chain-proof.ts) and the pieces of a
 * long launch; the WGSL writer
 * (codegen/wgsl) only prints the choice the variant carries, the WebGPU backend only executes it.
 *
 * In:  the kernel's IR, the call's sizes (outputs, elements, block size, a counted loop's trips), the
 *      device's limits (`DeviceLimits`: a plain copy of the GPUSupportedLimits used, and whether
 *      subgroups exist), and optional forced choices (`ScheduleForce`: tests and sweeps).
 * Out: plain data (MapSchedule, ReduceAllSchedule, ReduceBlocksSchedule, PieceSchedule): numbers and
 *      flags, no functions, no device objects.
 * Always: pure (no device, environment or clock). A schedule never changes a result (Halide's rule):
 *      the order in which a reduction combines its elements is order.ts's, fixed by the IR and the
 *      call's element count, and every workgroup size offered here prints that same order.
 *      tests/webgpu/plan-sweep.test.ts runs every plan on lavapipe and demands identical bits. What
 *      the rule does not cover is listed in docs/DECISIONS.md "Schedules".
 */
export { isCommutativeReduction, REDUCE_LEAF, STRIDED_BLOCK_LANES, VEC4_BLOCK_WG, WIDE_BLOCK, stridedLanes } from './order.js';
export { deviceLimits, type DeviceLimits, type ScheduleForce } from './limits.js';
export { scheduleChoices } from './choices.js';
export { mapTiling, vec4ProducerInputs, vec4Rows } from './tiling.js';
export { combineRun, planReduceAll, planReduceBlocks, SHORT_RUN, type ReduceAllSchedule, type ReduceBlocksSchedule } from './reduce.js';
export { planChainTile, proveChain, proveTileLocal, tileCandidates, tileRefusal, TILE_MAX_TRIPS, TILE_MIN_LANES, TILE_WORKGROUP, type ChainStepFacts, type ChainTile, type TileProofInput } from './chain-tile.js';
export { MAP_WORKGROUP, VOUT_WORKGROUP, coopLanes, planMap, planVout, useGrid2d, COOP_MIN_TRIPS, COOP_MAX_OUTPUTS, COOP_OUTPUTS_PER_TRIP, type MapSchedule } from './map.js';
export { planStage, stageKey, STAGE_MAX_TRIPS, STAGE_MIN_TRIPS, type StageDecision, type StagePlan } from './stage.js';
export { FIRST_PIECE, PIECE_MIN, PIECE_TARGET_MS, planPieces, type PieceSchedule } from './pieces.js';
