package org.idempotencylab.bench;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import org.idempotencylab.engine.Explorer;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.scenario.CallTimeShape;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;

/**
 * How many schedules and states the explorer meets, and how long it takes, for the article's five strategies with
 * every kind of fault, at K = 1, 2, 3 and 1 to 3 sign-ups (one worker, then two): docs/measured-figures.md's table. Not a test.
 *
 * <p>{@code mvn -o -q package -DskipTests && java -cp target/idempotency-lab.jar:target/test-classes
 * org.idempotencylab.bench.ExploreBenchmark [maxJobs] [maxK]}
 */
public final class ExploreBenchmark {
    private ExploreBenchmark() {
    }

    public static void main(String[] args) {
        int maxJobs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int maxK = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Scenario base = Scenario.article().toBuilder().jobs(1).callTime(CallTimeShape.FIXED).jitter(false).build();
        // warm-up: one small exploration, so the first row does not pay for the JIT alone
        Explorer.exploreAll(base, Strategy.ARTICLE, EnumSet.allOf(FaultKind.class), 1, 1, RunControl.NONE);
        System.out.println("sign-ups | workers | K | schedules (5 strategies) | states | schedules run | seconds");
        for (int workers = 1; workers <= 2; workers++) {
            for (int jobs = workers; jobs <= maxJobs; jobs++) {
                for (int k = 1; k <= maxK; k++) {
                    Scenario s = base.toBuilder().jobs(jobs).workers(workers).build();
                    long t0 = System.nanoTime();
                    List<Explorer.Result> rs = Explorer.exploreAll(s, Strategy.ARTICLE,
                            EnumSet.allOf(FaultKind.class), k, 1, RunControl.NONE);
                    double secs = (System.nanoTime() - t0) / 1e9;
                    long schedules = rs.stream().mapToLong(Explorer.Result::schedules).sum();
                    long states = rs.stream().mapToLong(Explorer.Result::states).sum();
                    long runs = rs.stream().mapToLong(Explorer.Result::runs).sum();
                    System.out.printf(Locale.ROOT, "%d | %d | %d | %,d | %,d | %,d | %.1f%n", jobs, workers, k,
                            schedules, states, runs, secs);
                }
            }
        }
    }
}
