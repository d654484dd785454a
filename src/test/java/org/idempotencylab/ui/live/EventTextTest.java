package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.scenario.Workflow.Step;
import org.junit.jupiter.api.Test;

/** The event log's lines, in the words of texts.properties, without the toolkit. */
class EventTextTest {
    private static SimulationEvent event(long timeMs, Kind kind, long user, boolean repeat, int step, int attempt,
                                         int worker, long untilMs, String note) {
        return new SimulationEvent(timeMs, kind, user, repeat, step, attempt, worker, untilMs, note, 1);
    }

    @Test
    void aLineSaysWhenWhoWhichStepWhichAttemptAndWhat() {
        assertEquals("0:01.250  user_3 · create the billing customer (attempt 2): call failed: 503 service "
                + "unavailable", EventText.describe(event(1_250, Kind.CALL_FAILED, 3, false, 1, 2, 0, 1_250,
                "503 service unavailable")));
        assertEquals("0:00.000  user_0: taken by worker 1",
                EventText.describe(event(0, Kind.JOB_STARTED, 0, false, -1, 1, 0, 0, "")),
                "workers are numbered from 1, the first attempt is not named");
        assertEquals("0:00.500  user_0 (repeat) · save the user: skipped: the store had a saved result",
                EventText.describe(event(500, Kind.STEP_SKIPPED, 0, true, 0, 1, 1, 500, "")));
        assertEquals("0:02.000  workers: CRASHED: clicked; restarts at 0:07.000",
                EventText.describe(event(2_000, Kind.WORKER_CRASHED, -1, false, -1, 0, -1, 7_000, "clicked")));
        assertEquals("0:01.000  provider: fault armed: next reply lost (clicked)",
                EventText.describe(event(1_000, Kind.FAULT_ARMED, -1, false, -1, 0, -1, 1_000,
                        "next reply lost (clicked)")));
        assertEquals("0:03.000  user_1 · save the user: job in progress; back to the queue until 0:04.000",
                EventText.describe(event(3_000, Kind.JOB_IN_PROGRESS, 1, false, 0, 1, 0, 4_000, "job in progress")));
    }

    /** A side effect done again says why in the log, in the cause's few words (before, only "done 2 times"). */
    @Test
    void aDuplicateSaysItsCause() {
        assertEquals("0:03.411  user_1 · send the welcome email (attempt 2): side effect done AGAIN: done 2 times "
                + "(the reply was lost)", EventText.describe(new SimulationEvent(3_411, Kind.DUPLICATE_SIDE_EFFECT, 1,
                false, 6, 2, 0, 3_411, "done 2 times", 1, org.idempotencylab.engine.DuplicateCause.LOST_REPLY)));
    }

    /** The checkout preset's steps: charge the card (its key step), reserve the stock, send the receipt. */
    private static final List<String> CHECKOUT = List.of("charge the card", "reserve the stock",
            "send the receipt");

    @Test
    void aWorkflowsLineNamesItsStepAndNoEmail() {
        assertEquals("0:01.000  user_2 · send the receipt (attempt 2): done, reply lost: timeout, reply lost",
                EventText.describe(event(1_000, Kind.REPLY_LOST, 2, false, 2, 2, 0, 1_000, "timeout, reply lost"),
                        CHECKOUT, false));
        assertEquals("0:01.000  user_2 · charge the card: not done again: provider knew the key",
                EventText.describe(event(1_000, Kind.EMAIL_SUPPRESSED, 2, false, 0, 1, 0, 1_000,
                        "provider knew the key"), CHECKOUT, false));
        // the sign-up's words stay
        assertEquals("0:01.000  user_2 · create the billing customer: email went out, reply lost: x",
                EventText.describe(event(1_000, Kind.REPLY_LOST, 2, false, 1, 1, 0, 1_000, "x")));
    }

    @Test
    void aWorkflowsStatusBarCountsItsKeyStepDoneTwiceByName() {
        Workflow checkout = new Workflow("checkout",
                List.of(Step.external("charge the card", true, null),
                        Step.local("reserve the stock"),
                        Step.external("send the receipt", true, 0.005)));
        StrategyResult r = new SignupSimulation(
                Scenario.article().toBuilder().jobs(1).pFail(0).lostReply(0).workflow(checkout).build(),
                Strategy.EACH_STEP_NO_KEY, org.idempotencylab.engine.RunControl.NONE).run();
        // one job, nothing fails: done 1, a call per step (3); the last counts the users whose card (the key step)
        // was charged 2+ times: none
        assertEquals("jobs done 1 · failed 0 · calls 3 · users with \"charge the card\" done 2+ times 0",
                EventText.counters(1, r, checkout, ""));
        assertEquals("done 1 · failed 0 · calls 3 · 2+ \"charge the card\" 0",
                EventText.counters(1, r, checkout, ".short"));
        assertEquals("jobs done 1 · failed 0 · calls 3 · users with 2+ emails 0", EventText.counters(1, r));
        assertEquals("done 1 · failed 0 · calls 3 · 2+ emails 0", EventText.countersShort(1, r));
    }

    @Test
    void everyKindOfEventHasItsWords() {
        for (Kind k : Kind.values()) {
            String line = EventText.describe(event(0, k, 0, false, 0, 1, 0, 0, "why"));
            assertTrue(line.startsWith("0:00.000  user_0 · save the user: "), line);
            assertFalse(line.contains("%"), "every placeholder filled: " + line);
        }
    }

    @Test
    void theLogLeavesOutWhatEveryCallHas() {
        for (Kind k : Kind.values()) {
            boolean everyCall = k == Kind.CALL_STARTED || k == Kind.CALL_SUCCEEDED || k == Kind.SIDE_EFFECT;
            assertEquals(!everyCall, EventText.logged(event(0, k, 0, false, 0, 1, 0, 0, "")), k.name());
        }
    }

    @Test
    void aTemplateFillsInAsStringFormatWould() {
        Object[] args = {"a", "b", 7, "d", "e"};
        for (String text : new String[] {"%s  %s%s%s: %s", "%1$s; back until %2$s", "taken by worker %3$d",
                "100%% sure: %s", "no placeholder", "%2$s then %1$s, %3$d"}) {
            assertEquals(String.format(Locale.ROOT, text, args), Template.of(text).fill(args), text);
        }
        assertTrue(Template.of("%2$s").uses(1));
        assertFalse(Template.of("%1$s").uses(1));
        assertThrows(IllegalArgumentException.class, () -> Template.of("%,d jobs"), "grouping needs String.format");
    }
}
