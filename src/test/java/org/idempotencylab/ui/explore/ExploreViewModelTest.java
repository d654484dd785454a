package org.idempotencylab.ui.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.idempotencylab.engine.Explorer;
import org.idempotencylab.engine.ExplorerScenario;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.QueueKind;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.live.LiveViewModel;
import org.junit.jupiter.api.Test;

/**
 * The Explore tab's logic without the FX toolkit: what the fields make (and refuse, in one line naming the field,
 * the value and the range), and a counterexample in words, from what the explorer finds.
 */
class ExploreViewModelTest {
    private final AtomicInteger started = new AtomicInteger();
    private final ExploreViewModel model = new ExploreViewModel(ExplorerScenario.DEFAULTS,
            r -> started.incrementAndGet(), 1, CounterexampleStage.NONE);

    private String planError() {
        return assertThrows(IllegalArgumentException.class, model::plan).getMessage();
    }

    @Test
    void theFieldsMakeTheExploreCommandsScenarioWithFixedCallsAndNothingFailingByItself() {
        ExploreViewModel.Plan p = model.plan();
        Scenario expected = Scenario.article().toBuilder().jobs(1).workers(1)
                .callTime(CallTimeShape.FIXED).jitter(false).pFail(0).lostReply(0).build();
        assertEquals(expected, p.scenario(), "the explore command's defaults: one sign-up, fixed calls, no draws");
        assertFalse(model.races(), "one worker: no races");
        assertEquals(Strategy.ARTICLE, p.strategies());
        assertEquals(EnumSet.complementOf(EnumSet.of(FaultKind.ORDER)), p.kinds(), "one worker: order is not chosen");
        assertEquals(2, p.maxFaults());

        model.jobsProperty().set("3");
        model.workersProperty().set("1");
        model.maxFaultsProperty().set("4");
        model.queueProperty().set(QueueKind.DURABLE);
        model.visibilityTimeoutProperty().set("5,000");
        model.maxReceivesProperty().set("2");
        model.repeatMinProperty().set("1000");
        model.repeatMaxProperty().set("4000");
        model.strategies().get(0).selected().set(false);
        model.kinds().get(FaultKind.ORDER.ordinal()).selected().set(false);
        p = model.plan();
        assertEquals(3, p.scenario().jobs());
        assertEquals(1, p.scenario().workers());
        assertEquals(QueueKind.DURABLE, p.scenario().queue());
        assertEquals(5_000, p.scenario().visibilityTimeoutMs());
        assertEquals(2, p.scenario().maxReceives());
        assertEquals(1_000, p.scenario().duplicateDelayMinMs());
        assertEquals(4_000, p.scenario().duplicateDelayMaxMs());
        assertEquals(Strategy.ARTICLE.subList(1, 5), p.strategies());
        assertEquals(EnumSet.complementOf(EnumSet.of(FaultKind.ORDER)), p.kinds());
        assertEquals(4, p.maxFaults());
        assertEquals(0, started.get(), "reading the fields runs nothing");
    }

    @Test
    void aBadValueIsNamedWithTheValueAndTheRange() {
        model.jobsProperty().set("5");
        assertEquals("Sign-ups: 5 is outside the allowed range 1 to 3", planError());
        model.jobsProperty().set("two");
        assertEquals("Sign-ups: 'two' is not a whole number; allowed 1 to 3", planError());
        model.jobsProperty().set(" 2 ");
        model.workersProperty().set("3");
        assertEquals("Workers: 3 is outside the allowed range 1 or 2", planError());
        model.workersProperty().set("1");
        model.maxFaultsProperty().set("6");
        assertEquals("Most faults per schedule: 6 is outside the allowed range 0 to 4", planError());
        model.maxFaultsProperty().set("-1");
        assertEquals("Most faults per schedule: -1 is outside the allowed range 0 to 4", planError());
        model.maxFaultsProperty().set("0");
        model.repeatMinProperty().set("40,000");
        model.repeatMaxProperty().set("1,000");
        assertEquals("Repeat after: 40,000 ms to 1,000 ms runs backwards; the shortest delay comes first",
                planError());
        model.repeatMaxProperty().set("40,000");
        model.queueProperty().set(QueueKind.DURABLE);
        model.visibilityTimeoutProperty().set("0");
        assertEquals("Visibility timeout: 0 is outside the allowed range 1 to 43,200,000", planError());
        model.queueProperty().set(QueueKind.MEMORY);
        model.plan(); // the in-memory queue has no visibility timeout: its field is not read
        model.strategies().forEach(c -> c.selected().set(false));
        assertEquals("Strategies: none ticked; tick at least one", planError());
        assertEquals(0, started.get());
    }

    @Test
    void aRepeatDelayIsReadOnlyWhileTheSignUpMayBeSentAgain() {
        model.repeatMinProperty().set("soon");
        assertTrue(planError().startsWith("Repeat after (min): 'soon' is not"), planError());
        model.kinds().get(FaultKind.REPEAT.ordinal()).selected().set(false);
        assertFalse(model.plan().kinds().contains(FaultKind.REPEAT), "greyed out, and not read");
    }

    /** One sign-up, at most one fault, lost replies only: the explorer's counterexamples, said in words. */
    @Test
    void aCounterexampleInWordsEndsWithWhatIsDoneTwice() {
        model.maxFaultsProperty().set("1");
        model.kinds().forEach(c -> c.selected().set(c.kind() == FaultKind.LOST_REPLY));
        ExploreViewModel.Plan p = model.plan();
        List<Explorer.Result> results = Explorer.exploreAll(p.scenario(), p.strategies(), p.kinds(), 1, 1,
                RunControl.NONE);
        ExploreViewModel.Exploration e = new ExploreViewModel.Exploration(p, results);

        // no key: the email goes out at 1,400 ms (seven 200 ms calls in), its reply is lost, the retry sends it again
        ExploreViewModel.Row noKey = ExploreViewModel.row(e, results.get(0));
        assertEquals("retry each step, no key", noKey.strategy());
        assertEquals("2", noKey.schedules(), "the schedule without a fault, and the one with the lost reply");
        assertEquals("1", noKey.duplicates());
        assertEquals("0", noKey.lost());
        assertEquals("at 0:01.400: user_0's welcome email goes out, its reply is lost\n"
                + "→ the welcome email is sent twice", noKey.counterexample());
        assertTrue(noKey.playable());
        // the same key every time: the provider knows the key, nothing is sent twice
        ExploreViewModel.Row sameKey = ExploreViewModel.row(e, results.get(2));
        assertEquals("none", sameKey.counterexample());
        assertFalse(sameKey.playable());
        assertFalse(sameKey.hasDuplicates());
        // the whole job again after the lost reply: the six steps before the email run a second time
        assertEquals("at 0:01.400: user_0's welcome email goes out, its reply is lost\n"
                + "→ 6 steps are done twice: \"save the user\", \"create the billing customer\", \"create the "
                + "workspace\", \"upload the default avatar\", \"add to the CRM\", \"subscribe to the newsletter\"",
                ExploreViewModel.row(e, results.get(3)).counterexample());

        Counterexample c = ExploreViewModel.counterexample(e, results.get(0));
        assertEquals("Counterexample: retry each step, no key", c.title());
        assertTrue(c.text().startsWith(noKey.counterexample() + "\n\n"), c.text());
        assertEquals(Metric.USERS_WITH_DUPLICATE_EMAILS, c.watched());
        assertEquals(results.get(0).shortestCounterexample(), c.faults());
        assertEquals(p.scenario(), c.scenario());
        assertEquals(Set.of(FaultKind.LOST_REPLY), c.kinds());
        assertEquals(Metric.REPEATED_STEPS, ExploreViewModel.counterexample(e, results.get(3)).watched());
        assertEquals("Schedules of at most 1 fault of lost reply · 1 sign-up, 1 worker, in-memory queue",
                ExploreViewModel.heading(p));
    }

    /** Each kind of fault in words, at the time the live view's clock shows; the attempt only after the first. */
    @Test
    void everyKindOfFaultHasItsWords() {
        assertEquals("at 0:00.400: user_1's call to \"create the billing customer\" fails before doing anything",
                FaultWords.of(new Fault(FaultKind.FAIL, 1, false, 1, 1, 0, 400, 1, -1, "", "")));
        assertEquals("at 0:02.600: user_0's welcome email goes out, its reply is lost (attempt 2)",
                FaultWords.of(new Fault(FaultKind.LOST_REPLY, 0, false, 6, 2, 0, 2_600, 1, -1, "", "")));
        assertEquals("at 0:00.200: user_0's repeated request's \"save the user\" is done, then the worker process "
                + "crashes before recording it",
                FaultWords.of(new Fault(FaultKind.CRASH, 0, true, 0, 1, 1, 200, 1, -1, "", "")));
        assertEquals("at 0:30.000: user_2's sign-up is sent again, 30,000 ms after the first request",
                FaultWords.of(new Fault(FaultKind.REPEAT, 2, false, -1, 0, -1, 30_000, 1, 30_000, "", "")));
        assertEquals("at 0:00.200: two events are due at once, and worker 2's call of save the user for user_1 ends "
                + "before worker 1's call of save the user for user_0 ends", FaultWords.of(new Fault(FaultKind.ORDER, -1,
                false, -1, 0, -1, 200, 1, -1, "worker 2's call of save the user for user_1 ends",
                "worker 1's call of save the user for user_0 ends")));
    }

    @Test
    void manyStepsDoneTwiceAreSaidByTheOnesThatAreNot() {
        assertEquals("→ every step but \"send the welcome email\" is done twice",
                FaultWords.outcome(List.of(0, 1, 2, 3, 4, 5, 7, 8, 9)));
        assertEquals("→ all ten steps are done twice", FaultWords.outcome(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)));
        assertEquals("→ \"save the user\" is done twice", FaultWords.outcome(List.of(0)));
    }

    /** The checkout preset's job: the card charge (a key), the stock (a local write), the receipt (a key). */
    private static final Workflow CHECKOUT = new Workflow("checkout", List.of(
            Workflow.Step.external("charge the card", true, null), Workflow.Step.local("reserve the stock"),
            Workflow.Step.external("send the receipt", true, 0.005)));

    @Test
    void aWorkflowsChoicePointsAndOutcomeNameItsStepsNotTheSignUps() {
        // step 0 lost its reply: the checkout's card charge, never "welcome email" (the sign-up's step 6)
        assertEquals("at 0:02.600: user_0's call to \"charge the card\" goes out, its reply is lost (attempt 2)",
                FaultWords.of(new Fault(FaultKind.LOST_REPLY, 0, false, 0, 2, 0, 2_600, 1, -1, "", ""), CHECKOUT));
        assertEquals("at 0:00.200: user_0's \"reserve the stock\" is done, then the worker process crashes before "
                + "recording it", FaultWords.of(new Fault(FaultKind.CRASH, 0, false, 1, 1, 1, 200, 1, -1, "", ""),
                CHECKOUT));
        assertEquals("→ \"charge the card\" is done twice", FaultWords.outcome(List.of(0), CHECKOUT));
        assertEquals("→ 2 steps are done twice: \"charge the card\", \"send the receipt\"",
                FaultWords.outcome(List.of(0, 2), CHECKOUT));
        assertEquals("→ every step of the job is done twice", FaultWords.outcome(List.of(0, 1, 2), CHECKOUT));
    }
}
