package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;

/**
 * The live run in words: one line per event for the event log and a job's history, and the status bar's counters.
 * The words are in this package's {@code texts.properties}; the engine's note (why a call failed, whose key the
 * provider knew) is put in as the engine wrote it. Plain Java, no toolkit.
 */
final class EventText {
    private static final Texts TEXTS = Texts.of(EventText.class);
    // the log's words, read once: a frame at high speed writes up to two thousand lines
    private static final Template LINE = Template.of(TEXTS.get("event.line"));
    private static final Template USER = Template.of(TEXTS.get("event.user"));
    private static final String REPEAT = TEXTS.get("event.repeat");
    private static final String WORKERS = TEXTS.get("event.workers");
    private static final String PROVIDER = TEXTS.get("event.provider");
    private static final Template STEP = Template.of(TEXTS.get("event.step"));
    private static final Template ATTEMPT = Template.of(TEXTS.get("event.attempt"));
    private static final Template CAUSE = Template.of(TEXTS.get("event.cause"));
    private static final Map<Kind, Template> WHAT = new EnumMap<>(Kind.class);
    /** A workflow's words where the sign-up's name the email ({@code event.<KIND>.workflow}). */
    private static final Map<Kind, Template> WORKFLOW = new EnumMap<>(Kind.class);

    static {
        for (Kind k : Kind.values()) {
            WHAT.put(k, Template.of(TEXTS.get("event." + k.name())));
            String own = "event." + k.name() + ".workflow";
            WORKFLOW.put(k, TEXTS.bundle().containsKey(own) ? Template.of(TEXTS.get(own)) : WHAT.get(k));
        }
    }

    private EventText() {
    }

    /** @return one line for the log or a history: virtual time, who, the step and attempt, what happened. */
    static String describe(SimulationEvent e) {
        return describe(e, SignupSteps.NAMES, true);
    }

    /**
     * As {@link #describe(SimulationEvent)} in a run of a workflow: its step by its name, and no email where the
     * sign-up's words name one.
     *
     * @param names  the run's workflow's step names, in order ({@code e}'s step among them)
     * @param signup true for the article's sign-up ({@link Workflow#SIGNUP})
     */
    static String describe(SimulationEvent e, List<String> names, boolean signup) {
        String step = e.step() < 0 ? "" : STEP.fill(e.stepName(names));
        String attempt = e.attempt() > 1 ? ATTEMPT.fill(e.attempt()) : "";
        return LINE.fill(VirtualTime.format(e.timeMs()), who(e), step, attempt, what(e, signup));
    }

    /** @return who an event is about: {@code user_7}, {@code user_7 (repeat)}, the workers or the provider. */
    static String who(SimulationEvent e) {
        return e.user() >= 0 ? user(e.user(), e.repeat())
                : e.kind() == Kind.WORKER_CRASHED || e.kind() == Kind.WORKER_RESTARTED ? WORKERS : PROVIDER;
    }

    /** @return a job's name: {@code user_7}, or {@code user_7 (repeat)} for its repeated request's job. */
    static String user(long user, boolean repeat) {
        return USER.fill(user) + (repeat ? REPEAT : "");
    }

    /** @return what happened, in the log's words ({@code event.<kind>}), without the time, who and the step. */
    static String what(SimulationEvent e) {
        return what(e, true);
    }

    /** As {@link #what(SimulationEvent)}; {@code signup} false: a workflow's words, which name no email. */
    static String what(SimulationEvent e, boolean signup) {
        Template kind = (signup ? WHAT : WORKFLOW).get(e.kind());
        return kind.fill(e.note(), kind.uses(1) ? VirtualTime.format(e.untilMs()) : "", e.worker() + 1,
                e.cause() == null ? "" : CAUSE.fill(CauseText.name(e.cause())));
    }

    /**
     * @return true for the events the log shows: all but the start, success and side effect of each call, which
     *         every call has (a job's history has them all)
     */
    static boolean logged(SimulationEvent e) {
        return e.kind() != Kind.CALL_STARTED && e.kind() != Kind.CALL_SUCCEEDED && e.kind() != Kind.SIDE_EFFECT;
    }

    /** @return jobs done and failed, calls and users with 2+ emails so far, as the status bar's line. */
    static String counters(long finishedJobs, StrategyResult r) {
        return counters(finishedJobs, r, Workflow.SIGNUP, "");
    }

    /** @return {@link #counters}' numbers in fewer words: "done 3 · failed 0 · calls 41 · 2+ emails 1" */
    static String countersShort(long finishedJobs, StrategyResult r) {
        return counters(finishedJobs, r, Workflow.SIGNUP, ".short");
    }

    /**
     * @return the status bar's counters in a run of {@code flow}: the last counts the users whose key step (the
     *         sign-up's welcome email, a workflow's {@link Workflow#keyStep()}, named) was done 2+ times
     *         ({@code usersWithDuplicateEmails}); left out for a workflow with no external step, which has none
     * @param form "" for the long words, ".short" for fewer
     */
    static String counters(long finishedJobs, StrategyResult r, Workflow flow, String form) {
        long done = finishedJobs - r.failedJobs() - r.lostJobs();
        if (flow.equals(Workflow.SIGNUP)) {
            return TEXTS.format("status.counters" + form, done, r.failedJobs(), r.calls(),
                    r.usersWithDuplicateEmails());
        }
        int key = flow.keyStep();
        return key < 0 ? TEXTS.format("status.counters.none" + form, done, r.failedJobs(), r.calls())
                : TEXTS.format("status.counters.step" + form, done, r.failedJobs(), r.calls(),
                        form.isEmpty() ? Texts.lowerFirst(Metric.USERS_WITH_DUPLICATE_EMAILS.label(flow))
                                : flow.step(key).name(), r.usersWithDuplicateEmails());
    }

    /**
     * @return the durable path's counters that are not zero ({@link Metric.Status#WHEN_NONZERO}), in the order of
     *         {@link Metric}, as one line: "crashes 1 · redeliveries 1"; "" when all are zero
     */
    static String failures(StrategyResult r) {
        List<String> parts = new ArrayList<>();
        for (Metric m : Metric.values()) {
            if (m.status() == Metric.Status.WHEN_NONZERO && r.get(m) != 0) {
                parts.add(TEXTS.format("status.failure", m.statusName(), m.text(r)));
            }
        }
        return String.join(TEXTS.get("status.separator"), parts);
    }
}
