package org.idempotencylab.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * {@link WorkRun}'s controls for a watcher, without a database or a process: what a run not yet started says of
 * its worker processes, and what a kill or a second run asks that cannot be done. (A kill of a real process, and the
 * restart after it, are shown in {@code ui.work.WorkWatchFxTest}.)
 */
class WorkRunKillTest {
    private static WorkRun unstarted() {
        WorkConfig cfg = WorkParameters.config("jdbc:postgresql://localhost:1/none", "run-test", 0, 3,
                WorkParameters.DEFAULTS, Strategy.WHOLE_JOB_SKIP_FINISHED);
        return WorkRun.create(cfg, new WorkRun.Chaos(0, 500), new PrintWriter(new StringWriter()));
    }

    @Test
    void beforeTheRunEveryProcessIsStartingWithNoPidAndNothingCanBeKilled() {
        WorkRun run = unstarted();
        List<WorkRun.WorkerOsProcessView> p = run.processes();
        assertEquals(3, p.size());
        for (int i = 0; i < 3; i++) {
            assertEquals(new WorkRun.WorkerOsProcessView(i, 0, -1, WorkRun.ProcessState.STARTING, -1, 0), p.get(i));
            assertTrue(run.kill(i).isEmpty(), "no process to kill in slot " + i);
        }
        assertEquals(0, run.kills());
        assertEquals("p2.0", p.get(2).name());
    }

    @Test
    void aSlotOutsideTheRunIsRefusedWithItsRange() {
        WorkRun run = unstarted();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run.kill(3));
        assertEquals("slot: 3 is outside the allowed range 0 to 2", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> run.kill(-1));
    }

    @Test
    void typedProcessesAndKillGapsAreCheckedInOnePlace() {
        assertEquals(4, WorkParameters.processes("Worker processes", " 4 "));
        assertEquals("Worker processes: 65 is outside the allowed range 1 to 64", assertThrows(
                IllegalArgumentException.class, () -> WorkParameters.processes("Worker processes", "65")).getMessage());
        assertEquals(0, WorkParameters.killEveryMs("--kill-every-ms", "0"));
        assertEquals("Kill every (ms): 'x' is not a whole number; allowed 0 (no kills) or 100 to 86,400,000 ms (a "
                + "restarted worker process needs about a second to take jobs again)", assertThrows(
                IllegalArgumentException.class, () -> WorkParameters.killEveryMs("Kill every (ms)", "x")).getMessage());
        assertEquals("jdbc:postgresql://h/db", WorkParameters.postgresUrl("--db", " jdbc:postgresql://h/db ", "none"));
    }
}
