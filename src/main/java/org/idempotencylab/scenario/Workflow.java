package org.idempotencylab.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The job a sign-up runs: its steps, in order. Absent from a scenario, it is the first article's ten-step sign-up
 * ({@link #SIGNUP}); a scenario file may declare the engineer's own ({@code "workflow": {...}}, 1 to
 * {@link #MAX_STEPS} steps).
 *
 * <p>An {@link Effect#EXTERNAL external} step calls a service: it may fail before doing anything ({@code pFail}),
 * may lose its reply after its side effect ({@code lostReply}), and with {@code providerKey} sends the strategy's
 * provider key, which its provider remembers (the first article's rule for the welcome email). A
 * {@link Effect#LOCAL local} step writes to the job's own database: it may fail, never loses a reply, and under
 * the claim table commits in the claim's own transaction (the second article: the side effect and
 * {@code status = 'completed'} in one commit), so a crash before the completion leaves no write and it cannot run
 * twice; under the other stores it is a write like any other and can run again.
 *
 * <p>A step's {@code callMs}, {@code pFail} and {@code lostReply} override the scenario's when set (null: the
 * scenario's). A step that declares {@code lostReply: 0} draws no lost-reply number at all, while one that takes
 * the scenario's draws one after its side effect even when that is 0: so the article's sign-up, whose nine steps
 * other than the email never lose a reply, is this class with {@code lostReply: 0} on those nine, and draws exactly
 * as the article's {@code simulate.ts} does.
 *
 * @param name  the workflow's name, 1 to {@link #MAX_NAME} characters, not blank, no control characters
 * @param steps 1 to {@link #MAX_STEPS} steps, their names unique
 */
public record Workflow(String name, List<Step> steps) {
    /** The most steps a workflow holds: 12 (a step's number is packed into 4 bits of a key). */
    public static final int MAX_STEPS = 12;
    /** The longest name of a workflow or a step, in characters. */
    public static final int MAX_NAME = 80;

    /** What a step's side effect touches. */
    public enum Effect implements Choice {
        /** A call to another service (a provider): its reply can be lost; it may take a provider key. */
        EXTERNAL,
        /** A write to the job's own database: committed with the claim's completion under the claim table. */
        LOCAL
    }

    /**
     * One step of a workflow.
     *
     * @param name        the step's name, unique in its workflow, 1 to {@link #MAX_NAME} characters, not blank,
     *                    no control characters
     * @param effect      what its side effect touches
     * @param providerKey it sends the strategy's provider key (external steps only)
     * @param callMs      its mean call time, virtual ms, in {@link Parameter#CALL_MS}'s range; null: the scenario's
     * @param pFail       the chance 0..1 that a call fails before doing anything; null: the scenario's
     * @param lostReply   the chance 0..1 that its reply is lost after the side effect (external steps only); null:
     *                    the scenario's for an external step, 0 (and no draw) for a local one
     */
    public record Step(String name, Effect effect, boolean providerKey, Long callMs, Double pFail, Double lostReply) {
        /** @throws IllegalArgumentException naming the field ({@code name}, {@code pFail}...), value and range */
        public Step {
            checkName("name", name);
            Objects.requireNonNull(effect, "effect");
            if (effect == Effect.LOCAL && providerKey) {
                throw new IllegalArgumentException("providerKey: true is not allowed on a local step (a write to "
                        + "the job's own database sends no key); allowed: false, or \"effect\": \"external\"");
            }
            if (effect == Effect.LOCAL && lostReply != null) {
                throw new IllegalArgumentException("lostReply: " + Parameter.plain(lostReply) + " is not allowed on "
                        + "a local step (a write to the job's own database has no reply to lose); allowed: absent");
            }
            check(Parameter.CALL_MS, callMs);
            check(Parameter.P_FAIL, pFail);
            check(Parameter.LOST_REPLY, lostReply);
        }

        /** An external step with the scenario's call time and failure chance. */
        public static Step external(String name, boolean providerKey, Double lostReply) {
            return new Step(name, Effect.EXTERNAL, providerKey, null, null, lostReply);
        }

        /** A local step with the scenario's call time and failure chance. */
        public static Step local(String name) {
            return new Step(name, Effect.LOCAL, false, null, null, null);
        }

        /** @return true if a call of this step draws "is the reply lost?" after its side effect */
        public boolean drawsLostReply() {
            return effect == Effect.EXTERNAL && (lostReply == null || lostReply > 0);
        }

        private static void check(Parameter p, Number value) {
            if (value == null) {
                return;
            }
            try {
                p.checkValue(value);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(p.id() + ": " + Parameter.plain(value.doubleValue())
                        + " is outside the allowed range " + p.rangeText());
            }
        }
    }

    /** The first article's ten-step sign-up: the welcome email is the one step that loses replies and takes a key. */
    public static final Workflow SIGNUP = signup();

    /** @throws IllegalArgumentException naming the field ({@code steps[2].name}...), the value and the range */
    public Workflow {
        checkName("name", name);
        Objects.requireNonNull(steps, "steps");
        if (steps.isEmpty() || steps.size() > MAX_STEPS) {
            throw new IllegalArgumentException("steps: " + steps.size() + " steps is outside the allowed range 1 to "
                    + MAX_STEPS);
        }
        steps = List.copyOf(steps);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < steps.size(); i++) {
            if (!seen.add(steps.get(i).name())) {
                throw new IllegalArgumentException("steps[" + i + "].name: "
                        + ParameterException.quoted(steps.get(i).name()) + " is the name of an earlier step; "
                        + "allowed: a name no other step has");
            }
        }
    }

    /** @return how many steps: 1 to {@link #MAX_STEPS}. */
    public int size() {
        return steps.size();
    }

    /** @return the step names, in order. */
    public List<String> names() {
        return steps.stream().map(Step::name).toList();
    }

    /** @return step {@code i} (0-based) */
    public Step step(int i) {
        return steps.get(i);
    }

    /**
     * @return the step the provider-side metrics count ({@code emailsSent}, {@code usersWithDuplicateEmails}): the
     *         first external step with a provider key, else the first external step, else -1; the welcome email
     *         (6) for {@link #SIGNUP}
     */
    public int keyStep() {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).effect() == Effect.EXTERNAL && steps.get(i).providerKey()) {
                return i;
            }
        }
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).effect() == Effect.EXTERNAL) {
                return i;
            }
        }
        return -1;
    }

    private static void checkName(String field, String name) {
        Objects.requireNonNull(name, field);
        if (!allowedName(name)) {
            throw new IllegalArgumentException(field + ": " + ParameterException.quoted(name) + " is not allowed; "
                    + "allowed: " + NAME_RULE);
        }
    }

    /**
     * @param p a scenario parameter
     * @return whether every step that would take {@code p} from the scenario sets its own ({@code callMs},
     *         {@code pFail}; {@code lostReply} on every external step, a local one never losing a reply), so the
     *         scenario's value of {@code p} changes no step's draws; false for any other parameter
     */
    public boolean setsOnEveryStep(Parameter p) {
        return switch (p) {
            case CALL_MS -> steps.stream().allMatch(s -> s.callMs() != null);
            case P_FAIL -> steps.stream().allMatch(s -> s.pFail() != null);
            case LOST_REPLY -> steps.stream().allMatch(s -> s.effect() == Effect.LOCAL || s.lostReply() != null);
            default -> false;
        };
    }

    /** What a workflow's or a step's name may be, as a message's "allowed: ..." says it. */
    static final String NAME_RULE = "1 to " + MAX_NAME + " characters, not blank, no control characters";

    /**
     * @param name a workflow's or a step's name
     * @return whether it is 1 to {@link #MAX_NAME} characters, not blank, with no control character (C0, DEL, C1)
     *         nor line or paragraph separator: the names head lines of text output, CSV columns and the window's
     *         stations, where a line break would split one line in two and an escape would drive the terminal
     */
    static boolean allowedName(String name) {
        return !name.isBlank() && name.length() <= MAX_NAME && name.chars().noneMatch(c -> Character.isISOControl(c)
                || c == '\u2028' || c == '\u2029');
    }

    private static Workflow signup() {
        List<String> names = List.of("save the user", "create the billing customer", "create the workspace",
                "upload the default avatar", "add to the CRM", "subscribe to the newsletter",
                "send the welcome email", "notify the sales channel", "record the analytics event",
                "schedule the day-3 email");
        List<Step> steps = new ArrayList<>();
        for (String n : names) {
            boolean email = n.equals("send the welcome email");
            steps.add(Step.external(n, email, email ? null : 0.0));
        }
        return new Workflow("sign-up", steps);
    }
}
