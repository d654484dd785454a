package org.idempotencylab.ui.live;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.VirtualTime;

/**
 * The story so far: the run's last {@value #KEPT} pieces of news, each a caption ({@link Caption#say}) with its
 * virtual time, so what explains a duplicate stays on screen after the moment passed (a caption lasts one event,
 * 0.1 to 0.25 virtual s). News is what changes a job's course: a failure, a lost reply, a side effect done again,
 * a suppressed send, a saved result, "job in progress", a reclaimed lease, a job stopped by a crash; not the calls,
 * starts and ends every job has. Several pieces of news of one job in one virtual ms of one kind (a retry skipping
 * step after step) are one entry, the latest. Plain Java: the entries' words are made when they are shown, not as
 * thousands of events a frame go by at 1000×.
 */
final class StoryLine {
    /** Entries kept: the newest and the ones before it. */
    static final int KEPT = 4;
    /** News with a caption of its own (a job's words, short enough for one line), not the event log's long lines. */
    private static final Set<Kind> NEWS = EnumSet.of(Kind.CALL_FAILED, Kind.DUPLICATE_SIDE_EFFECT,
            Kind.EMAIL_SUPPRESSED, Kind.REPLY_LOST, Kind.STEP_SKIPPED, Kind.RUN_SHARED, Kind.JOB_FAILED,
            Kind.JOB_INTERRUPTED, Kind.JOB_IN_PROGRESS, Kind.LEASE_RECLAIMED, Kind.KEY_MISMATCH);

    /** One piece of news: {@code event} of a run of {@code strategy} and {@code flow}. */
    record Entry(Strategy strategy, Workflow flow, SimulationEvent event) {
        /** @return true for a side effect done again (drawn in that concept's look) */
        boolean duplicate() {
            return event.kind() == Kind.DUPLICATE_SIDE_EFFECT;
        }

        /**
         * @return its words, longest first: "0:03.411  user_1 got ANOTHER welcome email: the reply was lost and …",
         *         then with the cause in a few words (a side effect done again), then without the time, for a
         *         narrow line
         */
        List<String> forms() {
            String at = VirtualTime.format(event.timeMs()) + "  ";
            String said = Caption.say(strategy, flow, event, false);
            if (event.cause() == null) {
                return List.of(at + said, said);
            }
            String brief = Caption.say(strategy, flow, event, true);
            return List.of(at + said, at + brief, brief);
        }
    }

    private final Deque<Entry> entries = new ArrayDeque<>();

    /** Hears one applied event of a run of {@code strategy} and {@code flow}: keeps it if it is news. */
    void heard(Strategy strategy, Workflow flow, SimulationEvent e) {
        if (!NEWS.contains(e.kind())) {
            return;
        }
        Entry last = entries.peekLast();
        if (last != null && sameMoment(last.event(), e)) {
            entries.pollLast();
        }
        entries.addLast(new Entry(strategy, flow, e));
        if (entries.size() > KEPT) {
            entries.pollFirst();
        }
    }

    private static boolean sameMoment(SimulationEvent a, SimulationEvent b) {
        return a.kind() == b.kind() && a.timeMs() == b.timeMs() && a.user() == b.user() && a.repeat() == b.repeat();
    }

    /** A new run, or a replay that tells the story again from its events. */
    void clear() {
        entries.clear();
    }

    /** @return the entries, oldest first, the newest last (at most {@value #KEPT}) */
    List<Entry> entries() {
        return new ArrayList<>(entries);
    }
}
