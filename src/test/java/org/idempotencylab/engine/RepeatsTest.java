package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * {@code --repeats N}: a sign-up whose client sends it again ({@code pDuplicate}) sends it 1 to N times in all,
 * drawn uniformly, each repeat {@code duplicateDelay} after the one before. 1, the default, is the first article's
 * single repeated request; the further draws come from their own stream, so at any N the first repeats are the
 * same ones.
 */
class RepeatsTest {
    /**
     * 1,000 sign-ups, one a virtual second on average, every one sent again, 10 s apart, nothing failing: every
     * duplicate comes from the repeats. Eight workers for jobs of about 2 s never let a queue build up, so each
     * request arrives (and is told arriving) at the very time it was sent.
     */
    private static final Scenario EVERY_ONE = Scenario.article().toBuilder().jobs(1_000).pFail(0).lostReply(0)
            .arrivalRate(1).workers(8).pDuplicate(1).duplicateDelayMs(10_000, 10_000).build();

    /**
     * @return for each user, the arrival times (virtual ms) of its requests, in order: the sign-up first, then its
     *         repeated requests
     */
    private static Map<Long, List<Long>> repeatArrivals(Scenario s, Strategy strategy, StrategyResult[] result) {
        Map<Long, List<Long>> byUser = new TreeMap<>();
        SignupSimulation sim = new SignupSimulation(s, strategy, RunControl.NONE, true);
        sim.setListener(e -> {
            if (e.kind() == Kind.ARRIVED) {
                byUser.computeIfAbsent(e.user(), u -> new ArrayList<>()).add(e.timeMs());
            }
        });
        result[0] = sim.run();
        byUser.values().removeIf(times -> times.size() == 1); // sign-ups never sent again
        return byUser;
    }

    @Test
    void eachSignUpIsSentOneToNTimesEachTheDelayAfterTheOneBefore() {
        // N = 3: each of the 1,000 sign-ups is sent again 1, 2 or 3 times, a third each: about 333 of each
        // (binomial, standard deviation 15; 280..390 is more than 3 of them), about 2,000 repeats in all, arriving
        // exactly 10, 20 and 30 s after the sign-up. Without a key each repeat does its ten steps again and sends
        // its email: 10 steps done again per repeat, every user 2+ emails.
        StrategyResult[] r = new StrategyResult[1];
        Map<Long, List<Long>> arrivals = repeatArrivals(EVERY_ONE.toBuilder().repeats(3).build(),
                Strategy.EACH_STEP_NO_KEY, r);
        int[] howMany = new int[4];
        for (List<Long> times : arrivals.values()) {
            howMany[times.size() - 1]++;
            for (int k = 1; k < times.size(); k++) {
                assertEquals(10_000L * k, times.get(k) - times.get(0), times.toString());
            }
        }
        assertEquals(1_000, arrivals.size(), "every sign-up was sent again");
        for (int times = 1; times <= 3; times++) {
            assertTrue(howMany[times] >= 280 && howMany[times] <= 390, times + " times: " + howMany[times]);
        }
        long repeats = howMany[1] + 2L * howMany[2] + 3L * howMany[3];
        assertEquals(repeats, r[0].repeatedRequests());
        assertEquals(10 * repeats, r[0].repeatedSteps());
        assertEquals(10 * (1_000 + repeats), r[0].calls());
        assertEquals(1_000, r[0].usersWithDuplicateEmails());
        // every repeat is its own request with its own outcome; the sign-ups are still 1,000, all succeeded
        assertEquals(repeats, r[0].ended(true, Outcome.SUCCEEDED));
        assertEquals(1_000, r[0].succeededJobs());
    }

    @Test
    void theStoreAnswersEveryRepeatWithinItsTtl() {
        // Skip finished steps through the in-memory store: the last repeat arrives 30 s after its sign-up, long
        // after its ~2 s job ended and well within the 24 h TTL, so every step of every repeat is answered from
        // the store.
        StrategyResult[] r = new StrategyResult[1];
        repeatArrivals(EVERY_ONE.toBuilder().repeats(3).build(), Strategy.WHOLE_JOB_SKIP_FINISHED, r);
        assertEquals(0, r[0].repeatedSteps());
        assertEquals(10 * r[0].repeatedRequests(), r[0].storeHits());
        assertEquals(10_000, r[0].calls(), "only the sign-ups call");
    }

    @Test
    void theFirstRepeatsAreTheSameAtAnyN() {
        // 30% of 2,000 sign-ups sent again, 1 to 60 s later. The first repeat of each (who, and when) is drawn
        // exactly as with N = 1; N = 4 only adds later ones, each at least 1 s after the one before. (Arrivals
        // and repeats are drawn on arrival from their own streams, whatever the workers do.)
        Scenario some = EVERY_ONE.toBuilder().jobs(2_000).pFail(0.01).lostReply(0.005).pDuplicate(0.3)
                .duplicateDelayMs(1_000, 60_000).build();
        StrategyResult[] one = new StrategyResult[1];
        StrategyResult[] four = new StrategyResult[1];
        Map<Long, List<Long>> once = repeatArrivals(some, Strategy.EACH_STEP_NO_KEY, one);
        Map<Long, List<Long>> upToFour = repeatArrivals(some.toBuilder().repeats(4).build(),
                Strategy.EACH_STEP_NO_KEY, four);
        assertEquals(once.keySet(), upToFour.keySet(), "the same sign-ups are sent again");
        for (Map.Entry<Long, List<Long>> e : once.entrySet()) {
            List<Long> later = upToFour.get(e.getKey());
            assertEquals(e.getValue(), later.subList(0, 2), "user " + e.getKey());
            assertTrue(later.size() <= 5);
            for (int k = 1; k < later.size(); k++) {
                assertTrue(later.get(k) - later.get(k - 1) >= 1_000, "user " + e.getKey() + ": " + later);
            }
        }
        // about 600 sign-ups sent again, 2.5 times each on average with N = 4
        assertEquals(once.size(), one[0].repeatedRequests());
        assertTrue(once.size() > 500 && once.size() < 700, once.size() + " sent again");
        assertTrue(four[0].repeatedRequests() > 2 * once.size() && four[0].repeatedRequests() < 3 * once.size(),
                four[0].repeatedRequests() + " repeats of " + once.size() + " sign-ups");
    }

    @Test
    void repeatsTakeOneToAHundred() {
        assertEquals(1, Scenario.article().repeats());
        assertThrows(ParameterException.class, () -> Scenario.article().toBuilder().repeats(0).build());
        assertThrows(ParameterException.class, () -> Scenario.article().toBuilder().repeats(101).build());
    }
}
