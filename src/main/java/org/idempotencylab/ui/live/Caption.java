package org.idempotencylab.ui.live;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;

/**
 * "What just happened": one line in plain words for a job's last moment ({@link CodeMap#lastMoment}), e.g.
 * "user_7's welcome email went out, but the reply was lost: the worker sees a timeout and retries in 180 ms". It
 * says the event that decided the moment ({@link CodeMap#decisive}), naming the user and the step, then what comes
 * next when the moment's last event is another one (a backoff and its length, the next step's call, "job in
 * progress" and until when, the job's end).
 *
 * <p>The words are {@code caption.<kind>} (and {@code caption.<kind>.email} for the welcome email) and
 * {@code next.<kind>} in this package's {@code texts.properties}; a kind with no caption of its own says the event
 * log's words for it ({@link EventText}). Arguments: {@code %1$s} the user ({@code user_7}, or
 * {@code user_7 (repeat)}), {@code %2$s} the step's name, {@code %3$s} the engine's note, {@code %4$s} the virtual
 * time its wait or call ends, {@code %5$s} that wait in virtual ms, {@code %6$s} the attempt, {@code %7$s} the
 * worker (from 1), {@code %8$s} why a side effect was done again, naming the record that was missing
 * ({@link CauseText}; in a few words in the shortest form). Plain Java, no toolkit.
 */
final class Caption {
    private static final Texts TEXTS = Texts.of(Caption.class);
    private static final Map<Kind, Template> WHAT = new EnumMap<>(Kind.class);
    private static final Map<Kind, Template> EMAIL = new EnumMap<>(Kind.class);
    private static final Map<Kind, Template> NEXT = new EnumMap<>(Kind.class);
    private static final Template FALLBACK = Template.of(TEXTS.get("caption.fallback"));

    static {
        for (Kind k : Kind.values()) {
            template("caption." + k.name()).ifPresent(t -> WHAT.put(k, t));
            template("caption." + k.name() + ".email").ifPresent(t -> EMAIL.put(k, t));
            template("next." + k.name()).ifPresent(t -> NEXT.put(k, t));
        }
    }

    private Caption() {
    }

    private static java.util.Optional<Template> template(String key) {
        return TEXTS.bundle().containsKey(key) ? java.util.Optional.of(Template.of(TEXTS.get(key)))
                : java.util.Optional.empty();
    }

    /**
     * @param strategy the strategy the run plays (it ranks the events, {@link CodeMap#rank})
     * @param history  a job's events, oldest first ({@link JobToken#history})
     * @return the caption of the job's last moment, or "" for a job with no events yet
     */
    static String of(Strategy strategy, List<SimulationEvent> history) {
        return forms(strategy, history).get(0);
    }

    /**
     * @return the caption ({@link #of}), then, when it says what comes next, the same without that part: a narrow
     *         bar shows the shorter rather than take a second line from the play area; [""] for no events yet
     */
    static List<String> forms(Strategy strategy, List<SimulationEvent> history) {
        return forms(strategy, Workflow.SIGNUP, history);
    }

    /** As {@link #forms(Strategy, List)} in a run of {@code flow}: its steps by their names. */
    static List<String> forms(Strategy strategy, Workflow flow, List<SimulationEvent> history) {
        SimulationEvent decided = CodeMap.decisive(strategy, flow, history);
        if (decided == null) {
            return List.of("");
        }
        String what = say(strategy, flow, decided, false);
        SimulationEvent last = history.get(history.size() - 1);
        Template next = last == decided ? null : NEXT.get(last.kind());
        List<String> forms = new java.util.ArrayList<>();
        if (next != null) {
            forms.add(what + next.fill(args(flow, last, "")));
        }
        forms.add(what);
        if (decided.cause() != null) { // the cause in a few words, for a narrow bar
            forms.add(say(strategy, flow, decided, true));
        }
        return List.copyOf(forms);
    }

    /**
     * @param brief the cause of a side effect done again in a few words rather than a sentence
     * @return the caption's first part: what {@code e} did, in plain words
     */
    static String say(Strategy strategy, SimulationEvent e, boolean brief) {
        return say(strategy, Workflow.SIGNUP, e, brief);
    }

    /** As {@link #say(Strategy, SimulationEvent, boolean)} in a run of {@code flow}: its steps by their names. */
    static String say(Strategy strategy, Workflow flow, SimulationEvent e, boolean brief) {
        // the welcome email's own words are the sign-up's alone
        boolean email = e.step() == SignupSteps.EMAIL && flow.equals(Workflow.SIGNUP);
        Template own = email && EMAIL.containsKey(e.kind()) ? EMAIL.get(e.kind()) : WHAT.get(e.kind());
        if (own != null) {
            String cause = e.cause() == null ? e.note()
                    : brief ? CauseText.brief(strategy, flow, e) : CauseText.sentence(strategy, flow, e);
            return own.fill(args(flow, e, cause));
        }
        String line = EventText.what(e, flow.equals(Workflow.SIGNUP)); // the log's words for it
        return FALLBACK.fill(who(e), line);
    }

    /** @return {@code e}'s step by its name in {@code flow} ("charge the card"); "" for an event of no step */
    static String stepName(Workflow flow, SimulationEvent e) {
        return e.step() < flow.size() ? e.stepName(flow.names()) : e.stepName();
    }

    private static Object[] args(Workflow flow, SimulationEvent e, String cause) {
        return new Object[] {who(e), stepName(flow, e), e.note(), VirtualTime.format(Math.max(0, e.untilMs())),
                Math.max(0, e.untilMs() - e.timeMs()), e.attempt(), e.worker() + 1, cause};
    }

    private static String who(SimulationEvent e) {
        return EventText.who(e);
    }
}
