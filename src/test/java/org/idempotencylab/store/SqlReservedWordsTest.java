package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The reserved words a table may not be named: exactly the words PostgreSQL (the tests' embedded server) or SQLite
 * refuse in {@code CREATE TABLE w (x INTEGER)} or in {@code SELECT w.x FROM w}, among PostgreSQL's keywords
 * ({@code pg_get_keywords()}), SQLite's and the list itself. Without the list,
 * {@code --db-table user} passed and ended in a raw SQL error; {@code raise}, which SQLite creates but takes for its
 * {@code RAISE} function in {@code raise.x}, passed and ended the run at its first claim with exit 1.
 */
class SqlReservedWordsTest {
    /** SQLite's keywords, all 147 ("SQLite Keywords", sqlite.org/lang_keywords.html): PostgreSQL's lack some. */
    private static final List<String> SQLITE_KEYWORDS = List.of(
            "abort", "action", "add", "after", "all", "alter", "always", "analyze", "and", "as", "asc", "attach",
            "autoincrement", "before", "begin", "between", "by", "cascade", "case", "cast", "check", "collate",
            "column", "commit", "conflict", "constraint", "create", "cross", "current", "current_date",
            "current_time", "current_timestamp", "database", "default", "deferrable", "deferred", "delete", "desc",
            "detach", "distinct", "do", "drop", "each", "else", "end", "escape", "except", "exclude", "exclusive",
            "exists", "explain", "fail", "filter", "first", "following", "for", "foreign", "from", "full",
            "generated", "glob", "group", "groups", "having", "if", "ignore", "immediate", "in", "index", "indexed",
            "initially", "inner", "insert", "instead", "intersect", "into", "is", "isnull", "join", "key", "last",
            "left", "like", "limit", "match", "materialized", "natural", "no", "not", "nothing", "notnull", "null",
            "nulls", "of", "offset", "on", "or", "order", "others", "outer", "over", "partition", "plan", "pragma",
            "preceding", "primary", "query", "raise", "range", "recursive", "references", "regexp", "reindex",
            "release", "rename", "replace", "restrict", "returning", "right", "rollback", "row", "rows", "savepoint",
            "select", "set", "table", "temp", "temporary", "then", "ties", "to", "transaction", "trigger",
            "unbounded", "union", "unique", "update", "using", "vacuum", "values", "view", "virtual", "when", "where",
            "window", "with", "without");

    @Test
    void theListIsWhatEitherDatabaseRefusesAsATableName() throws SQLException {
        Set<String> candidates = new TreeSet<>(SqlReservedWords.WORDS);
        candidates.addAll(SQLITE_KEYWORDS);
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
                // the lab names a column with its table in its statements (lab_runs.run_id = t.run_id)
                st.execute("SELECT " + word + ".x FROM " + word + " WHERE " + word + ".x IS NULL");
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
