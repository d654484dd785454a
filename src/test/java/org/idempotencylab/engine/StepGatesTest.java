package org.idempotencylab.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.idempotencylab.engine.PartsFixture.FakeCaller;
import org.idempotencylab.engine.StepGate.Before;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/** One gate per store kind, made in one place; nothing else in the engine branches on the store kind. */
class StepGatesTest {
    /** The article's stores and their gates; a store added later is checked to have a gate of its own. */
    private static final Map<StoreKind, Class<? extends StepGate>> GATES = Map.of(
            StoreKind.NONE, NoGate.class,
            StoreKind.MEMORY, MemoryStoreGate.class,
            StoreKind.CLAIM_TABLE, ClaimTableGate.class,
            StoreKind.LOCK, LockGate.class);

    @Test
    void everyStoreKindHasItsGate() {
        PartsFixture f = new PartsFixture(Scenario.article(), Strategy.EACH_STEP_NO_KEY);
        Set<Class<?>> made = new HashSet<>();
        for (StoreKind kind : StoreKind.values()) {
            StepGate gate = StepGates.of(kind, f.ctx, null);
            if (GATES.containsKey(kind)) {
                assertEquals(GATES.get(kind), gate.getClass(), kind.cliName());
            }
            assertTrue(made.add(gate.getClass()), kind.cliName() + " has a gate of its own, not another store's");
            // only the stores that hold a key per delivery need owners
            assertEquals(gate.claimStore() != null || gate.lockStore() != null, gate.needsOwners(), kind.cliName());
            assertNotNull(gate.lane(new FakeCaller(0)));
        }
    }

    @Test
    void noGateLetsEveryCallThroughAndLeavesTheAnswerToTheWorker() {
        PartsFixture f = new PartsFixture(Scenario.article(), Strategy.EACH_STEP_NO_KEY);
        FakeCaller caller = new FakeCaller(0);
        StepGate.Lane lane = new NoGate().lane(caller);
        Job job = new Job();
        job.reset(0, false, null);
        assertEquals(Before.CALL, lane.beforeCall(job, 0));
        assertFalse(lane.afterCall(job, 0, null), "the call's outcome is the worker's answer");
        assertFalse(lane.afterCall(job, 0, "timeout, reply lost"));
        assertTrue(caller.answers.isEmpty(), "nothing to record, nothing answered by the gate");
        assertEquals(0, f.events.size());
    }

    @Test
    void onlyTheFactoryBranchesOnTheStoreKind() {
        // A switch on StoreKind, or a comparison with one of its values, reads its constants; the factory (and
        // the switch table the compiler makes for it) is the one place allowed to.
        JavaClasses engine = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.idempotencylab.engine");
        noClasses().that().doNotHaveFullyQualifiedName(StepGates.class.getName())
                .and().haveNameNotMatching(".*StepGates\\$.*")
                .should().accessClassesThat().belongToAnyOf(StoreKind.class)
                .because("adding a store is one gate class, one StoreKind value and its lines in StepGates")
                .check(engine);
    }
}
