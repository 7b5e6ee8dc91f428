/**
 * The Jupyter wire format (messaging protocol 5.3), with no sockets and no state: what every other module
 * of the kernel builds on, and what tests/kernel/wire.test.ts pins.
 *
 * A message on a ROUTER/PUB socket is the frames
 *   [...identities, "<IDS|MSG>", signature, header, parent_header, metadata, content, ...buffers]
 * where signature = hex(HMAC(key, header + parent_header + metadata + content)) with the scheme named in
 * the connection file (hmac-sha256 in practice), or "" when the key is empty (signing disabled).
 * Verification is constant-time (crypto.timingSafeEqual): a timing leak of the HMAC check is the bug Deno's
 * hand-written kernel shipped and fixed.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { KernelMessage } from '@jupyterlab/services';

export const PROTOCOL_VERSION = '5.3';
export const DELIMITER = '<IDS|MSG>';

/** The connection file a Jupyter client writes before starting the kernel. */
export interface ConnectionInfo {
  transport: 'tcp' | 'ipc';
  ip: string;
  shell_port: number;
  iopub_port: number;
  stdin_port: number;
  control_port: number;
  hb_port: number;
  key: string;
  signature_scheme: string;
  kernel_name?: string;
}

export function readConnectionFile(path: string): ConnectionInfo {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (err) {
    throw new KernelStartError(`cannot read the connection file ${path}: ${(err as Error).message}`);
  }
  let info: Partial<ConnectionInfo>;
  try {
    info = JSON.parse(raw) as Partial<ConnectionInfo>;
  } catch (err) {
    throw new KernelStartError(`the connection file ${path} is not JSON: ${(err as Error).message}`);
  }
  for (const field of ['ip', 'shell_port', 'iopub_port', 'stdin_port', 'control_port', 'hb_port'] as const) {
    if (info[field] === undefined) throw new KernelStartError(`the connection file ${path} has no "${field}"`);
  }
  return {
    transport: info.transport ?? 'tcp',
    key: info.key ?? '',
    signature_scheme: info.signature_scheme ?? 'hmac-sha256',
    ...info,
  } as ConnectionInfo;
}

/** The zeromq endpoint of one channel: tcp://ip:port, or ipc://ip-port as jupyter_client names them. */
export function endpoint(info: ConnectionInfo, port: number): string {
  return info.transport === 'ipc' ? `ipc://${info.ip}-${port}` : `tcp://${info.ip}:${port}`;
}

/** Why the kernel cannot start (a connection file it cannot use, a port it cannot bind): said in one
 *  line, exit status 1, never a stack. */
export class KernelStartError extends Error {}

/**
 * Binds one channel's socket, naming the channel and endpoint when it cannot: the client picks free ports
 * and closes them before the kernel binds, so another process can take one in between (jupyter_client
 * has the same window); the user's fix is to start the kernel again.
 */
export async function bindChannel(socket: { bind(address: string): Promise<void> }, channel: string, info: ConnectionInfo, port: number): Promise<void> {
  const address = endpoint(info, port);
  try {
    await socket.bind(address);
  } catch (err) {
    throw new KernelStartError(`cannot listen for the ${channel} channel on ${address}: ${(err as Error)?.message ?? err}. Another process holds it; start the kernel again (Jupyter picks new ports at each start).`);
  }
}

/** Signs and verifies the four JSON frames; one per kernel (the key does not change). */
export class Signer {
  private readonly algorithm: string;
  constructor(private readonly key: string, scheme = 'hmac-sha256') {
    if (!scheme.startsWith('hmac-')) throw new Error(`unsupported signature scheme "${scheme}"`);
    this.algorithm = scheme.slice('hmac-'.length);
  }

  sign(frames: readonly (string | Buffer)[]): string {
    if (this.key === '') return '';
    const hmac = createHmac(this.algorithm, this.key);
    for (const f of frames) hmac.update(f);
    return hmac.digest('hex');
  }

  verify(signature: string, frames: readonly (string | Buffer)[]): boolean {
    if (this.key === '') return true;
    const expected = Buffer.from(this.sign(frames), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    // timingSafeEqual throws on a length mismatch; the length of a hex digest is public anyway.
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** A message as the kernel handles it: the JSON parts parsed, identities and buffers kept. */
export interface WireMessage {
  identities: Buffer[];
  header: KernelMessage.IHeader;
  parent_header: KernelMessage.IHeader | Record<string, never>;
  metadata: Record<string, unknown>;
  content: Record<string, unknown>;
  buffers: Buffer[];
}

export class WireError extends Error {}

/** Splits and checks raw frames; throws WireError on a malformed or wrongly signed message. */
export function decode(frames: Buffer[], signer: Signer): WireMessage {
  const at = frames.findIndex((f) => f.length === DELIMITER.length && f.toString('utf8') === DELIMITER);
  if (at < 0) throw new WireError('no <IDS|MSG> delimiter');
  if (frames.length < at + 6) throw new WireError(`only ${frames.length - at - 1} frames after the delimiter`);
  const signature = frames[at + 1]!.toString('utf8');
  const parts = frames.slice(at + 2, at + 6);
  if (!signer.verify(signature, parts)) throw new WireError('invalid signature');
  const [header, parent, metadata, content] = parts.map((p, i) => {
    try {
      return JSON.parse(p.toString('utf8')) as unknown;
    } catch {
      throw new WireError(`frame ${['header', 'parent_header', 'metadata', 'content'][i]} is not JSON`);
    }
  });
  // Shape, not just syntax: a signed message with a null header or a numeric content must not reach a
  // handler (a null header once killed the shell loop, and on control the process).
  if (!isObject(header)) throw new WireError(`header is ${describeJson(header)}, not an object`);
  if (typeof header.msg_type !== 'string' || header.msg_type === '') throw new WireError('header has no msg_type');
  if (header.msg_id !== undefined && typeof header.msg_id !== 'string') throw new WireError('header.msg_id is not a string');
  for (const [name, part] of [['parent_header', parent], ['metadata', metadata], ['content', content]] as const) {
    if (part !== null && !isObject(part)) throw new WireError(`${name} is ${describeJson(part)}, not an object`);
  }
  return {
    identities: frames.slice(0, at),
    header: header as unknown as KernelMessage.IHeader,
    parent_header: (parent ?? {}) as WireMessage['parent_header'],
    metadata: (metadata ?? {}) as Record<string, unknown>,
    content: (content ?? {}) as Record<string, unknown>,
    buffers: frames.slice(at + 6),
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describeJson(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`;
}

/** The one warning for an empty key: anyone who can reach the ports can run code as this user. */
export function unsignedWarning(info: ConnectionInfo): string | undefined {
  if (info.key !== '') return undefined;
  return 'warning: the connection file has an empty key, so messages are not signed: anyone who can reach the kernel\'s ports can run code as this user (start the kernel through Jupyter, which writes a key)';
}

/** What the kernel sends: the type and content, the parent it answers, and where it goes. */
export interface Outgoing {
  msgType: string;
  content: object;
  parent?: WireMessage['header'] | Record<string, never>;
  metadata?: Record<string, unknown>;
  identities?: Buffer[];
  buffers?: Buffer[];
}

export function createHeader(msgType: string, session: string, username = 'kernel'): KernelMessage.IHeader {
  return {
    msg_id: randomUUID(),
    msg_type: msgType as KernelMessage.MessageType,
    session,
    username,
    date: isoMicros(),
    version: PROTOCOL_VERSION,
  };
}

/** Now as an ISO date with microseconds, as jupyter_client dates its messages (the order of two sends shows). */
export function isoMicros(): string {
  const us = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  return new Date(Math.floor(us / 1000)).toISOString().replace('Z', `${String(us % 1000).padStart(3, '0')}Z`);
}

/** Builds the frames of one message; `session` is the kernel's own session id. */
export function encode(out: Outgoing, session: string, signer: Signer): Buffer[] {
  const header = JSON.stringify(createHeader(out.msgType, session));
  const parent = JSON.stringify(out.parent ?? {});
  const metadata = JSON.stringify(out.metadata ?? {});
  const content = JSON.stringify(out.content);
  const parts = [header, parent, metadata, content];
  return [
    ...(out.identities ?? []),
    Buffer.from(DELIMITER),
    Buffer.from(signer.sign(parts)),
    ...parts.map((p) => Buffer.from(p)),
    ...(out.buffers ?? []),
  ];
}
