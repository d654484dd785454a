package org.idempotencylab.engine;

/**
 * Idempotency keys of the sign-up workflow, packed into a {@code long} so the hot path builds no strings.
 *
 * <p>Layout: bits 60..63 the kind; for a step key the user number in bits 4..59 and the step index in bits
 * 0..3 (low bits that differ for neighbouring keys keep {@code Long.hashCode} well spread); for a provider key the user number in bits 0..27 and, for a fresh key, a counter in bits 28..59.
 * {@link #describe} gives the text the article would use, e.g. {@code send the welcome email:user_42} (the
 * store's {@code <step name>:<userId>}) or {@code welcome-email:user_42} (the provider key).
 */
public final class SignupKeys {
    private static final long STEP = 1L << 60;
    private static final long PROVIDER_SAME = 2L << 60;
    private static final long PROVIDER_FRESH = 3L << 60;
    private static final long PROVIDER_REQUEST = 4L << 60;
    private static final long USER_MASK_28 = (1L << 28) - 1;

    /** Largest user number a provider key can hold (2^28 - 1), above the 100,000,000 jobs a scenario allows. */
    public static final long MAX_USER = USER_MASK_28;

    private SignupKeys() {
    }

    /** @return the store key {@code <step name>:user_<user>} (article 1, {@code idempotentSteps}). */
    public static long step(int stepIndex, long user) {
        return STEP | (user << 4) | stepIndex;
    }

    /** @return the provider key sent on every attempt: {@code welcome-email:user_<user>}. */
    public static long providerSame(long user) {
        return PROVIDER_SAME | user;
    }

    /**
     * @param counter a number never used before for this user's fresh keys (the article's global {@code freshKey})
     * @return a provider key that changes on every call: {@code welcome-email:user_<user>:<counter>}; the counter
     *         wraps after 2^32, long after the provider has forgotten the first keys
     */
    public static long providerFresh(long user, long counter) {
        return PROVIDER_FRESH | ((counter & 0xFFFF_FFFFL) << 28) | (user & USER_MASK_28);
    }

    /**
     * @param request the request's number, unique in the run (the user number for a sign-up; a repeated request's
     *                is its own); it wraps after 2^32
     * @return the provider key of one request, sent on every attempt and delivery of it:
     *         {@code welcome-email:user_<user>:request_<request>}
     */
    public static long providerRequest(long user, long request) {
        return PROVIDER_REQUEST | ((request & 0xFFFF_FFFFL) << 28) | (user & USER_MASK_28);
    }

    /** @return the key as text, as the article writes it, a step key with the sign-up's step names. */
    public static String describe(long key) {
        return describe(key, SignupSteps.NAMES);
    }

    /**
     * @param stepNames the run's workflow's step names, in order; a step key's step past them is "step 11"
     * @return the key as text, as the article writes it: {@code charge the card:user_42} for a checkout's step key
     */
    public static String describe(long key, java.util.List<String> stepNames) {
        return describe(key, stepNames, "welcome-email");
    }

    /**
     * As {@link #describe(long, java.util.List)}, a provider key named {@code provider} ({@code charge-the-card:user_42}
     * for a checkout's card charge; the sign-up's is {@code welcome-email}).
     */
    public static String describe(long key, java.util.List<String> stepNames, String provider) {
        long kind = key >>> 60;
        if (kind == 1) {
            int step = (int) (key & 0xF);
            // a step past the names given (a workflow's 11th or 12th told in the sign-up's names): its number
            String name = step < stepNames.size() ? stepNames.get(step) : "step " + (step + 1);
            return stepKey(name, (key >>> 4) & ((1L << 56) - 1));
        }
        long user = key & USER_MASK_28;
        if (kind == 2) {
            return provider + ":user_" + user;
        }
        return provider + ":user_" + user + ":" + (kind == 4 ? "request_" : "") + ((key >>> 28) & 0xFFFF_FFFFL);
    }

    /** @return a step's store key as text: {@code <step name>:user_<user>} (article 1, {@code idempotentSteps}) */
    public static String stepKey(String stepName, long user) {
        return stepName + ":user_" + user;
    }
}
