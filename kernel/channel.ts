/**
 * One Jupyter channel on one zeromq 6 socket: receives decoded messages and sends through a queue.
 *
 * zeromq 6 rejects a send with EBUSY while an earlier send on the same socket is still pending, so every
 * send goes through one promise chain per socket; messages keep their order (a 20,000-line cell relies on
 * it) and a failed send is logged, never thrown into the caller's cell.
 */
import type * as zmq from 'zeromq';
import { decode, encode, Signer, WireError, type Outgoing, type WireMessage } from './wire.js';

type Sendable = zmq.Router | zmq.Publisher;

export class Channel {
  private tail: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    readonly name: string,
    readonly socket: Sendable,
    private readonly signer: Signer,
    private readonly session: string,
    private readonly log: (text: string) => void,
  ) {}

  /** Queues one message; the returned promise settles when zeromq has taken it. */
  send(out: Outgoing): Promise<void> {
    if (this.closed) return Promise.resolve();
    const frames = encode(out, this.session, this.signer);
    this.tail = this.tail.then(
      () => this.socket.send(frames),
    ).catch((err: unknown) => {
      if (!this.closed) this.log(`${this.name}: send of ${out.msgType} failed: ${(err as Error).message}`);
    });
    return this.tail;
  }

  /** Resolves once every queued message has been handed to zeromq. */
  drain(): Promise<void> {
    return this.tail;
  }

  /**
   * Async iteration over the decoded messages of a ROUTER socket. Input never ends it: a malformed frame
   * (bad JSON, a header that is not an object, a wrong signature) is logged and skipped.
   */
  async *messages(): AsyncGenerator<WireMessage> {
    const router = this.socket as zmq.Router;
    try {
      for await (const frames of router) {
        let msg: WireMessage;
        try {
          msg = decode(frames, this.signer);
        } catch (err) {
          this.log(`${this.name}: dropped a message: ${err instanceof WireError ? err.message : `cannot decode it (${(err as Error)?.message ?? err})`}`);
          continue;
        }
        yield msg;
      }
    } catch (err) {
      // zeromq ends iteration with an error when the socket is closed under it.
      if (!this.closed) throw err;
    }
  }

  close(): void {
    this.closed = true;
    this.socket.linger = 0;
    this.socket.close();
  }
}
