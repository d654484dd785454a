package org.idempotencylab.work;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Properties;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;

/**
 * Everything one run of real workers needs, the same for the parent ({@code work}) and every worker process it
 * starts, which reads it as {@link Properties} text on its standard input (so a password in the URL never shows in
 * a process list; and a plain format, so a worker process starts without a JSON library).
 * Every time is wall-clock ms. The values come checked from the command line (the scenario's {@code Parameter}
 * ranges); the constructor checks only what this class itself relies on.
 *
 * @param url                 the PostgreSQL JDBC URL ({@code jdbc:postgresql://...})
 * @param runId               the run's id, on every row it writes (as {@code JdbcClaimStore}'s run ids)
 * @param epochMs             the run's epoch, Unix ms: claim times are stored as epoch + (now - epoch)
 * @param processes           worker processes, 1 or more
 * @param workers             worker threads per process, 1 or more
 * @param jobs                sign-ups, {@code user_0} to {@code user_{jobs-1}}
 * @param pFail               chance that a call fails before doing anything, 0..1
 * @param lostReply           chance that the welcome email goes out and its reply is lost, 0..1
 * @param maxAttempts         attempts in all, the first included (per step or per job, as {@code scope} says)
 * @param seed                seed of the workers' random streams (each process and worker derives its own)
 * @param baseDelayMs         backoff before the second attempt, wall-clock ms
 * @param maxDelayMs          cap on one backoff, wall-clock ms
 * @param backoffFactor       growth of the backoff per failed attempt
 * @param jitter              full jitter on the backoff
 * @param callMs              mean time one call takes (uniform in [callMs/2, 3 callMs/2)), wall-clock ms
 * @param leaseMs             claim table: how long an {@code in_progress} claim holds, wall-clock ms
 * @param visibilityTimeoutMs how long a taken job stays invisible before it is delivered again, wall-clock ms
 * @param maxReceives         receives without an acknowledgement before the job is dead-lettered
 * @param lockTtlMs           lock: how long a job's lock lives if not released, wall-clock ms
 * @param ttlMs               in-memory store: how long a finished key is remembered, wall-clock ms
 * @param scope               what a retry repeats
 * @param keyMode             the key the welcome email sends to the provider
 * @param store               the store every step goes through
 */
public record WorkConfig(String url, String runId, long epochMs, int processes, int workers, long jobs,
                         double pFail, double lostReply, int maxAttempts, long seed, long baseDelayMs,
                         long maxDelayMs, double backoffFactor, boolean jitter, long callMs, long leaseMs,
                         long visibilityTimeoutMs, int maxReceives, long lockTtlMs, long ttlMs, RetryScope scope,
                         KeyMode keyMode, StoreKind store) {
    /** The property of an embedded server's password in the text on a worker process's stdin. */
    private static final String SECRET = "embeddedServerPassword";

    /** @throws IllegalArgumentException for a count below 1 or a negative time */
    public WorkConfig {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(keyMode, "keyMode");
        Objects.requireNonNull(store, "store");
        if (processes < 1 || workers < 1 || jobs < 1 || maxAttempts < 1 || maxReceives < 1) {
            throw new IllegalArgumentException("processes, workers, jobs, maxAttempts and maxReceives must be at "
                    + "least 1: " + processes + ", " + workers + ", " + jobs + ", " + maxAttempts + ", " + maxReceives);
        }
        if (callMs < 0 || leaseMs < 1 || visibilityTimeoutMs < 1 || lockTtlMs < 1 || ttlMs < 1) {
            throw new IllegalArgumentException("callMs must be 0 or more, leaseMs, visibilityTimeoutMs, lockTtlMs "
                    + "and ttlMs 1 or more");
        }
    }

    /**
     * Writes this configuration to {@code out} as {@link Properties} text, one {@code name=value} per component,
     * and, for an embedded PostgreSQL of this JVM, its password ({@link EmbeddedLogin}), which a worker process
     * gets this way only.
     */
    void write(OutputStream out) throws IOException {
        Properties p = new Properties();
        for (var c : WorkConfig.class.getRecordComponents()) {
            try {
                p.setProperty(c.getName(), String.valueOf(c.getAccessor().invoke(this)));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        EmbeddedLogin.secretFor(url).ifPresent(secret -> p.setProperty(SECRET, secret));
        p.store(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), null);
    }

    /**
     * @return the configuration {@link #write} wrote; an embedded server's password it holds is registered with
     *         {@link EmbeddedLogin} for the URL
     * @throws IOException              if {@code in} cannot be read
     * @throws IllegalArgumentException if a component is missing or does not read
     */
    static WorkConfig read(InputStream in) throws IOException {
        Properties p = new Properties();
        p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        WorkConfig cfg;
        try {
            cfg = new WorkConfig(p.getProperty("url"), p.getProperty("runId"), Long.parseLong(p.getProperty("epochMs")),
                    Integer.parseInt(p.getProperty("processes")), Integer.parseInt(p.getProperty("workers")),
                    Long.parseLong(p.getProperty("jobs")), Double.parseDouble(p.getProperty("pFail")),
                    Double.parseDouble(p.getProperty("lostReply")), Integer.parseInt(p.getProperty("maxAttempts")),
                    Long.parseLong(p.getProperty("seed")), Long.parseLong(p.getProperty("baseDelayMs")),
                    Long.parseLong(p.getProperty("maxDelayMs")), Double.parseDouble(p.getProperty("backoffFactor")),
                    Boolean.parseBoolean(p.getProperty("jitter")), Long.parseLong(p.getProperty("callMs")),
                    Long.parseLong(p.getProperty("leaseMs")), Long.parseLong(p.getProperty("visibilityTimeoutMs")),
                    Integer.parseInt(p.getProperty("maxReceives")), Long.parseLong(p.getProperty("lockTtlMs")),
                    Long.parseLong(p.getProperty("ttlMs")), RetryScope.valueOf(p.getProperty("scope")),
                    KeyMode.valueOf(p.getProperty("keyMode")), StoreKind.valueOf(p.getProperty("store")));
        } catch (NullPointerException | IllegalArgumentException e) {
            throw new IllegalArgumentException("the configuration is incomplete or does not read: " + e, e);
        }
        String secret = p.getProperty(SECRET);
        if (secret != null) {
            EmbeddedLogin.register(cfg.url(), secret);
        }
        return cfg;
    }
}
