package org.idempotencylab.work;

/** How one call of a step ended, as the worker sees it (and as {@code lab_calls.outcome} records it). */
enum StepOutcome {
    /** The call did its work and the worker got the reply. */
    OK,
    /** The call failed before doing anything (503): no side effect. */
    FAILED,
    /** The welcome email went out (or the provider knew its key) but the reply was lost: a timeout. */
    LOST;

    /** @return true for {@link #OK} */
    boolean succeeded() {
        return this == OK;
    }

    /** @return the value {@code lab_calls.outcome} holds */
    String sql() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
