package org.idempotencylab.engine;

/**
 * Independent random streams derived from one seed.
 *
 * <p>Call outcomes ("does this call fail?", "is the reply lost?") use {@code mulberry32(seed)} itself, so that
 * the first article's table comes out exactly (docs/simulation.md). Every other random quantity
 * draws from its own stream, seeded by mixing the seed with the stream's purpose, so switching one feature on
 * never shifts the outcome draws of the calls that still happen.
 */
public final class RandomStreams {

    /** What a derived stream is used for; the ordinal is part of the derivation, so never reorder. */
    public enum Purpose { JITTER, CALL_DURATION, ARRIVALS, CRASHES, DUPLICATES, PAYLOADS, REPEATS, ROLLBACKS }

    private RandomStreams() {
    }

    /** @return the stream of call outcomes: the article's {@code seededRandom(seed)}. */
    public static Mulberry32 outcomes(long seed) {
        return new Mulberry32(seed);
    }

    /** @return a stream for {@code purpose}, independent of the outcome stream and of the other purposes. */
    public static Mulberry32 derived(long seed, Purpose purpose) {
        return new Mulberry32(splitMix64(seed ^ (0x9E3779B97F4A7C15L * (purpose.ordinal() + 1))));
    }

    /** SplitMix64's finaliser (Steele, Lea, Flood 2014): spreads nearby seeds far apart. */
    static long splitMix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
