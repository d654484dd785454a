package org.idempotencylab.store;

import java.util.Set;

/**
 * The words PostgreSQL or SQLite refuse as an unquoted table name ({@code CREATE TABLE user (...)} is a syntax
 * error on PostgreSQL, {@code CREATE TABLE order (...)} on both). The lab writes its table names unquoted in
 * every statement, so none of these may name a table.
 *
 * <p>Where the list comes from: PostgreSQL's keywords that are "reserved" or "reserved (can be function or type)"
 * (PostgreSQL's "Appendix C. SQL Key Words"; {@code pg_get_keywords()} catcode R or T), and SQLite's keywords its
 * parser takes for keywords where a table name is expected (SQLite's "SQL Keywords": those without the fallback
 * to a name), as measured: each word of both databases' keyword lists tried as {@code CREATE TABLE w (x INTEGER)}
 * and {@code SELECT w.x FROM w} (the lab names columns with their table) on PostgreSQL 14 and SQLite 3.50, and kept
 * here if either refused it ({@code SqlReservedWordsTest} repeats the measure against this list). So {@code raise}
 * is refused on both databases, though only SQLite's parser takes it, as its {@code RAISE} function, in
 * {@code raise.x}: one list for both, so a table name that works on one works on the other.
 */
final class SqlReservedWords {
    /** Lower case. */
    static final Set<String> WORDS = Set.of(
            "add", "all", "alter", "analyse", "analyze", "and", "any", "array", "as", "asc", "asymmetric",
            "authorization", "autoincrement", "between", "binary", "both", "case", "cast", "check", "collate",
            "collation", "column", "commit", "concurrently", "constraint", "create", "cross", "current_catalog",
            "current_date", "current_role", "current_schema", "current_time", "current_timestamp", "current_user",
            "default", "deferrable", "delete", "desc", "distinct", "do", "drop", "else", "end", "escape", "except",
            "exists", "false", "fetch", "for", "foreign", "freeze", "from", "full", "grant", "group", "having", "if",
            "ilike", "in", "index", "initially", "inner", "insert", "intersect", "into", "is", "isnull", "join",
            "lateral", "leading", "left", "like", "limit", "localtime", "localtimestamp", "natural", "not", "nothing",
            "notnull", "null", "offset", "on", "only", "or", "order", "outer", "overlaps", "placing", "primary",
            "raise", "references", "returning", "right", "select", "session_user", "set", "similar", "some",
            "symmetric", "table", "tablesample", "then", "to", "trailing", "transaction", "true", "union", "unique",
            "update", "user", "using", "values", "variadic", "verbose", "when", "where", "window", "with");

    private SqlReservedWords() {
    }
}
