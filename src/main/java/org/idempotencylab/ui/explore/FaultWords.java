package org.idempotencylab.ui.explore;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.engine.Fault;
import org.idempotencylab.engine.FaultKind;
import org.idempotencylab.engine.SignupSteps;
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
        String at = VirtualTime.format(f.atMs());
        String who = "user_" + f.user();
        if (f.repeat()) {
            who = TEXTS.format("fault.repeatedRequest", who);
        }
        String attempt = f.attempt() > 1 ? TEXTS.format("fault.attempt", f.attempt()) : "";
        String third = switch (f.kind()) {
            case REPEAT -> TEXTS.format("fault.delay", f.delayMs());
            case ORDER -> f.first();
            default -> f.stepName();
        };
        return TEXTS.format("fault." + f.kind().name(), at, who, third, attempt, f.overtaken());
    }

    /**
     * @param steps the steps 0..9 the run does twice or more, in order (one at least)
     * @return e.g. "→ the welcome email is sent twice", "→ "save the user" is done twice", "→ 2 steps are done
     *         twice: "save the user", "create the workspace"", or, for all but one or two of the ten, the ones that are
     *         not: "→ every step but "send the welcome email" is done twice"
     */
    static String outcome(List<Integer> steps) {
        if (steps.size() == 1) {
            int s = steps.get(0);
            return s == SignupSteps.EMAIL ? TEXTS.get("outcome.email")
                    : TEXTS.format("outcome.step", SignupSteps.NAMES.get(s));
        }
        if (steps.size() == SignupSteps.COUNT) {
            return TEXTS.get("outcome.all");
        }
        if (steps.size() >= SignupSteps.COUNT - 2) { // one or two left out say it in fewer words
            List<String> others = new ArrayList<>();
            for (int s = 0; s < SignupSteps.COUNT; s++) {
                if (!steps.contains(s)) {
                    others.add(quoted(s));
                }
            }
            return TEXTS.format("outcome.allBut", String.join(TEXTS.get("outcome.and"), others));
        }
        return TEXTS.format("outcome.steps", steps.size(),
                String.join(", ", steps.stream().map(FaultWords::quoted).toList()));
    }

    private static String quoted(int step) {
        return TEXTS.format("outcome.name", SignupSteps.NAMES.get(step));
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
