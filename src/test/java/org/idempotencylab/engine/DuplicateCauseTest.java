package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/** Every side effect done again is booked to exactly one {@link DuplicateCause}, the one its rules give. */
class DuplicateCauseTest {

    /** @return the run's duplicate side effects, in order, the run played to its end */
    private static List<SimulationEvent> duplicates(SignupSimulation sim) {
        List<SimulationEvent> out = new ArrayList<>();
        sim.setListener(e -> {
            if (e.kind() == Kind.DUPLICATE_SIDE_EFFECT) {
                out.add(e);
            } else {
                assertNull(e.cause(), "only a duplicate has a cause: " + e);
            }
        });
        sim.start();
        while (!sim.isFinished() && sim.step()) {
            // one event at a time, as the live view steps
        }
        return out;
    }

    @Test
    void eachCauseHasARunWhoseFirstDuplicateItExplains() {
        Set<DuplicateCause> walked = EnumSet.noneOf(DuplicateCause.class);
        for (CauseScenarios.Case c : CauseScenarios.all()) {
            List<SimulationEvent> dups = duplicates(c.simulation());
            assertEquals(c.cause(), dups.get(0).cause(), c.name() + ": " + dups.get(0));
            walked.add(c.cause());
        }
        assertEquals(EnumSet.allOf(DuplicateCause.class), walked, "a run for every cause");
    }

    /**
     * The opening scene's one duplicate: user_0's second welcome email (its reply was lost, the retry sent it again,
     * no key told the provider it was the same email), and the explored crash-and-repeat's: the repeat's first step,
     * whose record the crash wiped.
     */
    @Test
    void theOpeningSceneAndTheCrashAndRepeatName() {
        List<CauseScenarios.Case> all = CauseScenarios.all();
        SimulationEvent opening = duplicates(all.get(0).simulation()).get(0);
        assertEquals(List.of(0L, (long) SignupSteps.EMAIL, 2), List.of(opening.user(), (long) opening.step(),
                opening.attempt()));
        SimulationEvent crash = duplicates(all.get(1).simulation()).get(0);
        assertEquals(List.of(0L, 0L), List.of(crash.user(), (long) crash.step()));
        assertEquals(true, crash.repeat());
    }

    /**
     * The causes add up: over every built-in preset and strategy (at most 2,000 sign-ups, so the test stays short),
     * each duplicate has one cause, the duplicates are the run's steps done again, and listening changes no number.
     */
    @Test
    void everyDuplicateOfEveryPresetHasOneCause() {
        for (Presets.Preset p : new Presets(new ScenarioFiles(Metric.watchNames())).read().presets()) {
            Scenario s = p.file().scenario();
            Scenario run = s.jobs() > 2_000 ? s.toBuilder().jobs(2_000).build() : s;
            for (Strategy st : p.file().strategies()) {
                SignupSimulation sim = new SignupSimulation(run, st, RunControl.NONE);
                List<SimulationEvent> dups = duplicates(sim);
                dups.forEach(e -> assertNotNull(e.cause(), p.fileName() + ": " + e));
                assertEquals(sim.result().repeatedSteps(), dups.size(), p.fileName() + " " + st.name());
                assertEquals(new SignupSimulation(run, st, RunControl.NONE).run(), sim.result(),
                        p.fileName() + " " + st.name() + ": the same numbers unheard");
            }
        }
    }
}
