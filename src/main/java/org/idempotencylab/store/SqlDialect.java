package org.idempotencylab.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What differs between SQLite and PostgreSQL for the claim table: the column types, how a time and a JSON value
 * are bound and read, and how the table's columns are read from the catalog. The statements themselves are the
 * same text on both.
 *
 * <p>PostgreSQL keeps the second article's types: {@code JSONB} and {@code TIMESTAMPTZ}. SQLite has neither; its
 * closest types (SQLite's "Datatypes In SQLite", section 2.2, and its JSON functions, which read JSON from TEXT)
 * are {@code TEXT} holding JSON, and {@code TEXT} holding an ISO-8601 UTC time {@code YYYY-MM-DD HH:MM:SS.SSS},
 * the format SQLite's own date functions write, which sorts as the times do.
 */
enum SqlDialect {
    SQLITE("TEXT", "TEXT", "(strftime('%Y-%m-%d %H:%M:%f', 'now'))") {
        @Override
        void bindTime(PreparedStatement ps, int index, Instant at) throws SQLException {
            ps.setString(index, SQLITE_TIME.format(at));
        }

        @Override
        Instant readTime(ResultSet rs, String column) throws SQLException {
            String text = rs.getString(column);
            if (text == null) {
                return null;
            }
            try {
                return LocalDateTime.parse(text, SQLITE_TIME).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                throw new SQLException(column + " holds '" + text + "', which is not a time of the form "
                        + "YYYY-MM-DD HH:MM:SS.SSS");
            }
        }

        @Override
        void bindJson(PreparedStatement ps, int index, String json) throws SQLException {
            if (json == null) {
                ps.setNull(index, Types.VARCHAR);
            } else {
                ps.setString(index, json);
            }
        }

        @Override
        List<Column> columns(Connection c, String table) throws SQLException {
            List<Column> out = new ArrayList<>();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA table_info(" + table + ")")) {
                while (rs.next()) {
                    out.add(new Column(rs.getString("name"), rs.getString("type").toUpperCase(Locale.ROOT).strip(),
                            rs.getInt("notnull") != 0 || rs.getInt("pk") > 0, rs.getString("dflt_value") != null,
                            rs.getInt("pk") > 0));
                }
            }
            return out;
        }
    },

    POSTGRES("JSONB", "TIMESTAMPTZ", "now()") {
        @Override
        void bindTime(PreparedStatement ps, int index, Instant at) throws SQLException {
            ps.setObject(index, OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
        }

        @Override
        Instant readTime(ResultSet rs, String column) throws SQLException {
            OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
            return t == null ? null : t.toInstant();
        }

        @Override
        void bindJson(PreparedStatement ps, int index, String json) throws SQLException {
            // Types.OTHER sends the text untyped, so the server reads it as the column's jsonb
            ps.setObject(index, json, Types.OTHER);
        }

        @Override
        List<Column> columns(Connection c, String table) throws SQLException {
            List<Column> out = new ArrayList<>();
            // to_regclass resolves the name as an unqualified statement would (search_path), or gives null
            try (PreparedStatement ps = c.prepareStatement("SELECT a.attname, format_type(a.atttypid, a.atttypmod), "
                    + "a.attnotnull, a.atthasdef, EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid "
                    + "AND i.indisprimary AND a.attnum = ANY (i.indkey)) FROM pg_attribute a "
                    + "WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum")) {
                ps.setString(1, table);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Column(rs.getString(1), rs.getString(2).toUpperCase(Locale.ROOT), rs.getBoolean(3),
                                rs.getBoolean(4), rs.getBoolean(5)));
                    }
                }
            }
            return out;
        }
    };

    /** SQLite's own time text, in UTC: {@code 2026-12-01 15:42:04.123}. */
    static final DateTimeFormatter SQLITE_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSS", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final String jsonType;
    private final String timeType;
    private final String createdAtDefault;

    SqlDialect(String jsonType, String timeType, String createdAtDefault) {
        this.jsonType = jsonType;
        this.timeType = timeType;
        this.createdAtDefault = createdAtDefault;
    }

    /** A column as the catalog reports it: type in upper case, as PostgreSQL's format_type or SQLite's declaration. */
    record Column(String name, String type, boolean notNull, boolean hasDefault, boolean primaryKey) {
    }

    /**
     * @return the claim table's columns, in order: the second article's ({@code idempotency_key} to
     *         {@code completed_at}, then its lease's {@code locked_until}), then the lab's own
     */
    List<Column> expected() {
        String time = catalogType(timeType);
        return List.of(
                new Column("idempotency_key", catalogType("VARCHAR(255)"), true, false, true),
                new Column("status", catalogType("VARCHAR(20)"), true, false, false),
                new Column("result", catalogType(jsonType), false, false, false),
                new Column("created_at", time, true, true, false),
                new Column("completed_at", time, false, false, false),
                new Column("locked_until", time, false, false, false),
                new Column("run_id", catalogType("VARCHAR(64)"), false, false, false),
                new Column("fingerprint", catalogType("VARCHAR(128)"), false, false, false),
                new Column("owner", catalogType("VARCHAR(128)"), false, false, false),
                new Column("claims", catalogType("INTEGER"), true, true, false));
    }

    /** @return how the catalog spells a declared type: PostgreSQL's format_type, SQLite's declaration as written. */
    String catalogType(String declared) {
        if (this == SQLITE) {
            return declared;
        }
        return switch (declared) {
            case "JSONB" -> "JSONB";
            case "TIMESTAMPTZ" -> "TIMESTAMP WITH TIME ZONE";
            case "INTEGER" -> "INTEGER";
            case "TEXT" -> "TEXT";
            case "BIGINT" -> "BIGINT";
            default -> declared.startsWith("VARCHAR(") ? "CHARACTER VARYING" + declared.substring(7) : declared;
        };
    }

    /** @return the SQL type to declare for {@code column} of {@link #expected()}. */
    String declaredType(Column column) {
        return switch (column.name()) {
            case "result" -> jsonType;
            case "created_at", "completed_at", "locked_until" -> timeType;
            case "claims" -> "INTEGER";
            case "idempotency_key" -> "VARCHAR(255)";
            case "status" -> "VARCHAR(20)";
            case "run_id" -> "VARCHAR(64)";
            default -> "VARCHAR(128)";
        };
    }

    /** @return the column's definition as {@code CREATE TABLE} and {@code ALTER TABLE ... ADD COLUMN} write it. */
    String definition(Column column) {
        String def = column.name() + " " + declaredType(column);
        if (column.primaryKey()) {
            return def + " PRIMARY KEY";
        }
        if (column.name().equals("created_at")) {
            return def + " NOT NULL DEFAULT " + createdAtDefault;
        }
        if (column.name().equals("claims")) {
            return def + " NOT NULL DEFAULT 1";
        }
        return column.notNull() ? def + " NOT NULL" : def;
    }

    /** @return the {@code CREATE TABLE IF NOT EXISTS} for the claim table named {@code table}. */
    String createTable(String table) {
        StringBuilder sql = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(table).append(" (");
        List<Column> columns = expected();
        for (int i = 0; i < columns.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append(definition(columns.get(i)));
        }
        return sql.append(')').toString();
    }

    /** @return the index that finds one run's rows in creation order (the live view, counting, cleaning). */
    String createIndex(String table) {
        return "CREATE INDEX IF NOT EXISTS " + table + "_run_id ON " + table + " (run_id, created_at)";
    }

    /** @return true if an index named {@code index} exists. */
    boolean indexExists(Connection c, String index) throws SQLException {
        String sql = this == SQLITE ? "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?"
                : "SELECT 1 WHERE to_regclass(?) IS NOT NULL";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, index);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    abstract void bindTime(PreparedStatement ps, int index, Instant at) throws SQLException;

    /** @return the time in {@code column}, or null for SQL NULL. */
    abstract Instant readTime(ResultSet rs, String column) throws SQLException;

    /** Binds JSON text (null for SQL NULL). */
    abstract void bindJson(PreparedStatement ps, int index, String json) throws SQLException;

    /** @return the columns of {@code table}, in order; none if there is no such table. */
    abstract List<Column> columns(Connection c, String table) throws SQLException;
}
