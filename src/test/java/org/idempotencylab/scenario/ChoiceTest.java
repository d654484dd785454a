package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Every choice has one shape ({@link Choice}): its names come from its constants, and one helper reads them with
 * the standard bad-input message (field, value, allowed names; docs/design.md, "Conventions").
 */
class ChoiceTest {

    @Test
    void theNamesAreTheOnesOptionsAndFilesTake() {
        // the names scenario files, presets and scripts already use: deriving them from the constants keeps them; a
        // constant added after them (a new store kind, say) leaves them as they were, so only they are pinned
        assertKept("uniform, lognormal, fixed", Choice.names(CallTimeShape.values()));
        assertKept("atomic, check-then-insert", Choice.names(ClaimMode.values()));
        assertKept("none, new-per-call, same", Choice.names(KeyMode.values()));
        assertKept("start, enqueue", Choice.names(LockAt.values()));
        assertKept("start, end, ttl", Choice.names(LockRelease.values()));
        assertKept("requeue, reject", Choice.names(OnConflict.values()));
        assertKept("memory, durable", Choice.names(QueueKind.values()));
        assertKept("none, atomic, read-then-update", Choice.names(RescuerKind.values()));
        assertKept("each-step, whole-job, whole-job-skip-finished", Choice.names(RetryScope.values()));
        assertKept("worker, queue", Choice.names(RetryVia.values())); // the one name that is not its constant's
        assertKept("linear, log", Choice.names(Spacing.values()));
        assertKept("none, memory, claim-table, lock", Choice.names(StoreKind.values()));
    }

    /** Asserts that {@code names} begins with {@code kept}, whole names only ("a, b" keeps "a", not "a-b"). */
    private static void assertKept(String kept, String names) {
        assertTrue(names.equals(kept) || names.startsWith(kept + ", "), "expected to begin with <" + kept + "> but was <"
                + names + ">");
    }

    @Test
    void aLabelIsTheNameUnlessTheChoiceGivesOne() {
        assertEquals("each-step", RetryScope.EACH_STEP.label());
        assertEquals("check, then insert", ClaimMode.CHECK_THEN_INSERT.label());
    }

    @Test
    void parseTakesAnyCaseAndIgnoresSurroundingSpaces() {
        assertEquals(ClaimMode.CHECK_THEN_INSERT, Choice.parse("--claim", ClaimMode.values(), " Check-Then-Insert "));
        assertEquals(RetryVia.DELAYED_MESSAGE, Choice.parse("--retry-via", RetryVia.values(), "queue"));
    }

    @Test
    void aBadValueNamesTheFieldTheValueAndTheAllowedNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Choice.parse("--queue", QueueKind.values(), "disk\u001b[2J"));
        // the control character escaped, so a terminal never gets it raw
        assertEquals("--queue: 'disk\\u001b[2J' is not one of memory, durable", e.getMessage());
    }
}
