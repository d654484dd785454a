package org.idempotencylab.engine;

import java.util.List;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Workflow;

/**
 * A run's {@link Workflow} as the engine reads it on every call: its step names, what each step's call does
 * (counted in arrays, so the hot path reads an array slot where it used to compare with the email's index), and
 * the results a finished step saves. The first article's sign-up ({@link Workflow#SIGNUP}) gives exactly the
 * draws of {@link SignupSteps}: nine plain steps and the welcome email, the one that goes through a provider.
 */
public final class WorkflowSteps {
    /** A step's call: its side effect, then the crash draw (the article's nine steps other than the email). */
    static final byte PLAIN = 0;
    /** A step's call through its provider: a key if it takes one, the side effect, the lost-reply draw if any. */
    static final byte PROVIDER = 1;
    /** A local step under the claim table: its write commits with the claim's completion, or not at all. */
    static final byte LOCAL_IN_CLAIM = 2;

    private static final WorkflowSteps SIGNUP = new WorkflowSteps(Workflow.SIGNUP);

    private final Workflow workflow;
    private final List<String> names;
    private final int keyStep;
    private final String[] savedResults;
    private final String[] changedResults;
    private final String[] claimKeyPrefixes; // per step: "<name>:user_", the claim table's key without the number
    private final String[] providerKeyNames;

    private WorkflowSteps(Workflow workflow) {
        this.workflow = workflow;
        this.names = workflow.names();
        this.keyStep = workflow.keyStep();
        this.savedResults = names.stream().map(n -> n + ": done").toArray(String[]::new);
        this.changedResults = names.stream().map(n -> n + ": done (changed payload)").toArray(String[]::new);
        this.claimKeyPrefixes = names.stream().map(n -> n + ":user_").toArray(String[]::new);
        boolean signup = workflow.equals(Workflow.SIGNUP);
        this.providerKeyNames = names.stream().map(n -> signup ? "welcome-email"
                : n.trim().toLowerCase(java.util.Locale.ROOT).replaceAll("\\s+", "-")).toArray(String[]::new);
    }

    /**
     * @param step a step, 0-based; -1 for none
     * @return the name the provider keys of {@code step} carry before {@code :user_42}: the sign-up's
     *         {@code welcome-email}, else the step's name in lower case, its words joined by "-"
     *         ({@code charge-the-card}); {@code provider} for step -1 (a workflow with no external step)
     */
    public String providerKeyName(int step) {
        return step < 0 ? "provider" : providerKeyNames[step];
    }

    /**
     * @param step the step whose provider holds {@code key} if it is a provider key (-1: none)
     * @return {@code key} as text: a step key by this workflow's step names, a provider key by
     *         {@link #providerKeyName(int)}
     */
    public String describeKey(long key, int step) {
        return SignupKeys.describe(key, names, providerKeyName(step));
    }

    /** @return the steps of {@code w}; the article's sign-up's are made once */
    public static WorkflowSteps of(Workflow w) {
        return w.equals(Workflow.SIGNUP) ? SIGNUP : new WorkflowSteps(w);
    }

    /** @return the steps {@code s}'s sign-ups run */
    public static WorkflowSteps of(Scenario s) {
        return of(s.workflow());
    }

    /** @return the workflow. */
    public Workflow workflow() {
        return workflow;
    }

    /** @return the number of steps, 1 to {@link Workflow#MAX_STEPS}. */
    public int count() {
        return names.size();
    }

    /** @return the step names in order. */
    public List<String> names() {
        return names;
    }

    /** @return step {@code i}'s name (0-based) */
    public String name(int i) {
        return names.get(i);
    }

    /**
     * @return the step the provider-side metrics count (the welcome email, 6, in the article's sign-up), or -1 for a
     *         workflow with no external step ({@link Workflow#keyStep()})
     */
    public int keyStep() {
        return keyStep;
    }

    /**
     * @param claimTable the run's store is the claim table (a local step's write then commits with the claim)
     * @return per step, how its call goes: {@link #PLAIN}, {@link #PROVIDER} or {@link #LOCAL_IN_CLAIM}
     */
    byte[] kinds(boolean claimTable) {
        byte[] k = new byte[count()];
        for (int i = 0; i < k.length; i++) {
            Workflow.Step s = workflow.step(i);
            if (s.effect() == Workflow.Effect.LOCAL) {
                k[i] = claimTable ? LOCAL_IN_CLAIM : PLAIN;
            } else {
                k[i] = s.providerKey() || s.drawsLostReply() || i == keyStep ? PROVIDER : PLAIN;
            }
        }
        return k;
    }

    /** @return {@code changedPayload ? "<name>: done (changed payload)" : "<name>: done"}: constant texts */
    String savedResult(int step, boolean changedPayload) {
        return changedPayload ? changedResults[step] : savedResults[step];
    }

    /**
     * @return the claim table's key of {@code step} for {@code user_<user>}: {@code <step name>:user_<n>}, as the
     *         second article's {@code charge:order_12345} (its text made once per step, the number per call)
     */
    String claimKey(int step, long user) {
        return claimKeyPrefixes[step] + user;
    }

    /** @return true if {@code result} (of {@code step}) was saved by a request with a changed payload */
    boolean savedForChangedPayload(int step, String result) {
        return changedResults[step].equals(result);
    }
}
