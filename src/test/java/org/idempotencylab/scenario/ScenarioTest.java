package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A Scenario is validated at construction: a bad value throws {@link ParameterException} whose message names the
 * field, the value and the allowed range (docs/design.md, "Conventions"; e.g. "pFail: 1.5 is outside the allowed
 * range 0 to 1"). The ranges are those its {@link Parameter} rows declare.
 */
class ScenarioTest {

    @Test
    void articleHasTheArticlesValues() {
        Scenario a = Scenario.article();
        // simulate.ts: JOBS 1,000,000; P_FAIL 0.01; LOST_REPLY 0.005; maxAttempts 3, baseDelayMs 100,
        // maxDelayMs 2000, jitter true; seededRandom(1); IdempotencyStore(24 * 60 * 60 * 1000).
        assertEquals(1_000_000, a.jobs());
        assertEquals(0.01, a.pFail());
        assertEquals(0.005, a.lostReply());
        assertEquals(3, a.maxAttempts());
        assertEquals(1, a.seed());
        assertEquals(100, a.baseDelayMs());
        assertEquals(2_000, a.maxDelayMs());
        assertEquals(true, a.jitter());
        assertEquals(24L * 60 * 60 * 1000, a.ttlMs());
        // Not in the article; chosen to leave its table unchanged (Scenario's class comment, docs/simulation.md):
        // one worker, provider keys kept 24 h (Stripe), calls of 200 virtual ms.
        assertEquals(24L * 60 * 60 * 1000, a.providerKeyTtlMs());
        assertEquals(1, a.workers());
        assertEquals(200, a.callMs());
        assertEquals(86_400_000L, Scenario.DAY_MS);
    }

    /** field id, a bad value as the message prints it, the range text, how to set the value. */
    static Stream<Arguments> outOfRange() {
        return Stream.of(
                bad("jobs", "0", "1 to 100,000,000", b -> b.jobs(0)),
                bad("jobs", "100000001", "1 to 100,000,000", b -> b.jobs(100_000_001)),
                bad("jobs", "-1", "1 to 100,000,000", b -> b.jobs(-1)),
                bad("pFail", "1.5", "0 to 1", b -> b.pFail(1.5)),
                bad("pFail", "-0.1", "0 to 1", b -> b.pFail(-0.1)),
                bad("pFail", "NaN", "0 to 1", b -> b.pFail(Double.NaN)),
                bad("pFail", "Infinity", "0 to 1", b -> b.pFail(Double.POSITIVE_INFINITY)),
                bad("lostReply", "2", "0 to 1", b -> b.lostReply(2)),
                bad("lostReply", "-0.005", "0 to 1", b -> b.lostReply(-0.005)),
                bad("lostReply", "NaN", "0 to 1", b -> b.lostReply(Double.NaN)),
                bad("maxAttempts", "0", "1 to 100", b -> b.maxAttempts(0)),
                bad("maxAttempts", "101", "1 to 100", b -> b.maxAttempts(101)),
                bad("baseDelayMs", "-1", "0 to 86,400,000", b -> b.baseDelayMs(-1)),
                bad("baseDelayMs", "86400001", "0 to 86,400,000", b -> b.baseDelayMs(86_400_001)),
                bad("maxDelayMs", "-1", "0 to 86,400,000", b -> b.maxDelayMs(-1)),
                bad("maxDelayMs", "86400001", "0 to 86,400,000", b -> b.maxDelayMs(86_400_001)),
                bad("callMs", "-1", "0 to 3,600,000", b -> b.callMs(-1)),
                bad("callMs", "3600001", "0 to 3,600,000", b -> b.callMs(3_600_001)),
                // 31 days = 2,678,400,000 ms
                bad("ttlMs", "0", "1 to 2,678,400,000", b -> b.ttlMs(0)),
                bad("ttlMs", "2678400001", "1 to 2,678,400,000", b -> b.ttlMs(2_678_400_001L)),
                bad("providerKeyTtlMs", "0", "1 to 2,678,400,000", b -> b.providerKeyTtlMs(0)),
                bad("providerKeyTtlMs", "2678400001", "1 to 2,678,400,000",
                        b -> b.providerKeyTtlMs(2_678_400_001L)),
                bad("workers", "0", "1 to 1,024", b -> b.workers(0)),
                bad("workers", "1025", "1 to 1,024", b -> b.workers(1_025)));
    }

    private static Arguments bad(String field, String value, String range, UnaryOperator<Scenario.Builder> set) {
        return Arguments.of(field, value, range, set);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("outOfRange")
    void outOfRangeValueNamesFieldValueAndRange(String field, String value, String range,
                                                UnaryOperator<Scenario.Builder> set) {
        ParameterException e = assertThrows(ParameterException.class,
                () -> set.apply(Scenario.article().toBuilder()).build());
        assertEquals(field + ": " + value + " is outside the allowed range " + range, e.getMessage());
        assertEquals(field, e.parameter().id());
        assertEquals(value, e.value());
        assertFalse(e.isNotANumber());
    }

    @Test
    void boundariesAreAllowed() {
        Scenario low = Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0).maxAttempts(1)
                .seed(Integer.MIN_VALUE)
                .baseDelayMs(0).maxDelayMs(0).callMs(0).ttlMs(1).providerKeyTtlMs(1).workers(1).build();
        assertEquals(1, low.jobs());
        Scenario high = Scenario.article().toBuilder().jobs(100_000_000).pFail(1).lostReply(1).maxAttempts(100)
                .seed(Integer.MAX_VALUE).baseDelayMs(86_400_000).maxDelayMs(86_400_000).callMs(3_600_000)
                .ttlMs(31L * 86_400_000).providerKeyTtlMs(31L * 86_400_000).workers(1_024).build();
        assertEquals(1_024, high.workers());
    }

    @Test
    void theGenericSetterIsCheckedToo() {
        // set(Parameter, value) is the path scenario files, sweeps and the window take: the same check as pFail(1.5)
        ParameterException e = assertThrows(ParameterException.class,
                () -> Scenario.article().toBuilder().set(Parameter.P_FAIL, 1.5).build());
        assertEquals("pFail: 1.5 is outside the allowed range 0 to 1", e.getMessage());
    }

    /** @return every numeric parameter (the choices and flags are refused by their parsers, not by a range) */
    static Stream<Parameter> numbers() {
        return Arrays.stream(Parameter.values()).filter(p -> p.kind().isNumber());
    }

    @ParameterizedTest
    @MethodSource("numbers")
    void everyNumberIsCheckedAgainstItsRowsRange(Parameter p) {
        // the one loop over the rows checks each of them: one above its row's maximum is refused, naming the row
        ParameterException e = assertThrows(ParameterException.class,
                () -> Scenario.article().toBuilder().set(p, p.max() + 1).build());
        assertEquals(p, e.parameter());
    }

    @Test
    void builderStartsFromTheScenarioAndChangesOnlyWhatIsSet() {
        Scenario a = Scenario.article();
        assertEquals(a, a.toBuilder().build());
        assertEquals(a.hashCode(), a.toBuilder().build().hashCode());
        Scenario b = a.toBuilder().jobs(20_000).seed(7).build();
        assertEquals(List.of(Parameter.JOBS, Parameter.SEED), b.differencesFrom(a));
        assertEquals(20_000, b.jobs());
        assertEquals(7, b.seed());
        assertNotEquals(a, b);
    }

    @Test
    void aSeedWiderThan32BitsIsRefused() {
        // mulberry32 takes 32 bits (JavaScript's ToInt32 in the article): 2^32 + 1 would silently equal seed 1
        ParameterException e = assertThrows(ParameterException.class,
                () -> Scenario.article().toBuilder().seed(4_294_967_297L).build());
        assertEquals("seed: 4294967297 is outside the allowed range -2,147,483,648 to 2,147,483,647",
                e.getMessage());
    }
}
