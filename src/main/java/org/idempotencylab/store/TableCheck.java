package org.idempotencylab.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Compares an existing claim table with the lab's ({@link SqlDialect#expected()}) before anything is written:
 * column names, types, nullability and the primary key. Extra columns are accepted when the lab's inserts can
 * leave them out (nullable, or with a default).
 */
final class TableCheck {
    private TableCheck() {
    }

    /** How a table differs, and what to do about it. */
    record Problem(String what, String advice) {
    }

    /**
     * @param actual the table's columns as the catalog reports them, at least one
     * @return null if the table is the lab's claim table; otherwise what differs and what to do
     */
    static Problem problem(SqlDialect dialect, String table, List<SqlDialect.Column> actual) {
        Map<String, SqlDialect.Column> byName = new LinkedHashMap<>();
        for (SqlDialect.Column c : actual) {
            byName.put(c.name().toLowerCase(Locale.ROOT), c);
        }
        String otherName = "give another table name (--db-table NAME on the command line) or another database";
        SqlDialect.Column createdAt = byName.get("created_at");
        if (createdAt != null && createdAt.type().equals("BIGINT") && !byName.containsKey("run_id")) {
            return new Problem("the table " + table + " has the lab's old layout (times as BIGINT milliseconds, "
                    + "result as TEXT, no run_id), from an earlier version of the lab",
                    otherName.substring(0, 1).toUpperCase(Locale.ROOT) + otherName.substring(1)
                            + ", or drop the old table yourself if its rows are no longer needed (DROP TABLE "
                            + table + ")");
        }
        List<SqlDialect.Column> missing = new ArrayList<>();
        List<String> differences = new ArrayList<>();
        for (SqlDialect.Column want : dialect.expected()) {
            SqlDialect.Column have = byName.remove(want.name());
            if (have == null) {
                missing.add(want);
                continue;
            }
            if (!have.type().equals(want.type())) {
                differences.add(want.name() + " is " + have.type() + ", not " + want.type());
            } else if (have.notNull() != want.notNull()) {
                differences.add(want.name() + (have.notNull() ? " is NOT NULL, but must allow NULL"
                        : " allows NULL, but must be NOT NULL"));
            }
            if (have.primaryKey() != want.primaryKey()) {
                differences.add(want.primaryKey() ? want.name() + " is not the primary key"
                        : want.name() + " is part of the primary key, which must be idempotency_key alone");
            }
        }
        for (SqlDialect.Column extra : byName.values()) {
            if (extra.primaryKey()) {
                differences.add(extra.name() + " is part of the primary key, which must be idempotency_key alone");
            } else if (extra.notNull() && !extra.hasDefault()) {
                differences.add("the extra column " + extra.name() + " is NOT NULL without a default, so the lab's "
                        + "inserts would fail");
            }
        }
        if (differences.isEmpty() && missing.isEmpty()) {
            return null;
        }
        if (differences.isEmpty()) {
            String names = missing.stream().map(SqlDialect.Column::name).collect(Collectors.joining(", "));
            String alter = missing.stream().map(c -> "ALTER TABLE " + table + " ADD COLUMN " + dialect.definition(c))
                    .collect(Collectors.joining("; "));
            return new Problem("the table " + table + " lacks the columns " + names
                    + " (the second article's table has neither its lease's locked_until nor the lab's columns)",
                    "Add them (" + alter + "), or " + otherName);
        }
        if (!missing.isEmpty()) {
            differences.add("missing " + missing.stream().map(SqlDialect.Column::name)
                    .collect(Collectors.joining(", ")));
        }
        return new Problem("the table " + table + " differs from the lab's claim table: "
                + String.join("; ", differences),
                otherName.substring(0, 1).toUpperCase(Locale.ROOT) + otherName.substring(1));
    }

    /** @return the sentence saying the table's rows were left as they were, with their number if it can be read. */
    static String rowsKept(Connection c, String table) {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            long n = rs.getLong(1);
            return "Its " + String.format(Locale.ROOT, "%,d", n) + (n == 1 ? " row is" : " rows are")
                    + " kept and nothing was written.";
        } catch (SQLException e) {
            return "Its rows are kept and nothing was written.";
        }
    }
}
