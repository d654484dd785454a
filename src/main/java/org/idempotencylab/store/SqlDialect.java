package org.idempotencylab.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/**
 * What differs between SQLite and PostgreSQL for the claim table: the column types, and how a time and a JSON
 * value are bound and read ({@link TableCatalog} reads each one's catalog). The statements themselves are the same
 * text on both.
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
    };

    /** The claim table's role, for messages. */
    static final String CLAIM_TABLE = "claim table";

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

    /**
     * A column as the catalog reports it: type in upper case, as PostgreSQL's format_type or SQLite's declaration;
     * its default expression as the catalog gives it, or null for none.
     */
    record Column(String name, String type, boolean notNull, String defaultSql, boolean primaryKey) {
        boolean hasDefault() {
            return defaultSql != null;
        }
    }

    /** @return the columns of {@code table}, in order; none if there is no such table ({@link TableCatalog}) */
    List<Column> columns(Connection c, String table) throws SQLException {
        return TableCatalog.read(c, this, table).columns();
    }

    /**
     * @return the claim table named {@code table}: the second article's columns ({@code idempotency_key} to
     *         {@code completed_at}, then its lease's {@code locked_until}), then the lab's own; its index finds one
     *         run's rows in creation order (the live view, counting, cleaning)
     */
    TableSpec claimTable(String table) {
        String text128 = "VARCHAR(128)";
        return new TableSpec(table, CLAIM_TABLE, List.of(
                TableSpec.Column.of("idempotency_key", "VARCHAR(255)", true),
                TableSpec.Column.of("status", "VARCHAR(20)", true),
                TableSpec.Column.of("result", jsonType, false),
                new TableSpec.Column("created_at", timeType, true, createdAtDefault, false),
                TableSpec.Column.of("completed_at", timeType, false),
                TableSpec.Column.of("locked_until", timeType, false),
                TableSpec.Column.of("run_id", "VARCHAR(64)", false),
                TableSpec.Column.of("fingerprint", text128, false),
                TableSpec.Column.of("owner", text128, false),
                new TableSpec.Column("claims", "INTEGER", true, "1", false)),
                List.of("idempotency_key"),
                List.of(new TableSpec.Index(table + "_run_id", false, List.of("run_id", "created_at"), null)));
    }

    /** @return the runs table ({@link RunRegistry}) as it creates it */
    TableSpec runsTable() {
        return new TableSpec(RunRegistry.TABLE, "runs table", List.of(
                TableSpec.Column.of("run_id", "VARCHAR(64)", true), TableSpec.Column.of("command", "VARCHAR(20)", true),
                TableSpec.Column.of("started_at", timeType, true), TableSpec.Column.of("heartbeat_at", timeType, true)),
                List.of("run_id"), List.of());
    }

    /** @return how the catalog spells a declared type: PostgreSQL's format_type, SQLite's declaration as written. */
    String catalogType(String declared) {
        if (this == SQLITE) {
            return declared;
        }
        return switch (declared) {
            case "TIMESTAMPTZ" -> "TIMESTAMP WITH TIME ZONE";
            default -> declared.startsWith("VARCHAR(") ? "CHARACTER VARYING" + declared.substring(7) : declared;
        };
    }

    abstract void bindTime(PreparedStatement ps, int index, Instant at) throws SQLException;

    /** @return the time in {@code column}, or null for SQL NULL. */
    abstract Instant readTime(ResultSet rs, String column) throws SQLException;

    /** Binds JSON text (null for SQL NULL). */
    abstract void bindJson(PreparedStatement ps, int index, String json) throws SQLException;
}
