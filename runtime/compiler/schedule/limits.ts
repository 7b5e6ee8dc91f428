/** What a schedule reads of a device, and what a test may force. */

/** The device's limits that schedules depend on (a plain copy of GPUSupportedLimits fields). */
export interface DeviceLimits {
  maxComputeWorkgroupStorageSize: number;
  maxComputeInvocationsPerWorkgroup: number;
  maxComputeWorkgroupSizeX: number;
  maxComputeWorkgroupsPerDimension: number;
  /** The device has the `subgroups` feature (no schedule uses subgroup operations yet: their
   *  combining order would depend on the subgroup size, which Halide's rule forbids). */
  subgroups: boolean;
}

export function deviceLimits(limits: Omit<DeviceLimits, 'subgroups'>, features: { has(name: string): boolean }): DeviceLimits {
  return {
    maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: limits.maxComputeInvocationsPerWorkgroup,
    maxComputeWorkgroupSizeX: limits.maxComputeWorkgroupSizeX,
    maxComputeWorkgroupsPerDimension: limits.maxComputeWorkgroupsPerDimension,
    subgroups: features.has('subgroups'),
  };
}

/**
 * Choices forced on the planner (tests, plan sweeps, measurements); each must be one the planner
 * could make. Absent fields: the planner's own choice.
 */
export interface ScheduleForce {
  /** Workgroup size of maps, vout passes, full reductions and partial reductions (a power of two). */
  workgroupSize?: number;
  /** false: never the cooperative form of a sum loop; true: the planner's rule. */
  coop?: boolean;
  /** false: maps always run a 1-D grid. */
  grid2d?: boolean;
  /** false: no thread coarsening of 2-D maps (tiling.ts). */
  tiling?: boolean;
  /** false: no staging of gathered streams through workgroup memory (stage.ts; BROOK_TILE=0). */
  stage?: boolean;
  /** Positions from which a map launch goes in pieces, and the first piece's size. */
  pieceMin?: number;
  firstPiece?: number;
}
