/**
 * Size limits are checked before anything is laid out or allocated (runtime/compiler/limits.ts): a
 * huge array or extent is one diagnostic naming the limit, found in time proportional to the text.
 * That time is the bench's compiler.hugeArray (the same programs against two-element arrays); here the
 * result, and host code proportional to the initializer rather than the array.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';

function codes(src: string): string[] {
  return compile(src).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

describe('size limits', () => {
  it('rejects a 2^31 - 1 float array with a short initializer (its speed: the bench\'s compiler.hugeArray)', () => {
    const r = compile('int main() { float d[0x7fffffff] = {1.0, 2.0}; return 0; }');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['BRK2010']);
    expect(r.diagnostics[0]!.message).toContain('8589934588 bytes');
    expect(r.diagnostics[0]!.message).toContain('2147483647');
  });

  it('lays out a large array with a short initializer in code proportional to the initializer', () => {
    const r = compile('int main() { char d[0x7ffffff0] = {1, 2}; return d[1]; }');
    expect(r.ok).toBe(true);
    expect(r.hostJs!.length).toBeLessThan(20_000);
  });

  it('computes constant sizes exactly instead of wrapping', () => {
    expect(codes('int main() { float a[1 << 40]; return 0; }')).toEqual(['BRK2010']);
    expect(codes('int main() { float a[1 << 20]; return 0; }')).toEqual([]);
    expect(codes('int main() { float a[65536][65536]; return 0; }')).toEqual(['BRK2010']);
  });

  it('rejects constant stream extents outside 0..2^31-1', () => {
    expect(codes('int main() { float s<4294967297>; return 0; }')).toEqual(['BRK2011']);
    expect(codes('int main() { float s<10, -1>; return 0; }')).toEqual(['BRK2011']);
    expect(codes('int main() { float s<2147483647>; return 0; }')).toEqual([]);
  });
});
