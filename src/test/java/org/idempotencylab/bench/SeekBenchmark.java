package org.idempotencylab.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.live.LiveViewModel;

/**
 * How long a seek on the live view's timeline takes (a benchmark to run and read, not a test): a run of the
 * classroom scenario grown to at least 10,000 events (1,000 sign-ups, the in-memory store, skip finished steps),
 * with a crash and a lost reply clicked on the way, the key store following it as in the lab. Each seek replays
 * the run from its start: the view-model's {@code seek} (a fresh simulation, the clicked faults, the picture, the
 * log and the key store rebuilt from the events), timed on this thread; no toolkit is needed.
 *
 * <p>Usage: {@code mvn -o -q package -DskipTests && java -cp target/idempotency-lab.jar:target/test-classes
 * org.idempotencylab.bench.SeekBenchmark [events]} (docs/measured-figures.md); {@code -Dbench.noKeyStore=true}
 * leaves the key store out.
 */
public final class SeekBenchmark {
    private static final int ROUNDS = 21;

    private SeekBenchmark() {
    }

    public static void main(String[] args) {
        long events = args.length > 0 ? Long.parseLong(args[0]) : 10_000;
        Scenario s = LiveViewModel.classroomDefaults().toBuilder().jobs(Math.max(20, events / 10)).build();
        LiveViewModel live = new LiveViewModel(s);
        live.strategyProperty().set(Strategy.WHOLE_JOB_SKIP_FINISHED);
        if (!Boolean.getBoolean("bench.noKeyStore")) {
            KeyStoreViewModel keys = new KeyStoreViewModel();
            live.addFrameListener(keys, KeyStoreViewModel.FLUSHES_PER_SECOND);
        }
        live.reset();
        SignupSimulation sim = live.simulation();
        boolean crashed = false;
        while (sim.eventsFired() < events && !sim.isFinished()) {
            live.stepOnce();
            if (!crashed && sim.eventsFired() == events / 3) {
                live.crashWorkers();
                live.clickProvider();
                crashed = true;
            }
        }
        long endMs = live.nowMs();
        System.out.printf(Locale.ROOT, "run: %,d sign-ups, %,d events to %,d virtual ms, %d clicked faults%n",
                s.jobs(), live.simulation().eventsFired(), endMs, 2);

        // the bare engine: the same run again, no listener, no faults
        List<Double> bare = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            long t0 = System.nanoTime();
            SignupSimulation again = new SignupSimulation(s, Strategy.WHOLE_JOB_SKIP_FINISHED, RunControl.NONE);
            again.start();
            again.advanceTo(endMs, Integer.MAX_VALUE);
            bare.add((System.nanoTime() - t0) / 1e6);
        }
        report("the engine alone, no clicks", bare);

        List<Double> toEnd = new ArrayList<>();
        List<Double> toMiddle = new ArrayList<>();
        List<Double> back = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            long t0 = System.nanoTime();
            live.seek(endMs / 2);
            toMiddle.add((System.nanoTime() - t0) / 1e6);
            t0 = System.nanoTime();
            live.seek(endMs);
            toEnd.add((System.nanoTime() - t0) / 1e6);
            t0 = System.nanoTime();
            live.stepBack();
            back.add((System.nanoTime() - t0) / 1e6);
        }
        report("seek to the middle", toMiddle);
        report("seek to the end", toEnd);
        report("step back at the end", back);
    }

    private static void report(String what, List<Double> ms) {
        List<Double> sorted = new ArrayList<>(ms.subList(1, ms.size())); // the first round warms the JIT
        Collections.sort(sorted);
        System.out.printf(Locale.ROOT, "%-32s median %6.1f ms  (min %6.1f, max %6.1f; first %6.1f)%n", what,
                sorted.get(sorted.size() / 2), sorted.get(0), sorted.get(sorted.size() - 1), ms.get(0));
    }
}
