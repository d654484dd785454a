package org.idempotencylab.ui.explore;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.VirtualTime;

/**
 * A counterexample in plain words, for the table and the teaching note: one line a fault, at the virtual time the
 * live view's clock shows when it happens ("at 0:01.400: user_0's welcome email goes out, its reply is lost"),
 * then what the run ends with ("→ the welcome email is sent twice"). Plain Java, no toolkit.
 */
final class FaultWords {
    private static final Texts TEXTS = Texts.of(FaultWords.class);

    private FaultWords() {
    }

    /** @return {@code f} in words, e.g. "at 0:01.400: user_0's welcome email goes out, its reply is lost" */
    static String of(Fault f) {
        return of(f, Workflow.SIGNUP);
    }

    /**
     * As {@link #of(Fault)} in a run of {@code flow}: its steps by their names; a lost reply is the welcome email's
     * in the sign-up, a call to the step's service in another workflow ("user_0's call to "charge the card" goes
     * out, its reply is lost")
     */
    static String of(Fault f, Workflow flow) {
        String at = VirtualTime.format(f.atMs());
        String who = "user_" + f.user();
        if (f.repeat()) {
            who = TEXTS.format("fault.repeatedRequest", who);
        }
        String attempt = f.attempt() > 1 ? TEXTS.format("fault.attempt", f.attempt()) : "";
        String third = switch (f.kind()) {
            case REPEAT -> TEXTS.format("fault.delay", f.delayMs());
            case ORDER -> f.first();
            default -> f.step() >= 0 && f.step() < flow.size() ? f.stepName(flow.names()) : f.stepName();
        };
        boolean signup = flow.equals(Workflow.SIGNUP);
        String key = "fault." + f.kind().name() + (f.kind() == FaultKind.LOST_REPLY && !signup ? ".step" : "");
        return TEXTS.format(key, at, who, third, attempt, f.overtaken());
    }

    /**
     * @param steps the steps 0..9 of the sign-up the run does twice or more, in order (one at least)
     * @return e.g. "→ the welcome email is sent twice", "→ "save the user" is done twice", "→ 2 steps are done
     *         twice: "save the user", "create the workspace"", or, for all but one or two of the ten, the ones that are
     *         not: "→ every step but "send the welcome email" is done twice"
     */
    static String outcome(List<Integer> steps) {
        return outcome(steps, Workflow.SIGNUP);
    }

    /** As {@link #outcome(List)} for a run of {@code flow}: its steps by their names, "every step of the job" for all of them. */
    static String outcome(List<Integer> steps, Workflow flow) {
        boolean signup = flow.equals(Workflow.SIGNUP);
        if (steps.size() == 1) {
            int s = steps.get(0);
            return s == SignupSteps.EMAIL && signup ? TEXTS.get("outcome.email")
                    : TEXTS.format("outcome.step", flow.step(s).name());
        }
        if (steps.size() == flow.size()) {
            return signup ? TEXTS.get("outcome.all") : TEXTS.get("outcome.allOf");
        }
        if (flow.size() > 3 && steps.size() >= flow.size() - 2) { // one or two left out say it in fewer words
            List<String> others = new ArrayList<>();
            for (int s = 0; s < flow.size(); s++) {
                if (!steps.contains(s)) {
                    others.add(quoted(flow, s));
                }
            }
            return TEXTS.format("outcome.allBut", String.join(TEXTS.get("outcome.and"), others));
        }
        return TEXTS.format("outcome.steps", steps.size(),
                String.join(", ", steps.stream().map(s -> quoted(flow, s)).toList()));
    }

    private static String quoted(Workflow flow, int step) {
        return TEXTS.format("outcome.name", flow.step(step).name());
    }

    /** @return the kind as a check box says it, e.g. "A call fails before doing anything" */
    static String kind(FaultKind k) {
        return TEXTS.get("kind." + k.name());
    }

    /** @return the kind in a word or two, e.g. "lost reply" */
    static String kindShort(FaultKind k) {
        return TEXTS.get("kindShort." + k.name());
    }
}
