package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.scenario.Workflow.Step;
import org.junit.jupiter.api.Test;

/** The record a duplicate's caption names, for the provider's keys. */
class CauseTextTest {
    private static SimulationEvent secondEmail(DuplicateCause cause, boolean repeat) {
        return new SimulationEvent(1_000, Kind.DUPLICATE_SIDE_EFFECT, 7, repeat, SignupSteps.EMAIL, 2, 0, 1_000,
                "done 2 times", 1, cause);
    }

    @Test
    void aRequestsOwnKeyThatExpiredIsTheRecordNamedAndARepeatsNewKeyIsNot() {
        Strategy perRequest = Strategy.of(RetryScope.EACH_STEP, KeyMode.PER_REQUEST, StoreKind.NONE);
        // the same request sent the email again after the provider forgot its key: that key was the missing record
        assertEquals("welcome-email:user_7:request_…",
                CauseText.record(perRequest, secondEmail(DuplicateCause.EXPIRED_KEY, false)));
        // a repeat carried a key of its own, which no record could have matched: the step's key is named, as with no key
        assertEquals(CauseText.record(Strategy.EACH_STEP_NO_KEY, secondEmail(DuplicateCause.REPEATED_REQUEST, true)),
                CauseText.record(perRequest, secondEmail(DuplicateCause.REPEATED_REQUEST, true)));
        assertEquals("welcome-email:user_7",
                CauseText.record(Strategy.EACH_STEP_SAME_KEY, secondEmail(DuplicateCause.EXPIRED_KEY, false)));
    }

    /** The checkout: charge the card (a key), reserve the stock (a local write), send the receipt (a key). */
    private static final Workflow CHECKOUT = new Workflow("checkout", List.of(Step.external("charge the card", true,
            null), Step.local("reserve the stock"), Step.external("send the receipt", true, 0.005)));

    @Test
    void aWorkflowsKeyedStepsAreGuardedByTheirProviderAndItsKeyNamedAfterTheStep() {
        // the receipt (step 2), sent again after its provider forgot the same key every attempt sends: the provider
        // was the guard, its key named after the step
        SimulationEvent receipt = new SimulationEvent(1_000, Kind.DUPLICATE_SIDE_EFFECT, 7, false, 2, 2, 0, 1_000,
                "done 2 times", 1, DuplicateCause.EXPIRED_KEY);
        assertEquals("the provider had forgotten the key \"send-the-receipt:user_7\" (its TTL ran out)",
                CauseText.sentence(Strategy.EACH_STEP_SAME_KEY, CHECKOUT, receipt));
        // step 6 of the sign-up is no provider's step in a workflow of three: no index from the sign-up is used
        SimulationEvent charge = new SimulationEvent(1_000, Kind.DUPLICATE_SIDE_EFFECT, 7, false, 0, 2, 0, 1_000,
                "done 2 times", 1, DuplicateCause.EXPIRED_KEY);
        assertEquals("charge-the-card:user_7", CauseText.record(Strategy.EACH_STEP_SAME_KEY, CHECKOUT, charge));
        // without a provider key the store's record of the step is named
        assertEquals("charge the card:user_7", CauseText.record(Strategy.EACH_STEP_NO_KEY, CHECKOUT, charge));
    }
}
