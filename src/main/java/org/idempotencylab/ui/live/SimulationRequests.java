package org.idempotencylab.ui.live;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.store.ClaimStoreException;

/**
 * Where the live run's simulation moves, one request at a time. With the in-memory claim table (or any other
 * store) a request runs in place, on the FX thread. With the claim table on a database it runs on the background
 * executor and its answer is applied on the FX executor ({@link #setExecutors}), so no JDBC call ever runs on the FX
 * thread; a request made meanwhile waits for it ({@link #whenIdle}), and the FX side reads what the simulation
 * showed before the request began (the clock, the queue, the provider).
 *
 * <p>Uses no JavaFX: testable without the toolkit. Called on the FX thread, but for the work of a request.
 */
final class SimulationRequests {
    /**
     * The answer of a request to the simulation: its value, or the database's failure, or (a bug) any other
     * exception, which is thrown again on the FX thread.
     */
    record Answer<T>(T value, ClaimStoreException failure, RuntimeException crash) {
    }

    /** What the FX side shows of the simulation while a request runs on the background thread. */
    private record Snapshot(long nowMs, long finishedJobs, long waitingJobs, List<Long> waitingUsers,
                            boolean providerArmed) {
        static final Snapshot NONE = new Snapshot(0, 0, 0, List.of(), false);
        /** Waiting sign-ups kept for the queue's picture: more than its waiting line ever shows. */
        static final int WAITING_SHOWN = 600;
    }

    private final Supplier<SignupSimulation> current;
    private final BooleanSupplier onDatabase;
    private Executor simThread = Runnable::run;
    private Executor fxThread = Runnable::run;
    private boolean busy;
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>(); // what waits for the request, in order
    private Snapshot shown = Snapshot.NONE;

    /**
     * @param current    the simulation now (null before the first run); an answer for one replaced meanwhile is
     *                   dropped
     * @param onDatabase true while the run's claim table is on a database: requests then run on the background
     */
    SimulationRequests(Supplier<SignupSimulation> current, BooleanSupplier onDatabase) {
        this.current = current;
        this.onDatabase = onDatabase;
    }

    /** Requests on a database run on {@code background}; their answers are applied on {@code fx}. */
    void setExecutors(Executor background, Executor fx) {
        simThread = background;
        fxThread = fx;
    }

    /**
     * Runs {@code work} where the simulation moves, then {@code then} on the FX thread with its answer; one request
     * at a time (a request made meanwhile waits, see {@link #whenIdle}). The answer of a run replaced meanwhile is
     * dropped.
     */
    <T> void run(Supplier<T> work, Consumer<Answer<T>> then) {
        if (busy) {
            whenIdle(() -> run(work, then));
            return;
        }
        SignupSimulation mine = current.get();
        boolean away = onDatabase.getAsBoolean();
        Executor where = away ? simThread : Runnable::run;
        Executor back = away ? fxThread : Runnable::run;
        if (away) {
            shown = new Snapshot(mine.nowMs(), mine.finishedJobs(), mine.waitingJobs(),
                    mine.waitingUsers(Snapshot.WAITING_SHOWN), !mine.isFinished() && mine.isNextReplyLost());
        }
        busy = true;
        where.execute(() -> {
            Answer<T> done = attempt(work);
            back.execute(() -> {
                busy = false;
                if (done.crash() != null) {
                    throw done.crash(); // to the caller in place, to the FX thread's handler otherwise
                }
                if (mine == current.get()) {
                    then.accept(done);
                }
                while (!busy && !waiting.isEmpty()) {
                    waiting.poll().run();
                }
            });
        });
    }

    /** @return what {@code work} gave: its value, the database's failure, or any other exception */
    private static <T> Answer<T> attempt(Supplier<T> work) {
        try {
            return new Answer<>(work.get(), null, null);
        } catch (ClaimStoreException e) {
            return new Answer<>(null, e, null);
        } catch (RuntimeException e) {
            return new Answer<>(null, null, e);
        }
    }

    /** Runs {@code action} on the FX thread now, or once the request running now has answered. */
    void whenIdle(Runnable action) {
        if (busy) {
            waiting.add(action);
        } else {
            action.run();
        }
    }

    /** @return true while a request runs on the background thread */
    boolean busy() {
        return busy;
    }

    /** @return the virtual time, ms (as of the last answer while a request runs) */
    long nowMs() {
        SignupSimulation sim = current.get();
        return sim == null ? 0 : busy ? shown.nowMs() : sim.nowMs();
    }

    /** @return jobs that ended so far (as of the last answer while a request runs) */
    long finishedJobs() {
        SignupSimulation sim = current.get();
        return sim == null ? 0 : busy ? shown.finishedJobs() : sim.finishedJobs();
    }

    /** @return sign-ups waiting for a worker (as of the last answer while a request runs) */
    long waitingJobs() {
        SignupSimulation sim = current.get();
        return sim == null ? 0 : busy ? shown.waitingJobs() : sim.waitingJobs();
    }

    /** @return the first {@code max} sign-ups waiting for a worker, the next one taken first */
    List<Long> waitingUsers(int max) {
        SignupSimulation sim = current.get();
        if (sim == null) {
            return List.of();
        }
        List<Long> users = busy ? shown.waitingUsers() : sim.waitingUsers(max);
        return users.size() > max ? users.subList(0, max) : users;
    }

    /** @return true while the provider's next reply is set to be lost and a job can still use it */
    boolean providerArmed() {
        SignupSimulation sim = current.get();
        return sim != null && (busy ? shown.providerArmed() : !sim.isFinished() && sim.isNextReplyLost());
    }
}
