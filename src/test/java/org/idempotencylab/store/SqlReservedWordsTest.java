package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The reserved words a table may not be named: exactly the words PostgreSQL (the tests' embedded server) or SQLite
 * refuse in {@code CREATE TABLE w (x INTEGER)}, among PostgreSQL's keywords ({@code pg_get_keywords()}, which
 * hold SQLite's but {@code autoincrement}) and the list itself. Without the list, {@code --db-table user} passed
 * and ended in a raw SQL error.
 */
class SqlReservedWordsTest {
    @Test
    void theListIsWhatEitherDatabaseRefusesAsATableName() throws SQLException {
        Set<String> candidates = new TreeSet<>(SqlReservedWords.WORDS);
        try (Connection pg = TestPostgres.server().getPostgresDatabase().getConnection();
             Statement st = pg.createStatement(); ResultSet rs = st.executeQuery("SELECT word FROM pg_get_keywords()")) {
            while (rs.next()) {
                candidates.add(rs.getString(1));
            }
        }
        Set<String> refused = new TreeSet<>();
        try (Connection pg = TestPostgres.server().getPostgresDatabase().getConnection();
             Connection lite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            pg.setAutoCommit(false);
            for (String w : candidates) {
                if (!creates(pg, w, true) | !creates(lite, w, false)) {
                    refused.add(w);
                }
            }
            pg.rollback();
        }
        assertEquals(refused, new TreeSet<>(SqlReservedWords.WORDS));
    }

    /** @return true if the database creates a table named {@code word}; nothing stays */
    private static boolean creates(Connection c, String word, boolean savepoint) throws SQLException {
        try (Statement st = c.createStatement()) {
            if (savepoint) {
                st.execute("SAVEPOINT w");
            }
            try {
                st.execute("CREATE TABLE " + word + " (x INTEGER)");
                return true;
            } catch (SQLException e) {
                return false;
            } finally {
                st.execute(savepoint ? "ROLLBACK TO SAVEPOINT w" : "DROP TABLE IF EXISTS \"" + word + "\"");
            }
        }
    }

    @Test
    void aReservedWordALongNameAndSqlitesOwnNamesAreRefusedWithTheirReason() {
        assertEquals(Optional.of("is a reserved word of SQL, which PostgreSQL or SQLite refuse as a table name; give "
                + "another, such as order_claims"), TableSpec.nameProblem("order"));
        assertEquals(Optional.of("is not allowed: 1 to 56 characters, lower-case letters, digits and _, not starting "
                + "with a digit"), TableSpec.nameProblem("x".repeat(57)));
        assertEquals(Optional.of("is not allowed: SQLite keeps the names starting with sqlite_ for its own tables"),
                TableSpec.nameProblem("sqlite_claims"));
        assertEquals(Optional.empty(), TableSpec.nameProblem("user_claims"));
        assertEquals(Optional.empty(), TableSpec.nameProblem("x".repeat(56)));
    }
}
