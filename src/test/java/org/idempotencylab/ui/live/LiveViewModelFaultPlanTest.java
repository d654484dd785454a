package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.idempotencylab.engine.Explorer;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * A counterexample played in the live view: its faults forced (and nothing else failing) on the run, on a Reset and
 * on the timeline's replays, until another scenario comes or a Reset runs other parameters. The expected runs are
 * the explorer's: the counterexample it reports for the same scenario and strategy.
 */
class LiveViewModelFaultPlanTest {
    /** One sign-up of the classroom scenario, every call 200 ms, no draws of its own. */
    private static final Scenario SMALL = LiveViewModel.classroomDefaults().toBuilder().jobs(1).callTime(
            CallTimeShape.FIXED).jitter(false).pFail(0).lostReply(0).build();
    private static final Set<FaultKind> KINDS = EnumSet.of(FaultKind.FAIL, FaultKind.LOST_REPLY);

    private static StrategyResult toTheEnd(LiveViewModel vm) {
        while (!vm.simulation().isFinished()) {
            vm.advanceTo(vm.nowMs() + 1_000, 0);
        }
        return vm.simulation().result();
    }

    private static LiveViewModel.FaultPlan plan(Strategy strategy) {
        Explorer.Result r = Explorer.explore(SMALL, strategy, KINDS, 1, RunControl.NONE);
        assertTrue(r.hasCounterexample(), strategy.name());
        return new LiveViewModel.FaultPlan(KINDS, r.shortestCounterexample());
    }

    @Test
    void theRunMakesTheCounterexamplesFaultsAndNoOther() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        // the explorer's shortest: the welcome email's reply is lost at 1,400 ms, and its retry sends it again
        vm.apply(SMALL, Strategy.EACH_STEP_NO_KEY, plan(Strategy.EACH_STEP_NO_KEY));
        StrategyResult r = toTheEnd(vm);
        assertEquals(1, r.usersWithDuplicateEmails());
        assertEquals(1, r.repeatedSteps(), "the email, and no other step: nothing else failed");
        assertEquals(1, vm.duplicates(6), "the email station's count");

        // back on the timeline and on again: the replay forces the same fault
        vm.seek(1_000);
        assertEquals(0, vm.duplicates(6), "before the lost reply");
        assertEquals(1, toTheEnd(vm).usersWithDuplicateEmails());

        vm.reset(); // the same parameters: the same counterexample again
        assertNotNull(vm.faultPlan());
        assertEquals(1, toTheEnd(vm).usersWithDuplicateEmails());
    }

    @Test
    void anotherScenarioOrEditedParametersDropTheFaults() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.apply(SMALL, Strategy.EACH_STEP_NO_KEY, plan(Strategy.EACH_STEP_NO_KEY));
        vm.form().set(Parameter.MAX_ATTEMPTS, 1L); // one attempt: the lost reply would fail the job
        vm.reset();
        assertNull(vm.faultPlan(), "the faults belong to the parameters they were found with");
        assertEquals(0, toTheEnd(vm).usersWithDuplicateEmails(), "the scenario's own draws: 0% fails");

        vm.apply(SMALL, Strategy.EACH_STEP_NO_KEY, plan(Strategy.EACH_STEP_NO_KEY));
        vm.apply(SMALL, Strategy.EACH_STEP_NO_KEY); // a preset, a lesson: no faults of the explorer's
        assertNull(vm.faultPlan());
        assertEquals(0, toTheEnd(vm).usersWithDuplicateEmails());
    }
}
