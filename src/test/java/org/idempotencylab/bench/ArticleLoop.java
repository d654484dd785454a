package org.idempotencylab.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The shortest program that makes the first article's draws: its five strategies over 1,000,000 sign-ups as bare
 * loops, with mulberry32 inlined, no events, no virtual time, no stores and no lab classes. It is the baseline
 * of the table benchmark ({@link ArticleTableBenchmark}): the lab's {@code table} command must stay within a
 * small factor of it. {@code ArticleLoopTest} checks that it prints the article's numbers, so both sides do the
 * same work.
 *
 * <p>Usage: {@code java -cp target/test-classes org.idempotencylab.bench.ArticleLoop [jobs] [threads]}; the
 * strategies run on {@code threads} threads (default 2, as {@code table} on this machine).
 */
public final class ArticleLoop {
    static final int STEPS = 10;
    static final int EMAIL = 6;
    static final double P_FAIL = 0.01;
    static final double LOST_REPLY = 0.005;
    static final int ATTEMPTS = 3;

    /** The article's five strategies: retry scope and email key. */
    enum Row {
        EACH_STEP_NO_KEY(false, false, Key.NONE), EACH_STEP_NEW_KEY(false, false, Key.NEW),
        EACH_STEP_SAME_KEY(false, false, Key.SAME), WHOLE_JOB_SAME_KEY(true, false, Key.SAME),
        WHOLE_JOB_SKIP_FINISHED(true, true, Key.SAME);

        final boolean wholeJob;
        final boolean skipFinished;
        final Key key;

        Row(boolean wholeJob, boolean skipFinished, Key key) {
            this.wholeJob = wholeJob;
            this.skipFinished = skipFinished;
            this.key = key;
        }
    }

    enum Key { NONE, NEW, SAME }

    /** One row's counts: failed jobs, calls, steps done again, users with 2+ welcome emails. */
    record Counts(long failed, long calls, long repeatedSteps, long twoEmails) {
    }

    private int state = 1;

    private double random() {
        int a = state + 0x6D2B79F5;
        state = a;
        int t = (a ^ (a >>> 15)) * (1 | a);
        t = (t + ((t ^ (t >>> 7)) * (61 | t))) ^ t;
        return ((t ^ (t >>> 14)) & 0xFFFF_FFFFL) / 4294967296.0;
    }

    /** Runs one strategy over {@code jobs} sign-ups with seed 1, as the article's {@code simulate} does. */
    static Counts simulate(Row row, long jobs) {
        ArticleLoop r = new ArticleLoop();
        int[] done = new int[STEPS];
        boolean[] finished = new boolean[STEPS];
        long failed = 0;
        long calls = 0;
        long repeated = 0;
        long twoEmails = 0;
        for (long job = 0; job < jobs; job++) {
            Arrays.fill(done, 0);
            Arrays.fill(finished, false);
            boolean providerSaw = false; // the provider's memory of welcome-email:<user> (same key)
            boolean ok;
            if (!row.wholeJob) {
                ok = true;
                for (int step = 0; step < STEPS && ok; step++) {
                    boolean stepOk = false;
                    for (int attempt = 1; attempt <= ATTEMPTS && !stepOk; attempt++) {
                        calls++;
                        if (r.random() < P_FAIL) {
                            continue;
                        }
                        boolean sent = step != EMAIL || row.key != Key.SAME || !providerSaw;
                        if (step == EMAIL && row.key == Key.SAME) {
                            providerSaw = true;
                        }
                        if (sent) {
                            done[step]++;
                        }
                        stepOk = step != EMAIL || r.random() >= LOST_REPLY;
                    }
                    ok = stepOk;
                }
            } else {
                ok = false;
                for (int attempt = 1; attempt <= ATTEMPTS && !ok; attempt++) {
                    boolean attemptOk = true;
                    for (int step = 0; step < STEPS && attemptOk; step++) {
                        if (row.skipFinished && finished[step]) {
                            continue; // the store's saved result: no call
                        }
                        calls++;
                        if (r.random() < P_FAIL) {
                            attemptOk = false;
                            continue;
                        }
                        boolean sent = step != EMAIL || row.key != Key.SAME || !providerSaw;
                        if (step == EMAIL && row.key == Key.SAME) {
                            providerSaw = true;
                        }
                        if (sent) {
                            done[step]++;
                        }
                        if (step == EMAIL && r.random() < LOST_REPLY) {
                            attemptOk = false; // a lost reply is a failure: the store remembers nothing
                            continue;
                        }
                        finished[step] = true;
                    }
                    ok = attemptOk;
                }
            }
            if (!ok) {
                failed++;
            }
            for (int step = 0; step < STEPS; step++) {
                if (done[step] > 1) {
                    repeated += done[step] - 1;
                }
            }
            if (done[EMAIL] > 1) {
                twoEmails++;
            }
        }
        return new Counts(failed, calls, repeated, twoEmails);
    }

    public static void main(String[] args) throws Exception {
        long jobs = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Counts>> rows = new ArrayList<>();
        for (Row row : Row.values()) {
            rows.add(pool.submit(() -> simulate(row, jobs)));
        }
        for (int i = 0; i < rows.size(); i++) {
            Counts c = rows.get(i).get();
            System.out.printf(Locale.ROOT, "%-26s failed %,d calls %,d repeated %,d twoEmails %,d%n",
                    Row.values()[i], c.failed(), c.calls(), c.repeatedSteps(), c.twoEmails());
        }
        pool.shutdown();
    }
}
