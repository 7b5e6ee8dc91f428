/**
 * The wire format: HMAC-SHA256 signing against RFC 4231's published vectors (an independent reference),
 * framing with identities and <IDS|MSG>, and rejection of tampered, truncated or unsigned messages.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decode, DELIMITER, encode, Signer, WireError, PROTOCOL_VERSION, unsignedWarning } from '../../kernel/wire.js';

describe('Signer', () => {
  it('computes HMAC-SHA256 as RFC 4231 test case 1 says', () => {
    const key = '\x0b'.repeat(20);
    expect(new Signer(key).sign(['Hi There'])).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
  });

  it('computes HMAC-SHA256 as RFC 4231 test case 2 says, over frames split anywhere', () => {
    // Jupyter signs the concatenation of the four JSON frames; splitting the data must not change the digest.
    const s = new Signer('Jefe');
    const expected = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
    expect(s.sign(['what do ya want for nothing?'])).toBe(expected);
    expect(s.sign(['what do ya ', 'want for', ' nothing?'])).toBe(expected);
  });

  it('verifies its own signatures and rejects a changed byte, a changed length, an empty signature', () => {
    const s = new Signer('secret');
    const frames = ['{"a":1}', '{}', '{}', '{"code":"1"}'];
    const sig = s.sign(frames);
    expect(s.verify(sig, frames)).toBe(true);
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    expect(s.verify(flipped, frames)).toBe(false);
    expect(s.verify(sig.slice(0, -1), frames)).toBe(false);
    expect(s.verify('', frames)).toBe(false);
    expect(s.verify(sig, ['{"a":2}', '{}', '{}', '{"code":"1"}'])).toBe(false);
  });

  it('signs nothing and accepts everything when the key is empty (signing disabled)', () => {
    const s = new Signer('');
    expect(s.sign(['x'])).toBe('');
    expect(s.verify('', ['x'])).toBe(true);
  });

  it('refuses a scheme that is not HMAC', () => {
    expect(() => new Signer('k', 'rsa-sha256')).toThrow(/unsupported signature scheme/);
  });
});

describe('encode and decode', () => {
  const signer = new Signer('0123-key');

  it('round-trips identities, the four parts and buffers', () => {
    const ids = [Buffer.from('client-1'), Buffer.from([0, 1, 2, 255])];
    const parent = { msg_id: 'p1', msg_type: 'execute_request', session: 's', username: 'u', date: '2020-01-01T00:00:00Z', version: '5.3' };
    const frames = encode({ msgType: 'execute_reply', content: { status: 'ok', execution_count: 3 }, parent: parent as never, identities: ids, metadata: { m: 1 }, buffers: [Buffer.from('raw')] }, 'kernel-session', signer);
    expect(frames[2]!.toString()).toBe(DELIMITER);
    const msg = decode(frames, signer);
    expect(msg.identities.map((b) => [...b])).toEqual(ids.map((b) => [...b]));
    expect(msg.header.msg_type).toBe('execute_reply');
    expect(msg.header.session).toBe('kernel-session');
    expect(msg.header.version).toBe(PROTOCOL_VERSION);
    expect(Number.isNaN(Date.parse(msg.header.date))).toBe(false);
    expect(msg.parent_header).toEqual(parent);
    expect(msg.metadata).toEqual({ m: 1 });
    expect(msg.content).toEqual({ status: 'ok', execution_count: 3 });
    expect(msg.buffers.map((b) => b.toString())).toEqual(['raw']);
  });

  it('signs exactly header + parent + metadata + content (checked with an independent HMAC)', () => {
    const frames = encode({ msgType: 'status', content: { execution_state: 'idle' } }, 's', signer);
    const at = frames.findIndex((f) => f.toString() === DELIMITER);
    const parts = frames.slice(at + 2, at + 6).map((f) => f.toString());
    const h = createHmac('sha256', '0123-key');
    for (const p of parts) h.update(p);
    expect(frames[at + 1]!.toString()).toBe(h.digest('hex'));
    expect(JSON.parse(parts[1]!)).toEqual({});
  });

  it('rejects a tampered message, a missing delimiter, too few frames, and non-JSON parts', () => {
    const frames = encode({ msgType: 'status', content: { execution_state: 'busy' } }, 's', signer);
    const tampered = [...frames];
    tampered[5] = Buffer.from('{"x":1}');
    expect(() => decode(tampered, signer)).toThrow(WireError);
    expect(() => decode(tampered, signer)).toThrow(/invalid signature/);
    expect(() => decode(frames.filter((f) => f.toString() !== DELIMITER), signer)).toThrow(/delimiter/);
    expect(() => decode(frames.slice(0, 4), signer)).toThrow(/frames after the delimiter/);
    const unsigned = new Signer('');
    const bad = encode({ msgType: 'status', content: {} }, 's', unsigned);
    bad[4] = Buffer.from('not json');
    expect(() => decode(bad, unsigned)).toThrow(/metadata is not JSON/);
  });

  it('rejects validly signed messages of the wrong shape: null or non-object header, no msg_type, non-object parts', () => {
    const signed = (parts: string[]) => [Buffer.from(DELIMITER), Buffer.from(signer.sign(parts)), ...parts.map((p) => Buffer.from(p))];
    const header = JSON.stringify({ msg_id: 'm', msg_type: 'execute_request', session: 's', username: 'u', date: '', version: '5.3' });
    expect(() => decode(signed(['null', '{}', '{}', '{}']), signer)).toThrow(/header is null, not an object/);
    expect(() => decode(signed(['[1]', '{}', '{}', '{}']), signer)).toThrow(/header is an array/);
    expect(() => decode(signed(['"x"', '{}', '{}', '{}']), signer)).toThrow(/header is a string/);
    expect(() => decode(signed(['{}', '{}', '{}', '{}']), signer)).toThrow(/no msg_type/);
    expect(() => decode(signed(['{"msg_type": 3}', '{}', '{}', '{}']), signer)).toThrow(/no msg_type/);
    expect(() => decode(signed([header, '{}', '{}', '7']), signer)).toThrow(/content is a number/);
    expect(() => decode(signed([header, '[]', '{}', '{}']), signer)).toThrow(/parent_header is an array/);
    // null parts other than the header read as empty objects (some clients send null metadata)
    expect(decode(signed([header, 'null', 'null', 'null']), signer)).toMatchObject({ parent_header: {}, metadata: {}, content: {} });
  });

  it('warns about an empty key (signing off), and only then', () => {
    const info = { transport: 'tcp', ip: '127.0.0.1', shell_port: 1, iopub_port: 2, stdin_port: 3, control_port: 4, hb_port: 5, signature_scheme: 'hmac-sha256' } as const;
    expect(unsignedWarning({ ...info, key: '' })).toMatch(/empty key.*not signed/);
    expect(unsignedWarning({ ...info, key: 'k' })).toBeUndefined();
  });
});
