/**
 * rand/srand with glibc's exact sequence: the TYPE_3 additive feedback generator (random_r.c),
 * degree 31, separation 3, RAND_MAX 2147483647, default seed 1. Old Brook programs seed with
 * srand(n) and print results, so the numbers must match gcc-built programs bit for bit.
 *
 * srandom_r: r[0] = seed (0 becomes 1); r[i] = 16807 * r[i-1] mod 2147483647 by Schrage's method on
 * int32 words; then 310 outputs are discarded. Each call: r[f] += r[r] (uint32 wrap), result r[f] >> 1.
 */

export const RAND_MAX = 2147483647;

export class GlibcRandom {
  private readonly state = new Int32Array(31);
  private f = 3; // front index
  private r = 0; // rear index

  constructor(seed = 1) {
    this.seed(seed);
  }

  /** srand(seed): seed is an unsigned int. */
  seed(seed: number): void {
    let word = seed | 0; // glibc stores the unsigned seed in an int32_t
    if (word === 0) word = 1;
    const st = this.state;
    st[0] = word;
    for (let i = 1; i < 31; i++) {
      // (16807 * word) % 2147483647 without overflow (Schrage), on signed 32-bit values.
      const hi = Math.trunc(word / 127773);
      const lo = word % 127773;
      word = 16807 * lo - 2836 * hi;
      if (word < 0) word += 2147483647;
      st[i] = word;
    }
    this.f = 3;
    this.r = 0;
    for (let i = 0; i < 310; i++) this.next();
  }

  /** rand(): 0 .. RAND_MAX. */
  next(): number {
    const st = this.state;
    const v = (st[this.f]! + st[this.r]!) | 0;
    st[this.f] = v;
    const result = v >>> 1;
    if (++this.f >= 31) this.f = 0;
    if (++this.r >= 31) this.r = 0;
    return result;
  }
}

/** drand48/srand48 with glibc's sequence: X = (0x5DEECE66D X + 0xB) mod 2^48 from 0x1234ABCD330E,
 *  each value X / 2^48. */
export class Rand48 {
  private x = 0x1234abcd330en;
  seed(seed: number): void { this.x = (BigInt(seed >>> 0) << 16n) | 0x330en; }
  next(): number {
    this.x = (0x5deece66dn * this.x + 0xbn) & 0xffffffffffffn;
    return Number(this.x) / 2 ** 48;
  }
}
