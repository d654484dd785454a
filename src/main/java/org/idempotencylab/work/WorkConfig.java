package org.idempotencylab.work;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Properties;
import org.idempotencylab.scenario.Choice;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Workflow;

/**
 * Everything one run of real workers needs, the same for the parent ({@code work}) and every worker process it
 * starts, which reads it as {@link Properties} text on its standard input (so a password in the URL never shows in
 * a process list; and a plain format, so a worker process starts without a JSON library).
 * The run's values are a {@link Scenario}, written and read back through the {@link Parameter} rows (their ids,
 * text forms and ranges), so they are declared and checked in one place; real workers read its times as
 * wall-clock ms.
 *
 * @param url       the PostgreSQL JDBC URL ({@code jdbc:postgresql://...})
 * @param runId     the run's id, on every row it writes (as {@code JdbcClaimStore}'s run ids)
 * @param epochMs   the run's epoch, Unix ms: claim times are stored as epoch + (now - epoch)
 * @param processes worker processes, 1 to {@link WorkParameters#MAX_PROCESSES}
 * @param scenario  the run's values: {@code workers} is worker threads per process, {@code jobs} the sign-ups
 *                  {@code user_0} to {@code user_{jobs-1}}; every time is wall-clock ms (see {@code WorkParameters}
 *                  for the ones real workers use)
 * @param scope     what a retry repeats
 * @param keyMode   the key the welcome email sends to the provider
 * @param store     the store every step goes through
 */
public record WorkConfig(String url, String runId, long epochMs, int processes, Scenario scenario, RetryScope scope,
                         KeyMode keyMode, StoreKind store) {
    /** The property of an embedded server's password in the text on a worker process's stdin. */
    private static final String SECRET = "embeddedServerPassword";

    /**
     * @throws IllegalArgumentException for processes outside 1 to {@link WorkParameters#MAX_PROCESSES}, or a
     *                                  scenario whose workflow is not the article's sign-up
     *                                  ({@link Scenario} checks its own values)
     */
    public WorkConfig {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(keyMode, "keyMode");
        Objects.requireNonNull(store, "store");
        if (!scenario.workflow().steps().equals(Workflow.SIGNUP.steps())) { // the work tables know its ten steps
            throw new IllegalArgumentException("workflow: " + ParameterException.quoted(scenario.workflow().name())
                    + " cannot run on real workers, which run the article's ten-step sign-up only; allowed: no "
                    + "workflow (run it in the simulation: run --scenario FILE)");
        }
        if (processes < 1 || processes > WorkParameters.MAX_PROCESSES) {
            throw new IllegalArgumentException("processes: " + processes + " is outside the allowed range 1 to "
                    + WorkParameters.MAX_PROCESSES);
        }
    }

    /**
     * Writes this configuration to {@code out} as {@link Properties} text: one {@code name=value} per component
     * but the scenario, one per {@link Parameter} (its id, {@link Parameter#format}), and, for an embedded
     * PostgreSQL of this JVM, its password ({@link EmbeddedLogin}), which a worker process gets this way only.
     */
    void write(OutputStream out) throws IOException {
        Properties p = new Properties();
        p.setProperty("url", url);
        p.setProperty("runId", runId);
        p.setProperty("epochMs", Long.toString(epochMs));
        p.setProperty("processes", Integer.toString(processes));
        p.setProperty("scope", scope.cliName());
        p.setProperty("keyMode", keyMode.cliName());
        p.setProperty("store", store.cliName());
        for (Parameter param : Parameter.values()) {
            p.setProperty(param.id(), param.format(scenario.get(param)));
        }
        EmbeddedLogin.secretFor(url).ifPresent(secret -> p.setProperty(SECRET, secret));
        p.store(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), null);
    }

    /**
     * @return the configuration {@link #write} wrote; an embedded server's password it holds is registered with
     *         {@link EmbeddedLogin} for the URL
     * @throws IOException              if {@code in} cannot be read
     * @throws IllegalArgumentException if a value is missing, does not read, or lies outside its parameter's range
     *                                  (the message names it)
     */
    static WorkConfig read(InputStream in) throws IOException {
        Properties p = new Properties();
        p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        WorkConfig cfg;
        try {
            Scenario.Builder b = Scenario.article().toBuilder();
            for (Parameter param : Parameter.values()) {
                b.set(param, param.parseValue(required(p, param.id())));
            }
            cfg = new WorkConfig(required(p, "url"), required(p, "runId"), Long.parseLong(required(p, "epochMs")),
                    Integer.parseInt(required(p, "processes")), b.build(),
                    Choice.parse("scope", RetryScope.values(), required(p, "scope")),
                    Choice.parse("keyMode", KeyMode.values(), required(p, "keyMode")),
                    Choice.parse("store", StoreKind.values(), required(p, "store")));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the configuration is incomplete or does not read: "
                    + e.getMessage(), e);
        }
        String secret = p.getProperty(SECRET);
        if (secret != null) {
            EmbeddedLogin.register(cfg.url(), secret);
        }
        return cfg;
    }

    private static String required(Properties p, String name) {
        String v = p.getProperty(name);
        if (v == null) {
            throw new IllegalArgumentException(name + " is missing");
        }
        return v;
    }
}
