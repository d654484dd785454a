package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The facts a store kind owns, and the wording derived from them. */
class StoreKindTest {

    @Test
    void theStoresThatRecordFinishedStepsAreNamedFromTheirOwnFact() {
        List<StoreKind> recording = Arrays.stream(StoreKind.values()).filter(StoreKind::recordsCompletion).toList();
        assertEquals(recording, StoreKind.recording());
        // today memory and the claim table record finished steps; none and the lock do not (the articles)
        assertEquals(List.of(StoreKind.MEMORY, StoreKind.CLAIM_TABLE), recording);
        assertEquals("memory or claim-table", StoreKind.recordingNames());
        assertEquals("the in-memory store or the claim table", StoreKind.recordingLabels());
    }

    @Test
    void aMessageThatRefusesSkippingNamesTheRecordingStores() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.NONE, StoreKind.LOCK));
        assertTrue(e.getMessage().endsWith("needs " + StoreKind.recordingNames()), e.getMessage());
    }

    @Test
    void aStrategyNameEndsWithTheStoresOwnWords() {
        // the article's names stay as they were: no store adds nothing, the memory store its two words
        assertEquals("retry each step, no key", Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.NONE)
                .name());
        for (StoreKind k : StoreKind.values()) {
            if (k != StoreKind.NONE) {
                assertEquals("retry each step, no key, " + k.inStrategyName(),
                        Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, k).name());
            }
        }
        assertEquals("retry each step, no key, memory store",
                Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.MEMORY).name());
    }

    @Test
    void listsAreJoinedAsASentence() {
        assertEquals("", StoreKind.either(List.of()));
        assertEquals("a", StoreKind.either(List.of("a")));
        assertEquals("a or b", StoreKind.either(List.of("a", "b")));
        assertEquals("a, b or c", StoreKind.either(List.of("a", "b", "c")));
    }
}
