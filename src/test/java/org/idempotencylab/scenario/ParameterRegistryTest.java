package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every {@link Parameter} row is the one declaration of its parameter: each reads and sets its own
 * {@link Scenario} value, its default is the first article's value, and its text form reads back.
 */
class ParameterRegistryTest {

    @Test
    void everyTypedGetterOfScenarioReadsTheRowOfItsName() throws Exception {
        // a typed getter is a one-line reading of its row: one named like a row must read that row and no other
        int getters = 0;
        for (Method m : Scenario.class.getDeclaredMethods()) {
            if (m.getParameterCount() == 0 && Modifier.isPublic(m.getModifiers())
                    && Parameter.ids().contains(m.getName())) {
                Parameter p = Parameter.byId(m.getName());
                Object other = otherValue(p, p.get(Scenario.article()));
                Scenario.Builder b = p.set(Scenario.article().toBuilder(), other);
                if (p.rangeStart() != null) {
                    p.rangeStart().set(b, other); // a range stays in order
                }
                Object read = m.invoke(b.build());
                assertEquals(other, read instanceof Integer i ? (Object) i.longValue() : read, p.id());
                getters++;
            }
        }
        assertTrue(getters > 0, "the getters are found");
    }

    @ParameterizedTest
    @EnumSource(Parameter.class)
    void setChangesItsOwnComponentAndNoOther(Parameter p) {
        Scenario article = Scenario.article();
        Object other = otherValue(p, p.get(article));
        Scenario.Builder b = article.toBuilder();
        p.set(b, other);
        Parameter partner = p.rangeStart() != null ? p.rangeStart() : p.rangeEnd();
        if (partner != null) {
            partner.set(b, other); // a range stays in order: both ends move together here
        }
        Scenario changed = b.build();
        assertEquals(other, p.get(changed), p.id());
        for (Parameter q : Parameter.values()) {
            if (q != p && q != partner) {
                assertEquals(q.get(article), q.get(changed), p.id() + " must not change " + q.id());
            }
        }
    }

    /** @return a valid value of {@code p} different from {@code v} */
    private static Object otherValue(Parameter p, Object v) {
        return switch (p.kind()) {
            case FLAG -> !(Boolean) v;
            case CHOICE -> p.choices().stream().filter(c -> !c.equals(v)).findFirst().orElseThrow();
            case PROBABILITY -> (Double) v == 0.25 ? 0.5 : 0.25;
            case RATE, FACTOR -> { // inside the range whatever it is (a backoff factor 1..10, a sigma 0..3)
                double mid = (p.min() + p.max()) / 2.0 + 0.25;
                yield (Double) v == mid ? mid + 0.25 : mid;
            }
            case COUNT, MILLIS -> (Long) v == p.min() + 1 ? p.min() + 2 : p.min() + 1;
        };
    }

    @Test
    void theDefaultsAreTheFirstArticlesParameters() {
        // the article: 1,000,000 sign-ups, 1% failures, 0.5% lost replies, 3 attempts, seed 1, backoff 100 ms
        // doubling to 2,000 ms with full jitter
        Scenario a = Scenario.article();
        assertEquals(1_000_000, a.jobs());
        assertEquals(0.01, a.pFail());
        assertEquals(0.005, a.lostReply());
        assertEquals(3, a.maxAttempts());
        assertEquals(1, a.seed());
        assertEquals(100, a.baseDelayMs());
        assertEquals(2_000, a.maxDelayMs());
        assertEquals(2, a.backoffFactor(), "doubling");
        assertTrue(a.jitter());
        for (Parameter p : Parameter.values()) {
            assertEquals(p.normalise(p.defaultValue()), p.get(a), p.id());
        }
    }

    @ParameterizedTest
    @EnumSource(Parameter.class)
    void theDefaultLiesInTheRangeAndItsTextReadsBack(Parameter p) {
        Object v = p.get(Scenario.article());
        assertEquals(v, p.parseValue(p.format(v)), p.id() + " as " + p.format(v));
        if (p.kind().isNumber()) {
            double d = ((Number) v).doubleValue();
            assertTrue(d >= p.min() && d <= p.max(), p.id());
        }
    }

    @ParameterizedTest
    @EnumSource(Parameter.class)
    void everyRowSaysWhatItMeansAndHasUniqueNames(Parameter p) {
        assertTrue(p.label().length() > 2, p.id());
        assertTrue(p.meaning().length() > 10, p.id());
        assertTrue(p.cliOption().startsWith("--"), p.id());
        assertNotNull(p.section(), p.id());
        if (p.kind().isNumber() && p.scale() != Parameter.Scale.NONE) {
            assertTrue(p.sliderMin() < p.sliderMax(), p.id() + " slider");
            assertTrue(p.sliderMin() >= p.min() && p.sliderMax() <= p.max(), p.id() + " slider within range");
        }
    }

    @Test
    void idsLabelsAndOptionsAreUniqueButARangeSharesItsOption() {
        Set<String> ids = new HashSet<>();
        Set<String> labels = new HashSet<>();
        Set<String> options = new HashSet<>();
        for (Parameter p : Parameter.values()) {
            assertTrue(ids.add(p.id()), p.id());
            assertTrue(labels.add(p.label()), p.label());
            if (p.rangeStart() == null) {
                assertTrue(options.add(p.cliOption()), p.cliOption());
            } else {
                assertEquals(p.rangeStart().cliOption(), p.cliOption(), "one option for both ends of a range");
            }
        }
    }

    @Test
    void theRepeatedRequestsDelayIsARangeSweptAsOneFixedValue() {
        assertEquals(Parameter.DUPLICATE_DELAY_MIN_MS, Parameter.DUPLICATE_DELAY_MAX_MS.rangeStart());
        assertEquals(Parameter.DUPLICATE_DELAY_MAX_MS, Parameter.DUPLICATE_DELAY_MIN_MS.rangeEnd());
        assertEquals("duplicateDelayMs", Parameter.DUPLICATE_DELAY_MIN_MS.sweepId());
        assertTrue(Parameter.DUPLICATE_DELAY_MIN_MS.isSweepable());
        assertTrue(!Parameter.DUPLICATE_DELAY_MAX_MS.isSweepable());
        assertTrue(!Parameter.QUEUE.isSweepable() && !Parameter.JITTER.isSweepable(), "not numbers");
    }

    @Test
    void flagsAndChoicesReadTheirNamesInAnyCaseAndNameTheAllowedOnes() {
        assertEquals(Boolean.FALSE, Parameter.JITTER.parseValue(" FALSE "));
        assertEquals(QueueKind.DURABLE, Parameter.QUEUE.parseValue("Durable"));
        ParameterException e = assertThrows(ParameterException.class, () -> Parameter.QUEUE.parseValue("disk"));
        assertEquals("queue: 'disk' is not one of memory, durable", e.getMessage());
        ParameterException f = assertThrows(ParameterException.class, () -> Parameter.JITTER.parseValue("yes"));
        assertEquals("jitter: 'yes' is not one of true, false", f.getMessage());
    }

    @Test
    void differencesFromTheArticleNameEachChangedParameterOnce() {
        Scenario s = Scenario.article().toBuilder().jobs(100_000).lostReply(0.05).queue(QueueKind.DURABLE).build();
        assertEquals(List.of(Parameter.JOBS, Parameter.LOST_REPLY, Parameter.QUEUE),
                s.differencesFrom(Scenario.article()));
        assertEquals("5%", Parameter.LOST_REPLY.displayText(0.05));
        assertEquals("30,000 ms", Parameter.LEASE_MS.displayText(30_000L));
        assertEquals("off", Parameter.JITTER.displayText(false));
        assertNotEquals(List.of(), s.differencesFrom(Scenario.article()));
    }

    @Test
    void aValueOfTheWrongKindIsRefusedNamingTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Parameter.QUEUE.set(Scenario.article().toBuilder(), "durable"));
        assertTrue(e.getMessage().startsWith("queue: "), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Parameter.P_FAIL.set(Scenario.article().toBuilder(), true));
    }

    @Test
    void aWholeNumberTooLargeForAnIntIsRefusedNotWrapped() {
        // 2^32 + 3 narrowed to an int would read as 3 attempts: the builder checks the long first
        ParameterException e = assertThrows(ParameterException.class,
                () -> Scenario.article().toBuilder().maxAttempts(4_294_967_299L).build());
        assertEquals(Parameter.MAX_ATTEMPTS, e.parameter());
    }
}
