package org.idempotencylab.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One of the lab's tables as it must be: its columns, primary key and indexes. The one description from which
 * the table is created ({@link #createSql}) and against which a table found in a database is checked
 * ({@link TableCheck}) before anything is written; adding a table to the lab is adding one of these.
 *
 * @param name        the table's name: lower-case letters, digits and {@code _} (so it needs no quoting)
 * @param role        what the table is to the lab, for messages, e.g. {@code "queue table"}
 * @param columns     in order, at least one
 * @param primaryKey  the primary key's columns, in order; empty for none
 * @param indexes     the indexes the lab creates on it
 */
public record TableSpec(String name, String role, List<Column> columns, List<String> primaryKey,
                        List<Index> indexes) {

    /**
     * A column as the lab declares it.
     *
     * @param name           lower case
     * @param type           as declared in {@code CREATE TABLE}, upper case, e.g. {@code VARCHAR(64)},
     *                       {@code TIMESTAMPTZ}; the catalog's spelling is {@link SqlDialect#catalogType}'s
     * @param notNull        declared {@code NOT NULL}
     * @param defaultSql     the {@code DEFAULT} expression, or null for none
     * @param defaultMatters true if the lab's inserts leave the column out and rely on this default, so a table
     *                       with another default is not the lab's
     */
    public record Column(String name, String type, boolean notNull, String defaultSql, boolean defaultMatters) {
        /** A column without a default. */
        public static Column of(String name, String type, boolean notNull) {
            return new Column(name, type, notNull, null, false);
        }

        /** @return its definition as {@code CREATE TABLE} and {@code ALTER TABLE ... ADD COLUMN} write it */
        public String definition() {
            return name + " " + type + (notNull ? " NOT NULL" : "") + (defaultSql == null ? "" : " DEFAULT "
                    + defaultSql);
        }
    }

    /**
     * An index the lab creates.
     *
     * @param name    unique in the schema
     * @param unique  true for a unique index (the lab relies on what it refuses)
     * @param columns its key columns, in order
     * @param where   the predicate of a partial index, or null
     */
    public record Index(String name, boolean unique, List<String> columns, String where) {
        public Index {
            columns = List.copyOf(columns);
        }

        /** @return how messages show it: {@code UNIQUE (run_id, provider_key) WHERE sent} */
        public String shown() {
            return (unique ? "UNIQUE " : "") + "(" + String.join(", ", columns) + ")"
                    + (where == null ? "" : " WHERE " + where);
        }
    }

    /** The longest table name: its run index, {@code <name>_run_id}, then fits PostgreSQL's 63 bytes. */
    public static final int MAX_NAME_LENGTH = 56;

    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0," + (MAX_NAME_LENGTH - 1) + "}");

    /**
     * Whether a name may name a lab table: written unquoted in every statement, it must need no quoting on
     * PostgreSQL or SQLite.
     *
     * @param name the name, as given
     * @return why not, as words to follow the quoted name, e.g. {@code is a reserved word of SQL ...}; empty if it
     *         may: 1 to {@value #MAX_NAME_LENGTH} lower-case letters, digits and {@code _}, not starting with a
     *         digit, not a word PostgreSQL or SQLite refuse as a table name ({@link SqlReservedWords}), not starting
     *         with {@code sqlite_} (SQLite keeps those names for itself)
     */
    public static Optional<String> nameProblem(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            return Optional.of("is not allowed: 1 to " + MAX_NAME_LENGTH + " characters, lower-case letters, digits "
                    + "and _, not starting with a digit");
        }
        if (SqlReservedWords.WORDS.contains(name)) {
            return Optional.of("is a reserved word of SQL, which PostgreSQL or SQLite refuse as a table name; give "
                    + "another, such as " + name + "_claims");
        }
        if (name.startsWith("sqlite_")) {
            return Optional.of("is not allowed: SQLite keeps the names starting with sqlite_ for its own tables");
        }
        return Optional.empty();
    }

    /**
     * @return why {@code name} may not name a claim table: {@link #nameProblem}, or it is the runs table's
     *         ({@value RunRegistry#TABLE}); empty if it may
     */
    public static Optional<String> claimTableNameProblem(String name) {
        if (RunRegistry.TABLE.equals(name)) {
            return Optional.of("is not allowed: it is the name of the lab's runs table");
        }
        return nameProblem(name);
    }

    public TableSpec {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
        indexes = List.copyOf(indexes);
    }

    /**
     * @param table the table's name, see {@link JdbcClaimStore.Options}
     * @return the claim table named {@code table} on PostgreSQL, as {@link JdbcClaimStore} creates it
     */
    public static TableSpec claimTable(String table) {
        return SqlDialect.POSTGRES.claimTable(table);
    }

    /**
     * @param role what the table is to the lab, for messages ("the lab's lock table")
     * @return this table under another role: the same columns, key and indexes
     */
    public TableSpec as(String role) {
        return new TableSpec(name, role, columns, primaryKey, indexes);
    }

    /** @return the runs table ({@value RunRegistry#TABLE}) on PostgreSQL, as {@link RunRegistry} creates it */
    public static TableSpec runsTable() {
        return SqlDialect.POSTGRES.runsTable();
    }

    /** @return the column named {@code column}, or null */
    public Column column(String column) {
        for (Column c : columns) {
            if (c.name().equals(column)) {
                return c;
            }
        }
        return null;
    }

    /**
     * @return {@code CREATE TABLE IF NOT EXISTS} and then {@code CREATE [UNIQUE] INDEX IF NOT EXISTS} for each
     *         index: run in one transaction, they create what is missing and change nothing that exists
     */
    public List<String> createSql() {
        StringBuilder table = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(name).append(" (");
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            table.append(i == 0 ? "" : ", ").append(c.definition());
            if (primaryKey.equals(List.of(c.name()))) {
                table.append(" PRIMARY KEY");
            }
        }
        if (primaryKey.size() > 1) {
            table.append(", PRIMARY KEY (").append(String.join(", ", primaryKey)).append(')');
        }
        List<String> out = new ArrayList<>();
        out.add(table.append(')').toString());
        for (Index index : indexes) {
            out.add(indexSql(index));
        }
        return out;
    }

    /** @return the {@code CREATE [UNIQUE] INDEX IF NOT EXISTS} of {@code index} on this table */
    public String indexSql(Index index) {
        return "CREATE " + (index.unique() ? "UNIQUE " : "") + "INDEX IF NOT EXISTS " + index.name() + " ON " + name
                + " (" + String.join(", ", index.columns()) + ")" + (index.where() == null ? ""
                : " WHERE " + index.where());
    }
}
