package org.idempotencylab.engine;

/**
 * The mulberry32 generator, bit-compatible with {@code seededRandom} in the first article
 * ("Jobs that run twice", {@code simulate.ts}).
 *
 * <p>JavaScript's {@code Math.imul} and {@code | 0} are 32-bit two's-complement operations, which is exactly
 * Java {@code int} arithmetic, so the same seed gives the same sequence to the last bit. The seed is reduced to
 * its low 32 bits, as JavaScript's {@code ToInt32} does for any integer seed.
 *
 * <p>Not thread-safe: each simulation owns its streams.
 */
public final class Mulberry32 {
    private int state;

    /** @param seed any value; only its low 32 bits are used (JavaScript {@code ToInt32}). */
    public Mulberry32(long seed) {
        this.state = (int) seed;
    }

    /** @return the next value, uniform in {@code [0, 1)}, with 32 bits of randomness. */
    public double nextDouble() {
        int a = state + 0x6D2B79F5;
        state = a;
        int t = (a ^ (a >>> 15)) * (1 | a);
        t = (t + ((t ^ (t >>> 7)) * (61 | t))) ^ t;
        return ((t ^ (t >>> 14)) & 0xFFFF_FFFFL) / 4294967296.0;
    }
}
