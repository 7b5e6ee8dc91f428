/**
 * Pieces of a long map launch (backends/webgpu/pieces.ts runs them, so an interrupt lands between
 * them). Which positions a piece covers never changes a result: every position is computed the same
 * way in any piece.
 */
import type { ScheduleForce } from './limits.js';

/** Positions at or below which a launch is recorded whole (about a millisecond of work on a GPU). */
export const PIECE_MIN = 1 << 18;
/** Positions in the first piece of a longer launch: small, since a piece cannot be stopped once
 *  submitted and its cost is unknown (a data-dependent loop); later pieces are sized from its time. */
export const FIRST_PIECE = 1 << 16;
/** How long one piece aims to take: well inside the < 2 s an interrupt must take to return. */
export const PIECE_TARGET_MS = 100;

export interface PieceSchedule {
  /** Launches of at most this many positions are recorded whole. */
  wholeAtMost: number;
  /** Positions of the first piece of a longer launch. */
  first: number;
  /** What later pieces aim to take. */
  targetMs: number;
}

export function planPieces(force: ScheduleForce = {}): PieceSchedule {
  return { wholeAtMost: force.pieceMin ?? PIECE_MIN, first: force.firstPiece ?? FIRST_PIECE, targetMs: PIECE_TARGET_MS };
}
