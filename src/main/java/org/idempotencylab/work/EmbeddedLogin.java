package org.idempotencylab.work;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.postgresql.Driver;
import org.postgresql.plugin.AuthenticationPlugin;
import org.postgresql.plugin.AuthenticationRequestType;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * The password of an embedded PostgreSQL ({@link EmbeddedDatabase}), given to the JDBC driver apart from the URL:
 * the URL only names this class ({@code authenticationPluginClassName}, a pgjdbc connection property), so no URL
 * the lab shows, logs or puts in a message holds the secret. The driver instantiates it for each connection and
 * asks it for the password of the connection's port.
 *
 * <p>The secrets live in this JVM only: {@link EmbeddedDatabase} registers its own; a worker process registers the
 * one its configuration brought on stdin ({@link WorkConfig#write}), never on a command line, which every user of
 * the machine can read.
 */
public final class EmbeddedLogin implements AuthenticationPlugin {
    /** The URL parameter that sends the driver here for the password. */
    static final String URL_PARAMETER = "authenticationPluginClassName=" + EmbeddedLogin.class.getName();

    private static final Map<Integer, String> SECRETS = new ConcurrentHashMap<>();

    private final String port;

    /**
     * Called by the driver, for each connection.
     *
     * @param info the connection's properties: the URL's, parsed ({@code PGPORT} among them)
     */
    public EmbeddedLogin(Properties info) {
        this.port = info.getProperty("PGPORT", "");
    }

    /**
     * @return a copy of the secret of this connection's port (the driver wipes it after use)
     * @throws PSQLException if this JVM knows no secret for the port
     */
    @Override
    public char[] getPassword(AuthenticationRequestType type) throws PSQLException {
        String secret = null;
        try {
            secret = SECRETS.get(Integer.parseInt(port));
        } catch (NumberFormatException e) {
            // no port: no secret
        }
        if (secret == null) {
            throw new PSQLException("no password is known for an embedded PostgreSQL on port '" + port + "'",
                    PSQLState.CONNECTION_REJECTED);
        }
        return secret.toCharArray();
    }

    /** From now on, connections to {@code port} through {@link #URL_PARAMETER} log in with {@code secret}. */
    static void register(int port, String secret) {
        SECRETS.put(port, secret);
    }

    /** Forgets the secret of {@code port} (its server is stopped). */
    static void forget(int port) {
        SECRETS.remove(port);
    }

    /**
     * @return the secret this JVM knows for {@code url}, if the URL names this class and a port it has a secret
     *         for; empty for any other URL (a {@code --db} the user gave)
     */
    static Optional<String> secretFor(String url) {
        if (url == null || !url.contains(URL_PARAMETER)) {
            return Optional.empty();
        }
        return port(url).map(SECRETS::get);
    }

    /** Registers {@code secret} for the port of {@code url} (in a worker process, from its configuration). */
    static void register(String url, String secret) {
        port(url).ifPresent(p -> register(p, secret));
    }

    private static Optional<Integer> port(String url) {
        Properties p = Driver.parseURL(url, null);
        try {
            return p == null ? Optional.empty() : Optional.of(Integer.parseInt(p.getProperty("PGPORT", "")));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
