package org.idempotencylab.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks a table the lab is about to use against its {@link TableSpec} before anything is written, so a table that
 * is not the lab's is refused whole, in one message, instead of failing half-way through a run:
 * <ul>
 * <li>the columns: names, types, nullability, the defaults the lab's inserts rely on, the primary key; extra
 * columns are accepted when the lab's inserts can leave them out (nullable, or with a default);</li>
 * <li>whatever may refuse or change the lab's rows: CHECK, foreign-key and exclusion constraints, a unique index
 * or UNIQUE constraint other than the lab's (one holding the whole primary key refuses nothing the key does not),
 * a foreign key of another table that refers to it (it may refuse the lab's deletes), a trigger that runs before
 * each row is written (it may change the row, or skip it without an error: a lost write), a rule; on PostgreSQL a
 * partitioned table, a partition, a table others inherit from, and row-level security that applies to the role;</li>
 * <li>the lab's own indexes: one of the same name must be the same index (unique, columns, predicate), and the
 * name must not be taken by anything else, or {@code CREATE INDEX IF NOT EXISTS} would quietly skip it;</li>
 * <li>on PostgreSQL, the rights: the role's privileges on the table ({@code has_table_privilege}) and its schema
 * ({@code has_schema_privilege}: USAGE, and CREATE for a table still to be created), and ownership where an index
 * is still to be created.</li>
 * </ul>
 * Reads the catalog only ({@link TableCatalog}); changes nothing.
 */
public final class TableCheck {
    /** A privilege the lab needs on a table. */
    public enum Right { SELECT, INSERT, UPDATE, DELETE }

    /** Every right on a table: the claim table's (claims insert and update, releases and rescues delete). */
    public static final Set<Right> ALL_RIGHTS = EnumSet.allOf(Right.class);

    /**
     * Why the lab may not use a table.
     *
     * @param what   what differs or is missing, one phrase without a full stop
     * @param advice what to do, one sentence without a full stop
     * @param exists true if the table exists (its rows are kept)
     */
    public record Problem(String what, String advice, boolean exists) {
    }

    /**
     * What the check found.
     *
     * @param spec           the table checked
     * @param exists         true if the table exists
     * @param missingIndexes the lab's indexes the table lacks (all of them if it does not exist)
     * @param problem        why the lab may not use it, or null if it may
     */
    public record Result(TableSpec spec, boolean exists, List<TableSpec.Index> missingIndexes, Problem problem) {
        /** @return the statements that create what is missing: the table and its indexes, or the missing indexes */
        public List<String> toCreate() {
            return exists ? missingIndexes.stream().map(spec::indexSql).toList() : spec.createSql();
        }
    }

    private TableCheck() {
    }

    /**
     * Checks a table on PostgreSQL (the tables of {@code work}).
     *
     * @param rights     the privileges the run needs on it
     * @param otherPlace what to do instead, for the advice, e.g. {@code give another database}
     * @throws SQLException if the catalog cannot be read
     */
    public static Result postgres(Connection c, TableSpec spec, Set<Right> rights, String otherPlace)
            throws SQLException {
        return check(c, SqlDialect.POSTGRES, spec, rights, otherPlace);
    }

    /** As {@link #postgres}, on {@code dialect}'s database; rights are checked on PostgreSQL only. */
    static Result check(Connection c, SqlDialect dialect, TableSpec spec, Set<Right> rights, String otherPlace)
            throws SQLException {
        TableCatalog.Found found = TableCatalog.read(c, dialect, spec.name());
        String advice = otherPlace.substring(0, 1).toUpperCase(Locale.ROOT) + otherPlace.substring(1);
        if (found.kind() != null && !found.isTable()) {
            return new Result(spec, true, List.of(), new Problem("the name " + spec.name() + " is taken by a "
                    + found.kind() + ", not a table", advice, false));
        }
        List<String> differences = new ArrayList<>();
        if (found.isTable()) {
            Problem layout = columns(dialect, spec, found, differences, advice, otherPlace);
            if (layout != null) {
                return new Result(spec, true, List.of(), layout);
            }
            refusers(spec, found, differences);
        }
        List<TableSpec.Index> missing = new ArrayList<>();
        for (TableSpec.Index want : spec.indexes()) {
            TableCatalog.IndexFound have = found.indexes().stream()
                    .filter(i -> i.name().equalsIgnoreCase(want.name())).findFirst().orElse(null);
            String holder = have == null ? TableCatalog.holderOf(c, dialect, want.name(), spec.name()) : null;
            if (!found.isTable() && holder != null && holder.endsWith(" on the table " + spec.name())
                    && TableCatalog.read(c, dialect, spec.name()).isTable()) {
                // the table itself came meanwhile (another run created it between the two reads): look again
                return check(c, dialect, spec, rights, otherPlace);
            }
            if (have != null && !same(have, want)) {
                differences.add("the index " + want.name() + " is " + have.shown() + ", not the lab's "
                        + want.shown());
            } else if (holder != null) {
                differences.add("the name " + want.name() + " of the lab's index " + want.shown() + " is taken by "
                        + holder);
            } else if (have == null) {
                missing.add(want);
            }
        }
        if (!differences.isEmpty()) {
            String what = found.isTable() ? "the table " + spec.name() + " differs from the lab's " + spec.role()
                    : "the table " + spec.name() + " cannot be created as the lab's " + spec.role();
            return new Result(spec, found.isTable(), missing, new Problem(what + ": " + String.join("; ",
                    differences), advice, found.isTable()));
        }
        Problem denied = dialect == SqlDialect.POSTGRES && !rights.isEmpty()
                ? rights(c, spec, found.isTable(), missing, rights) : null;
        return new Result(spec, found.isTable(), missing, denied);
    }

    /**
     * Adds the columns' and the primary key's differences to {@code differences}.
     *
     * @return the whole problem when it reads better alone: the lab's old layout, or columns that are only
     *         missing (with the statements that add them); null otherwise
     */
    private static Problem columns(SqlDialect dialect, TableSpec spec, TableCatalog.Found found,
                                   List<String> differences, String advice, String otherPlace) {
        Map<String, SqlDialect.Column> byName = new LinkedHashMap<>();
        for (SqlDialect.Column c : found.columns()) {
            byName.put(c.name().toLowerCase(Locale.ROOT), c);
        }
        String table = spec.name();
        SqlDialect.Column createdAt = byName.get("created_at");
        if (spec.column("run_id") != null && createdAt != null && createdAt.type().equals("BIGINT")
                && !byName.containsKey("run_id")) {
            return new Problem("the table " + table + " has the lab's old layout (times as BIGINT milliseconds, "
                    + "result as TEXT, no run_id), from an earlier version of the lab", advice + ", or drop the "
                    + "old table yourself if its rows are no longer needed (DROP TABLE " + table + ")", true);
        }
        List<TableSpec.Column> missing = new ArrayList<>();
        for (TableSpec.Column want : spec.columns()) {
            SqlDialect.Column have = byName.remove(want.name());
            if (have == null) {
                missing.add(want);
                continue;
            }
            String type = dialect.catalogType(want.type());
            if (!have.type().equals(type)) {
                differences.add(want.name() + " is " + have.type() + ", not " + type);
            } else if (have.notNull() != want.notNull()) {
                differences.add(want.name() + (have.notNull() ? " is NOT NULL, but must allow NULL"
                        : " allows NULL, but must be NOT NULL"));
            }
            if (want.defaultMatters() && !Objects.equals(TableCatalog.normalized(have.defaultSql()),
                    TableCatalog.normalized(want.defaultSql()))) {
                differences.add(want.name() + (have.hasDefault() ? " defaults to " + have.defaultSql() + ", not "
                        : " has no default, but the lab's inserts rely on its default ") + want.defaultSql());
            }
        }
        List<String> key = found.primaryKey();
        if (!key.equals(spec.primaryKey())) {
            differences.add((key.isEmpty() ? "it has no primary key" : "its primary key is (" + String.join(", ",
                    key) + ")") + ", but the lab's is (" + String.join(", ", spec.primaryKey()) + ")");
        }
        for (SqlDialect.Column extra : byName.values()) {
            if (extra.notNull() && !extra.hasDefault() && !extra.primaryKey()) {
                differences.add("the extra column " + extra.name() + " is NOT NULL without a default, so the lab's "
                        + "inserts would fail");
            }
        }
        if (!missing.isEmpty() && differences.isEmpty()) {
            String names = missing.stream().map(TableSpec.Column::name).collect(Collectors.joining(", "));
            String alter = missing.stream().map(c -> "ALTER TABLE " + table + " ADD COLUMN " + c.definition())
                    .collect(Collectors.joining("; "));
            if (missing.stream().allMatch(TableSpec.Column::defaultMatters)) {
                // every other column is the lab's, and the lab's inserts leave these to their defaults: the table of
                // an earlier version of the lab. It is not changed here: ALTER TABLE locks the table from every
                // other run (an earlier version's may still use it) and needs its owner; the lab changes no table it
                // was not asked to, so the person decides, with the statements at hand
                return new Problem("the table " + table + " is the lab's " + spec.role() + " of an earlier version: "
                        + "it lacks the columns " + names, "Add them, which keeps its rows (" + alter + "), or drop "
                        + "the old table if its rows are no longer needed (DROP TABLE " + table + "), or "
                        + otherPlace.split(", or ", 2)[0], true); // the first way out: the others said drop already
            }
            String why = spec.role().equals(SqlDialect.CLAIM_TABLE) ? " (the second article's table has neither "
                    + "its lease's locked_until nor the lab's columns)" : "";
            return new Problem("the table " + table + " lacks the columns " + names + why, "Add them (" + alter
                    + "), or " + otherPlace, true);
        }
        if (!missing.isEmpty()) {
            differences.add("missing " + missing.stream().map(TableSpec.Column::name)
                    .collect(Collectors.joining(", ")));
        }
        return null;
    }

    /** Adds what may refuse or change the lab's rows to {@code differences}. */
    private static void refusers(TableSpec spec, TableCatalog.Found found, List<String> differences) {
        for (String r : found.refusers()) {
            if (r.startsWith("it ") || r.startsWith("row-level security")) {
                differences.add(r); // a whole phrase: partitioning, inheritance, row-level security
                continue;
            }
            differences.add("the " + r + (r.startsWith("trigger") ? " runs before each row is written, and may "
                    + "change, skip or refuse the lab's rows" : r.startsWith("rule") ? " may rewrite the lab's "
                    + "statements" : " may refuse the lab's rows"));
        }
        for (String r : found.referencedBy()) {
            differences.add(r + " refers to it, and may refuse the lab's deletes");
        }
        for (TableCatalog.IndexFound index : found.indexes()) {
            if (index.unique() && !index.primary() && !harmless(index, spec)) {
                differences.add("the unique index " + index.name() + " " + index.shown() + " may refuse the lab's "
                        + "rows");
            }
        }
    }

    /**
     * @return true if a unique index refuses no row the lab's table accepts: it holds the whole primary key (as
     *         plain columns), or it is one of the lab's unique indexes under another name
     */
    private static boolean harmless(TableCatalog.IndexFound index, TableSpec spec) {
        if (!spec.primaryKey().isEmpty() && !index.columns().contains(TableCatalog.EXPRESSION)
                && index.columns().containsAll(spec.primaryKey())) {
            return true;
        }
        return spec.indexes().stream().anyMatch(want -> want.unique() && same(index, want));
    }

    private static boolean same(TableCatalog.IndexFound have, TableSpec.Index want) {
        return have.unique() == want.unique() && have.columns().equals(want.columns())
                && Objects.equals(TableCatalog.normalized(have.where()), TableCatalog.normalized(want.where()));
    }

    /** PostgreSQL: the role's privileges on the table (or its schema, for a table still to be created). */
    private static Problem rights(Connection c, TableSpec spec, boolean exists, List<TableSpec.Index> missingIndexes,
                                  Set<Right> rights) throws SQLException {
        String table = spec.name();
        String sql = exists
                ? "SELECT current_user, quote_ident(current_user), n.nspname, quote_ident(n.nspname), "
                        + "has_schema_privilege(n.oid, 'USAGE'), pg_has_role(t.relowner, 'USAGE'), "
                        + "has_table_privilege(t.oid, 'SELECT'), has_table_privilege(t.oid, 'INSERT'), "
                        + "has_table_privilege(t.oid, 'UPDATE'), has_table_privilege(t.oid, 'DELETE') "
                        + "FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace WHERE t.oid = to_regclass(?)"
                : "SELECT current_user, quote_ident(current_user), current_schema(), quote_ident(current_schema()), "
                        + "has_schema_privilege(current_schema(), 'CREATE')";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (exists) {
                ps.setString(1, table);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                String role = "the role '" + rs.getString(1) + "'";
                String grantee = rs.getString(2);
                String schema = rs.getString(3);
                if (!exists) {
                    if (schema == null) {
                        return new Problem("the table " + table + " does not exist yet, and no schema of the "
                                + "search_path exists to create it in", "Create the schema, or set a search_path "
                                + "that names one", false);
                    }
                    return rs.getBoolean(5) ? null : new Problem(role + " may not create tables in the schema "
                            + schema + " (it lacks CREATE on schema " + schema + "), and the table " + table
                            + " does not exist yet", "Grant it (GRANT CREATE ON SCHEMA " + rs.getString(4) + " TO "
                            + grantee + "), or have a role that may create the lab's tables first", false);
                }
                if (!rs.getBoolean(5)) {
                    return new Problem(role + " may not use the schema " + schema + " of the table " + table
                            + " (it lacks USAGE on schema " + schema + ")", "Grant it (GRANT USAGE ON SCHEMA "
                            + rs.getString(4) + " TO " + grantee + "), or use a role that may", true);
                }
                List<String> lacking = new ArrayList<>();
                for (Right r : rights) {
                    if (!rs.getBoolean(7 + r.ordinal())) {
                        lacking.add(r.name());
                    }
                }
                if (!lacking.isEmpty()) {
                    return new Problem(role + " may not " + words(lacking) + " rows of " + table,
                            "Grant " + (lacking.size() == 1 ? "it" : "them") + " (GRANT " + rights.stream()
                                    .map(Right::name).collect(Collectors.joining(", ")) + " ON " + table + " TO "
                                    + grantee + "), or use a role that may", true);
                }
                if (!missingIndexes.isEmpty() && !rs.getBoolean(6)) {
                    TableSpec.Index index = missingIndexes.get(0);
                    return new Problem("the table " + table + " lacks the lab's index " + index.name() + ", and "
                            + "only its owner may create it", "Create it as the table's owner (" + spec.indexSql(index)
                            + "), or use the table's owner", true);
                }
                return null;
            }
        }
    }

    /** @return {@code [INSERT, UPDATE, DELETE]} as {@code INSERT, UPDATE or DELETE} */
    private static String words(List<String> names) {
        return names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
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
