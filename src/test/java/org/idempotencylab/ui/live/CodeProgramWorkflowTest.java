package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.junit.jupiter.api.Test;

/**
 * The code panel's program for a scenario's own job: its lines name the workflow's steps, never the sign-up's, and
 * its provider lines light for the workflow's steps that send a key.
 */
class CodeProgramWorkflowTest {
    private static final Strategy SAME_LOCK = Strategy.of(RetryScope.EACH_STEP, KeyMode.SAME, StoreKind.LOCK);
    /** The checkout preset's job: two steps send a provider key (the charge, the receipt), one is a local write. */
    private static final Workflow CHECKOUT = new Workflow("checkout", List.of(
            Workflow.Step.external("charge the card", true, null), Workflow.Step.local("reserve the stock"),
            Workflow.Step.external("send the receipt", true, 0.005)));

    @Test
    void theSignUpsProgramIsAsWritten() {
        assertEquals(CodeProgram.compose(SAME_LOCK), CodeProgram.compose(SAME_LOCK, Workflow.SIGNUP));
        assertTrue(text(CodeProgram.compose(SAME_LOCK)).contains("sendWelcomeEmail(user):"));
    }

    @Test
    void aCheckoutsProgramNamesItsProviderStepsAndItsLockNotTheSignUps() {
        String text = text(CodeProgram.compose(SAME_LOCK, CHECKOUT));
        // two steps send a key: one call for each, named on the line under it, each with its own step's key
        assertTrue(text.contains("callProvider(step, user):"), text);
        assertTrue(text.contains("for step in: charge the card, send the receipt"), text);
        assertTrue(text.contains("key = step:user"), text);
        assertTrue(text.contains("SET checkout:user NX PX lockTtl"), text);
        for (String signup : List.of("welcome", "Welcome", "signup:")) {
            assertFalse(text.contains(signup), "no word of the sign-up's (" + signup + "): " + text);
        }
    }

    @Test
    void aJobWithOneKeyedStepCallsItByName() {
        Workflow charge = new Workflow("payment", List.of(Workflow.Step.local("save the order"),
                Workflow.Step.external("charge the card", true, null)));
        String text = text(CodeProgram.compose(SAME_LOCK, charge));
        assertTrue(text.contains("chargeTheCard(user):"), text);
        assertTrue(text.contains("key = charge-the-card:user"), text);
        assertTrue(text.contains("SET payment:user"), text);
    }

    @Test
    void everyLineKeepsItsIdSoTheSameEventsLightIt() {
        List<CodeProgram.Line> signup = CodeProgram.compose(SAME_LOCK);
        List<String> ids = CodeProgram.compose(SAME_LOCK, CHECKOUT).stream().map(CodeProgram.Line::id)
                .filter(id -> !id.equals(CodeProgram.UNLIT)).toList();
        assertEquals(signup.stream().map(CodeProgram.Line::id).filter(id -> !id.equals(CodeProgram.UNLIT)).toList(),
                ids);
    }

    @Test
    void aChargeDoneLightsTheProvidersSendAndTheStockWriteDoesNot() {
        // the charge (step 0) sends a key: its side effect is the provider's send, as the sign-up's email (step 6)
        SimulationEvent charge = new SimulationEvent(100, Kind.SIDE_EFFECT, 7, false, 0, 1, 0, 100, "", 1);
        SimulationEvent stock = new SimulationEvent(100, Kind.SIDE_EFFECT, 7, false, 1, 1, 0, 100, "", 1);
        assertEquals("provider.send", CodeMap.line(SAME_LOCK, CHECKOUT, charge));
        assertEquals("retry.call", CodeMap.line(SAME_LOCK, CHECKOUT, stock));
        // the sign-up's step 0 (save the user) sends no key: the same event is a plain call there
        assertEquals("retry.call", CodeMap.line(SAME_LOCK, charge));
    }

    @Test
    void theCaptionNamesTheCheckoutsStepNotTheSignUps() {
        // step 0 of the checkout is "charge the card"; the sign-up's step 0 ("save the user") must not show
        SimulationEvent call = new SimulationEvent(100, Kind.CALL_STARTED, 7, false, 0, 1, 0, 100, "", 1);
        String caption = Caption.forms(SAME_LOCK, CHECKOUT, List.of(call)).get(0);
        assertTrue(caption.contains("charge the card"), caption);
        assertFalse(caption.contains("save the user"), caption);
    }

    @Test
    void aLostReplyAndAKnownKeyAreTheChargesNotAWelcomeEmail() {
        // the checkout's charge (step 0) loses its reply, then the provider knows its key: the welcome email's own
        // words belong to the sign-up's step 7 only
        SimulationEvent lost = new SimulationEvent(100, Kind.REPLY_LOST, 7, false, 0, 1, 0, 100, "", 1);
        SimulationEvent known = new SimulationEvent(300, Kind.EMAIL_SUPPRESSED, 7, false, 0, 2, 0, 300, "", 1);
        List<String> captions = new ArrayList<>(Caption.forms(SAME_LOCK, CHECKOUT, List.of(lost)));
        captions.addAll(Caption.forms(SAME_LOCK, CHECKOUT, List.of(lost, known))); // the latest event's forms
        assertTrue(captions.contains("user_7: \"charge the card\" was done, but the reply was lost: the worker "
                + "sees a timeout"), captions.toString());
        assertTrue(captions.stream().anyMatch(c -> c.startsWith("user_7's call to \"charge the card\" reached the "
                + "provider")), captions.toString());
        captions.forEach(c -> assertFalse(c.contains("welcome email"), c));
    }

    private static String text(List<CodeProgram.Line> lines) {
        return String.join("\n", lines.stream().map(CodeProgram.Line::text).toList());
    }
}
