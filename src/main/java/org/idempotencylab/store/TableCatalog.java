package org.idempotencylab.store;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what a database holds under a table's name from its catalog, without changing anything: the columns with
 * their defaults, the indexes with their columns and predicates, and everything else that may refuse, change or
 * silently skip a row: CHECK and foreign-key constraints (both ways), exclusion constraints, triggers that run
 * before each row is written (or instead of it) and rules; on PostgreSQL also partitioning (a partitioned table, a
 * partition, a table others inherit from) and row-level security that applies to the current role. A trigger that runs after the row is written cannot
 * change it; if it fails, the statement fails with its message, so it is left alone. PostgreSQL:
 * {@code pg_catalog} (names resolved as an unqualified statement would, through the {@code search_path}, with
 * {@code to_regclass}). SQLite: {@code PRAGMA table_info}, {@code index_list}, {@code index_info},
 * {@code foreign_key_list} and the SQL text {@code sqlite_master} keeps (for CHECK constraints and index
 * predicates, which no pragma reports).
 */
final class TableCatalog {
    /** What marks an expression (not a plain column) in an index's column list. */
    static final String EXPRESSION = "(expression)";

    /** PostgreSQL: what the relation {@code c} is, in words. */
    private static final String KIND = "CASE WHEN c.relkind IN ('r', 'p') THEN 'table' WHEN c.relkind = 'v' THEN "
            + "'view' WHEN c.relkind = 'm' THEN 'materialized view' WHEN c.relkind = 'f' THEN 'foreign table' "
            + "WHEN c.relkind IN ('i', 'I') THEN 'index' WHEN c.relkind = 'S' THEN 'sequence' ELSE 'relation' END";
    private static final Pattern CHECK = Pattern.compile("\\bCHECK\\s*\\(", Pattern.CASE_INSENSITIVE);
    private static final Pattern TIMING = Pattern.compile("\\b(BEFORE|AFTER|INSTEAD)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern WHERE = Pattern.compile("\\bWHERE\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern CAST = Pattern.compile("::\\s*(?:character varying|timestamp with time zone|"
            + "timestamp without time zone|double precision|[a-z_][a-z0-9_]*)(?:\\[\\])?");

    private TableCatalog() {
    }

    /**
     * What a database holds under a table's name.
     *
     * @param kind         null if nothing; {@code table} for a table; otherwise what it is ({@code view}, ...)
     * @param columns      in order
     * @param indexes      every index on it, the primary key's included
     * @param refusers     each CHECK, foreign-key or exclusion constraint, BEFORE-row or INSTEAD OF trigger and rule
     *                     on it, as a phrase
     *                     ({@code CHECK constraint c (CHECK (x > 0))}, {@code constraint CHECK (x > 0)}); on
     *                     PostgreSQL also partitioning, inheritance and row-level security, each a whole phrase
     *                     that starts with "it " or says why itself ({@code it is a partitioned table ...})
     * @param referencedBy each foreign key of another table that refers to it, as a phrase
     */
    record Found(String kind, List<SqlDialect.Column> columns, List<IndexFound> indexes, List<String> refusers,
                 List<String> referencedBy) {
        static final Found NOTHING = new Found(null, List.of(), List.of(), List.of(), List.of());

        boolean isTable() {
            return "table".equals(kind);
        }

        /** @return the primary key's columns, in order; empty if none */
        List<String> primaryKey() {
            return indexes.stream().filter(IndexFound::primary).map(IndexFound::columns).findFirst()
                    .orElse(List.of());
        }
    }

    /**
     * An index as the catalog reports it.
     *
     * @param columns its key columns, in order; {@link #EXPRESSION} for an expression
     * @param where   its predicate as the database prints it, or null
     */
    record IndexFound(String name, boolean unique, boolean primary, List<String> columns, String where) {
        String shown() {
            return (unique ? "UNIQUE " : "") + "(" + String.join(", ", columns) + ")"
                    + (where == null ? "" : " WHERE " + where);
        }
    }

    /** @return what the database holds under {@code table}'s name */
    static Found read(Connection c, SqlDialect dialect, String table) throws SQLException {
        return dialect == SqlDialect.POSTGRES ? postgres(c, table) : sqlite(c, table);
    }

    /**
     * @param table the table the lab would create the index on
     * @return what else holds the name {@code name} where the lab would create its index (the table's schema), as
     *         a phrase ({@code an index on the table other}, {@code a table}), or null if nothing does
     */
    static String holderOf(Connection c, SqlDialect dialect, String name, String table) throws SQLException {
        boolean postgres = dialect == SqlDialect.POSTGRES;
        // PostgreSQL: the schema the table is in, or the one it would be created in
        String sql = postgres
                ? "SELECT " + KIND + ", t.relname FROM pg_class c LEFT JOIN pg_index x ON x.indexrelid = c.oid "
                        + "LEFT JOIN pg_class t ON t.oid = x.indrelid WHERE c.relname = ? AND c.relnamespace = "
                        + "COALESCE((SELECT relnamespace FROM pg_class WHERE oid = to_regclass(?)), "
                        + "to_regnamespace(current_schema())::oid)"
                : "SELECT type, CASE WHEN type IN ('index', 'trigger') THEN tbl_name END FROM sqlite_master "
                        + "WHERE lower(name) = lower(?)";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, name);
            if (postgres) {
                ps.setString(2, table);
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                String kind = rs.getString(1);
                String on = rs.getString(2);
                return (kind.startsWith("i") ? "an " : "a ") + kind + (on == null ? "" : " on the table " + on);
            }
        }
    }

    private static Found postgres(Connection c, String table) throws SQLException {
        String[] relation = firstRow(c, "SELECT c.oid::text, " + KIND + " FROM pg_class c WHERE c.oid = "
                + "to_regclass(?)", table);
        if (relation == null) {
            return Found.NOTHING;
        }
        long oid = Long.parseLong(relation[0]);
        String kind = relation[1];
        List<SqlDialect.Column> columns = new ArrayList<>();
        List<IndexFound> indexes = new ArrayList<>();
        List<String> refusers = new ArrayList<>();
        List<String> referencedBy = new ArrayList<>();
        // identity columns have no pg_attrdef row, but the database fills them in: a default
        query(c, "SELECT a.attname, upper(format_type(a.atttypid, a.atttypmod)), a.attnotnull, "
                + "CASE WHEN a.attidentity <> '' THEN 'identity' ELSE pg_get_expr(d.adbin, d.adrelid) END "
                + "FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum "
                + "WHERE a.attrelid = ?::oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum", oid, rs ->
                columns.add(new SqlDialect.Column(rs.getString(1), rs.getString(2), rs.getBoolean(3),
                        rs.getString(4), false)));
        query(c, "SELECT i.relname, x.indisunique, x.indisprimary, pg_get_expr(x.indpred, x.indrelid), "
                + "ARRAY(SELECT COALESCE(a.attname::text, '" + EXPRESSION + "') FROM unnest(x.indkey::int2[]) "
                + "WITH ORDINALITY k(attnum, n) LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid "
                + "AND a.attnum = k.attnum WHERE k.n <= x.indnkeyatts ORDER BY k.n) "
                + "FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = ?::oid ORDER BY i.relname",
                oid, rs -> indexes.add(new IndexFound(rs.getString(1), rs.getBoolean(2), rs.getBoolean(3),
                        strings(rs.getArray(5)), rs.getString(4))));
        query(c, "SELECT CASE contype WHEN 'c' THEN 'CHECK constraint ' WHEN 'f' THEN 'foreign key ' "
                + "ELSE 'exclusion constraint ' END || conname || ' (' "
                + "|| pg_get_constraintdef(oid) || ')' FROM pg_constraint WHERE conrelid = ?::oid "
                + "AND contype IN ('c', 'f', 'x') ORDER BY conname", oid, rs -> refusers.add(rs.getString(1)));
        // tgtype's bits (PostgreSQL's pg_trigger.h): 1 FOR EACH ROW, 2 BEFORE, 64 INSTEAD OF
        query(c, "SELECT 'trigger ' || tgname FROM pg_trigger WHERE tgrelid = ?::oid AND NOT tgisinternal "
                + "AND ((tgtype & 3) = 3 OR (tgtype & 64) <> 0) ORDER BY tgname", oid, rs -> refusers.add(rs.getString(1)));
        query(c, "SELECT 'rule ' || rulename FROM pg_rewrite WHERE ev_class = ?::oid AND rulename <> '_RETURN' "
                + "ORDER BY rulename", oid, rs -> refusers.add(rs.getString(1)));
        query(c, "SELECT 'the foreign key ' || conname || ' of the table ' || conrelid::regclass::text "
                + "FROM pg_constraint WHERE confrelid = ?::oid AND contype = 'f' AND conrelid <> confrelid "
                + "ORDER BY conname", oid, rs -> referencedBy.add(rs.getString(1)));
        if (kind.equals("table")) {
            query(c, SHAPE, oid, rs -> refusers.addAll(shape(rs)));
        }
        markPrimaryKey(columns, indexes);
        return new Found(kind, columns, indexes, refusers, referencedBy);
    }

    /**
     * PostgreSQL: what the table is beyond its columns (one row): partitioned (and by what), a partition (of what,
     * for which values), the tables that inherit from it, and whether row-level security applies to the current
     * role ({@code row_security_active}: enabled, and the role neither superuser nor BYPASSRLS, and either not the
     * owner or the security FORCEd on the owner too).
     */
    private static final String SHAPE = "SELECT c.relkind = 'p', pg_get_partkeydef(c.oid), c.relispartition, "
            + "(SELECT inhparent::regclass::text FROM pg_inherits WHERE inhrelid = c.oid LIMIT 1), "
            + "pg_get_expr(c.relpartbound, c.oid), (SELECT string_agg(inhrelid::regclass::text, ', ' ORDER BY "
            + "inhrelid::regclass::text) FROM pg_inherits WHERE inhparent = c.oid), row_security_active(c.oid), "
            + "c.relforcerowsecurity, current_user FROM pg_class c WHERE c.oid = ?::oid";

    /** @return the phrases, each starting with "it ", of what {@link #SHAPE} found that may refuse or hide rows */
    private static List<String> shape(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        if (rs.getBoolean(1)) {
            out.add("it is a partitioned table (PARTITION BY " + rs.getString(2) + "), which refuses a row that no "
                    + "partition takes, and the lab's statements need a table of its own");
        } else if (rs.getString(6) != null) {
            out.add("it has tables that inherit from it (" + rs.getString(6) + "), whose rows the lab's reads and "
                    + "deletes would reach");
        }
        if (rs.getBoolean(3)) {
            out.add("it is a partition of the table " + rs.getString(4) + " (" + rs.getString(5) + "), which "
                    + "refuses the rows outside its bounds");
        }
        if (rs.getBoolean(7)) {
            out.add("row-level security applies to the role '" + rs.getString(9) + "' on it (" + (rs.getBoolean(8)
                    ? "FORCE ROW LEVEL SECURITY" : "enabled, and the role is not its owner") + ", and neither "
                    + "superuser nor BYPASSRLS), and its policies may hide or refuse the lab's rows");
        }
        return out;
    }

    private static Found sqlite(Connection c, String table) throws SQLException {
        String[] entry = firstRow(c, "SELECT type, sql FROM sqlite_master WHERE lower(name) = lower(?) "
                + "ORDER BY type = 'table' DESC", table);
        if (entry == null) {
            return Found.NOTHING;
        }
        String kind = entry[0];
        String tableSql = entry[1];
        if (!kind.equals("table")) {
            return new Found(kind, List.of(), List.of(), List.of(), List.of());
        }
        List<SqlDialect.Column> columns = new ArrayList<>();
        List<IndexFound> indexes = new ArrayList<>();
        List<String> refusers = new ArrayList<>();
        List<String> referencedBy = new ArrayList<>();
        // the table's name is checked (letters, digits and _) before it reaches a pragma's text
        pragma(c, "PRAGMA table_info(" + table + ")", rs -> columns.add(new SqlDialect.Column(rs.getString("name"),
                rs.getString("type").toUpperCase(Locale.ROOT).strip(), rs.getInt("notnull") != 0
                || rs.getInt("pk") > 0, rs.getString("dflt_value"), rs.getInt("pk") > 0)));
        Map<String, Boolean> listed = new LinkedHashMap<>();
        Map<String, Boolean> primary = new LinkedHashMap<>();
        pragma(c, "PRAGMA index_list(" + table + ")", rs -> {
            listed.put(rs.getString("name"), rs.getInt("unique") != 0);
            primary.put(rs.getString("name"), "pk".equals(rs.getString("origin")));
        });
        for (Map.Entry<String, Boolean> index : listed.entrySet()) {
            List<String> names = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT name FROM pragma_index_info(?) ORDER BY seqno")) {
                ps.setString(1, index.getKey());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        names.add(rs.getString(1) == null ? EXPRESSION : rs.getString(1));
                    }
                }
            }
            indexes.add(new IndexFound(index.getKey(), index.getValue(), primary.get(index.getKey()), names,
                    predicate(c, index.getKey())));
        }
        for (String check : checks(tableSql)) {
            refusers.add("constraint " + check);
        }
        Map<Integer, String> keys = new LinkedHashMap<>();
        pragma(c, "PRAGMA foreign_key_list(" + table + ")", rs -> keys.merge(rs.getInt("id"), "FOREIGN KEY ("
                + rs.getString("from") + ") REFERENCES " + rs.getString("table"), (a, b) -> a));
        keys.values().forEach(k -> refusers.add("constraint " + k));
        try (PreparedStatement ps = c.prepareStatement("SELECT name, sql FROM sqlite_master "
                + "WHERE type = 'trigger' AND lower(tbl_name) = lower(?) ORDER BY name")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    // SQLite's triggers run for each row, BEFORE unless the statement says otherwise
                    Matcher timing = TIMING.matcher(blanked(rs.getString(2)));
                    if (!timing.find() || !timing.group(1).equalsIgnoreCase("AFTER")) {
                        refusers.add("trigger " + rs.getString(1));
                    }
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT 'a foreign key of the table ' || m.name "
                + "FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table' "
                + "AND lower(f.\"table\") = lower(?) AND lower(m.name) <> lower(?)")) {
            ps.setString(1, table);
            ps.setString(2, table);
            collect(ps, referencedBy);
        }
        if (columns.stream().anyMatch(SqlDialect.Column::primaryKey) && indexes.stream()
                .noneMatch(IndexFound::primary)) {
            // an INTEGER PRIMARY KEY is the rowid itself, with no index: the key is the pk columns
            indexes.add(new IndexFound("(rowid)", true, true, columns.stream().filter(SqlDialect.Column::primaryKey)
                    .map(SqlDialect.Column::name).toList(), null));
        }
        return new Found(kind, columns, indexes, refusers, referencedBy);
    }

    /** @return the predicate of SQLite's index {@code index}: what follows WHERE in its SQL, or null */
    private static String predicate(Connection c, String index) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT sql FROM sqlite_master WHERE type = 'index' AND "
                + "name = ?")) {
            ps.setString(1, index);
            try (ResultSet rs = ps.executeQuery()) {
                String sql = rs.next() ? rs.getString(1) : null;
                if (sql == null) {
                    return null; // made for a PRIMARY KEY or UNIQUE constraint: never partial
                }
                Matcher m = WHERE.matcher(blanked(sql));
                return m.find() ? sql.substring(m.end()).strip() : null;
            }
        }
    }

    /** @return each {@code CHECK (...)} of a {@code CREATE TABLE} statement, as written */
    static List<String> checks(String createTable) {
        List<String> out = new ArrayList<>();
        if (createTable == null) {
            return out;
        }
        String blank = blanked(createTable);
        Matcher m = CHECK.matcher(blank);
        while (m.find()) {
            int depth = 0;
            int end = m.end() - 1;
            for (int i = end; i < blank.length(); i++) {
                char ch = blank.charAt(i);
                depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
                if (depth == 0) {
                    end = i + 1;
                    break;
                }
            }
            out.add(createTable.substring(m.start(), Math.max(end, m.end())));
        }
        return out;
    }

    /**
     * @return {@code sql} with the text of its string literals, quoted names and comments replaced by spaces
     *         (same length, so positions still match), so keywords are found only where they are keywords
     */
    static String blanked(String sql) {
        StringBuilder b = new StringBuilder(sql);
        int i = 0;
        while (i < b.length()) {
            char ch = b.charAt(i);
            String close = switch (ch) {
                case '\'' -> "'";
                case '"' -> "\"";
                case '`' -> "`";
                case '[' -> "]";
                case '-' -> i + 1 < b.length() && b.charAt(i + 1) == '-' ? "\n" : null;
                case '/' -> i + 1 < b.length() && b.charAt(i + 1) == '*' ? "*/" : null;
                default -> null;
            };
            if (close == null) {
                i++;
                continue;
            }
            int from = i + 1;
            int end = sql.indexOf(close, from + (ch == '/' ? 1 : 0));
            end = end < 0 ? b.length() : end;
            for (int j = from; j < end; j++) {
                b.setCharAt(j, ' ');
            }
            i = end + close.length();
        }
        return b.toString();
    }

    /**
     * @return {@code expression} in a form two spellings of the same expression share: lower case, without
     *         PostgreSQL's casts ({@code ::text}), parentheses and spaces, and {@code IN (...)} written as
     *         {@code = ANY (ARRAY[...])}, as PostgreSQL prints it; null for null
     */
    static String normalized(String expression) {
        if (expression == null) {
            return null;
        }
        String s = expression.toLowerCase(Locale.ROOT);
        s = CAST.matcher(s).replaceAll("");
        s = s.replaceAll("\\bin\\s*\\(([^()]*)\\)", "= any (array[$1])");
        return s.replaceAll("[()\\s]", "");
    }

    /** The primary key's index of a PostgreSQL table marks its columns. */
    private static void markPrimaryKey(List<SqlDialect.Column> columns, List<IndexFound> indexes) {
        List<String> key = indexes.stream().filter(IndexFound::primary).map(IndexFound::columns).findFirst()
                .orElse(List.of());
        columns.replaceAll(col -> key.contains(col.name()) ? new SqlDialect.Column(col.name(), col.type(),
                col.notNull(), col.defaultSql(), true) : col);
    }

    /** @return the first row of {@code sql} (one text parameter, two columns), or null if there is none */
    private static String[] firstRow(Connection c, String sql, String parameter) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, parameter);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new String[] {rs.getString(1), rs.getString(2)} : null;
            }
        }
    }

    private static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : List.of((String[]) array.getArray());
    }

    @FunctionalInterface
    private interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    private static void query(Connection c, String sql, long oid, RowReader reader) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, oid);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    reader.read(rs);
                }
            }
        }
    }

    private static void pragma(Connection c, String sql, RowReader reader) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                reader.read(rs);
            }
        }
    }

    private static void collect(PreparedStatement ps, List<String> out) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
    }
}
