package org.idempotencylab.store;

import java.net.SocketTimeoutException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import org.postgresql.PGProperty;
import org.sqlite.SQLiteConfig;

/**
 * The words of {@link JdbcClaimStore}'s messages: a URL with its password hidden, and a driver's exception as one
 * line saying what went wrong in plain words.
 *
 * <p>Passwords: the value of every {@code password=} parameter and everything between {@code user:} and the last
 * {@code @} of a {@code //user:password@host} part is shown as {@code ***}. A password's value runs to the next
 * {@code &} that starts a parameter the driver knows ({@code &user=}, {@code &sslmode=}: a name of pgjdbc's
 * {@code PGProperty} or of SQLite's {@code SQLiteConfig.Pragma}, followed by {@code =}), or to the end of the URL:
 * so {@code ?password=X&user=lab} shows {@code ?password=***&user=lab}, and a password holding an {@code &} that is
 * not followed by such a name is hidden whole. A password that holds {@code &} should be given URL-encoded, as
 * {@code %26} (the driver decodes it), or kept in {@code ~/.pgpass}: the driver itself ends the value at the
 * first {@code &}. The same secrets, as typed and URL-decoded, and each of their pieces between separators, are
 * also taken out of the driver's own messages, which may repeat a host or a parameter it could not parse.
 *
 * <p>Wording by SQLState class (PostgreSQL's "Appendix A. PostgreSQL Error Codes"): {@code 28} invalid
 * authorization (wrong user or password), {@code 08} connection exceptions (the server cannot be reached, or
 * asked for a password none was given for, or refused SSL), {@code 3D000} no such database, {@code 57014} a
 * statement cancelled by {@code statement_timeout}, {@code 53300} too many connections, {@code 53100} disk full (as
 * SQLite's {@code SQLITE_FULL}; its {@code SQLITE_IOERR} codes, which a full disk or a file size limit may give
 * too, are named with it). Only the first line of a server message is kept: PostgreSQL adds {@code Hint:},
 * {@code Detail:} and {@code Position:} lines.
 */
final class JdbcMessages {
    private static final Pattern PASSWORD = Pattern.compile("(?i)password=");
    /** What may follow {@code &} in a URL's query and start another parameter: the names the drivers read. */
    private static final Set<String> PARAMETERS = parameterNames();
    private static final Pattern SEPARATORS = Pattern.compile("[@:;&/?#=%\\s'\"]+");
    private static final int SHORTEST_PIECE = 2;
    private static final Pattern SSL_WORD = Pattern.compile("\\bssl\\b");

    private static final Pattern SOCKET_TIMEOUT = Pattern.compile("(?i)[?&]socketTimeout=(\\d+)");
    private static final Pattern STATEMENT_TIMEOUT = Pattern.compile("(?i)statement_timeout(?:=|%3D)([0-9a-z]+)");

    private final List<String> secrets;
    private final String socketTimeout;
    private final String statementTimeout;
    private final boolean emptyPassword;

    private JdbcMessages(List<String> secrets, String socketTimeout, String statementTimeout,
                         boolean emptyPassword) {
        this.secrets = secrets;
        this.socketTimeout = socketTimeout;
        this.statementTimeout = statementTimeout;
        this.emptyPassword = emptyPassword;
    }

    /** @return the messages for a store opened with {@code url}: they know its secrets and its time limits. */
    static JdbcMessages forUrl(String url) {
        return forUrl(url, JdbcClaimStore.SOCKET_TIMEOUT_S, JdbcClaimStore.STATEMENT_TIMEOUT_MS);
    }

    /**
     * @param socketTimeoutS     the socket timeout unless the URL sets {@code socketTimeout}, seconds
     * @param statementTimeoutMs the statement timeout unless the URL sets {@code statement_timeout}, ms
     */
    static JdbcMessages forUrl(String url, int socketTimeoutS, long statementTimeoutMs) {
        String socket = socketTimeoutS + " s";
        String statement = statementTimeoutMs + " ms";
        if (url != null) {
            Matcher m = SOCKET_TIMEOUT.matcher(url);
            if (m.find()) {
                socket = m.group(1) + " s";
            }
            m = STATEMENT_TIMEOUT.matcher(url);
            if (m.find()) {
                // PostgreSQL reads a bare number as ms, or a number with its unit
                statement = m.group(1).chars().allMatch(Character::isDigit) ? m.group(1) + " ms" : m.group(1);
            }
        }
        Set<String> found = new LinkedHashSet<>();
        boolean empty = false;
        if (url != null) {
            for (int[] value : passwordValues(url, false)) {
                String secret = url.substring(value[0], value[1]);
                empty |= secret.isEmpty();
                addSecret(found, secret);
            }
            // an @ inside a password= value is the password's, not the end of a user:password@ part
            String blanked = blanked(url);
            String userInfo = userInfo(blanked);
            if (userInfo != null) {
                int start = userInfoStart(blanked);
                addSecret(found, url.substring(start + separator(userInfo) + 1, blanked.lastIndexOf('@')));
            }
        }
        List<String> sorted = new ArrayList<>(found);
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        return new JdbcMessages(List.copyOf(sorted), socket, statement, empty);
    }

    /** @return the parameter names pgjdbc and sqlite-jdbc read from a URL, as they spell them */
    private static Set<String> parameterNames() {
        Set<String> names = new HashSet<>();
        for (PGProperty p : PGProperty.values()) {
            names.add(p.getName());
        }
        for (SQLiteConfig.Pragma p : SQLiteConfig.Pragma.values()) {
            names.add(p.getPragmaName());
        }
        return Set.copyOf(names);
    }

    /**
     * @param inText true for a message's text, where a value also ends at a space, {@code ,} or {@code )}
     * @return where each password value of {@code text} starts and ends: after {@code password=}, up to the next
     *         {@code &} that starts a parameter the drivers know, or the end
     */
    private static List<int[]> passwordValues(String text, boolean inText) {
        List<int[]> out = new ArrayList<>();
        Matcher m = PASSWORD.matcher(text);
        int from = 0;
        while (from < text.length() && m.find(from)) {
            int start = m.end();
            int end = start;
            while (end < text.length() && !endsValue(text, end, inText)) {
                end++;
            }
            out.add(new int[] {start, end});
            from = Math.max(end, start);
            if (from == start && from < text.length()) {
                from++;
            }
        }
        return out;
    }

    private static boolean endsValue(String text, int i, boolean inText) {
        char c = text.charAt(i);
        if (inText && (Character.isWhitespace(c) || c == ',' || c == ')')) {
            return true;
        }
        if (c != '&') {
            return false;
        }
        int eq = text.indexOf('=', i + 1);
        return eq > i + 1 && PARAMETERS.contains(text.substring(i + 1, eq));
    }

    /** @return {@code url} with each password value's characters replaced by {@code *}: the same positions */
    private static String blanked(String url) {
        char[] chars = url.toCharArray();
        for (int[] value : passwordValues(url, false)) {
            Arrays.fill(chars, value[0], value[1], '*');
        }
        return new String(chars);
    }

    /** @return {@code text} with each password value replaced by {@code ***} */
    private static String hidePasswords(String text, boolean inText) {
        StringBuilder b = new StringBuilder();
        int last = 0;
        for (int[] value : passwordValues(text, inText)) {
            b.append(text, last, value[0]).append("***");
            last = value[1];
        }
        return b.append(text.substring(last)).toString();
    }

    private static void addSecret(Set<String> found, String secret) {
        if (secret.isEmpty()) {
            return;
        }
        for (String s : new String[] {secret, decode(secret)}) {
            found.add(s);
            for (String piece : SEPARATORS.split(s)) {
                if (piece.length() >= SHORTEST_PIECE) {
                    found.add(piece);
                }
            }
        }
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /**
     * @return where the part before the URL's last {@code @} starts: after {@code //} if that comes before the
     *         {@code @}, else after {@code jdbc:<name>:} (as in {@code jdbc:oracle:thin:scott/tiger@host}); -1 if
     *         the URL has no {@code @}
     */
    private static int userInfoStart(String url) {
        int at = url.lastIndexOf('@');
        // a SQLite URL is a file path, where an @ is only a character of a name
        if (at < 0 || url.regionMatches(true, 0, "jdbc:sqlite:", 0, 12)) {
            return -1;
        }
        int slashes = url.indexOf("//");
        if (slashes >= 0 && slashes < at) {
            return slashes + 2;
        }
        int first = url.indexOf(':');
        int second = first < 0 ? -1 : url.indexOf(':', first + 1);
        return second >= 0 && second < at ? second + 1 : 0;
    }

    /**
     * @return the {@code user:password} (or {@code user/password}) before the URL's last {@code @}, or null if
     *         there is none or it holds no {@code :} or {@code /}
     */
    private static String userInfo(String url) {
        int start = userInfoStart(url);
        if (start < 0) {
            return null;
        }
        String info = url.substring(start, url.lastIndexOf('@'));
        return separator(info) >= 0 ? info : null;
    }

    /** @return where a user name ends and its password starts in {@code info}: the first {@code :} or {@code /}. */
    private static int separator(String info) {
        int colon = info.indexOf(':');
        int slash = info.indexOf('/');
        return colon < 0 ? slash : slash < 0 ? colon : Math.min(colon, slash);
    }

    /**
     * @return {@code url} with every password hidden: the value of a {@code password=} parameter (see the class's
     *         rule), and what follows the user name before the URL's last {@code @}, each as {@code ***}
     */
    static String redact(String url) {
        if (url == null) {
            return null;
        }
        String s = hidePasswords(url, false);
        String info = userInfo(s);
        if (info != null) {
            int start = userInfoStart(s);
            int cut = separator(info);
            s = s.substring(0, start) + info.substring(0, cut + 1) + "***" + s.substring(s.lastIndexOf('@'));
        }
        return s;
    }

    /** @return {@code text} with this URL's secrets, and anything that looks like a password parameter, hidden. */
    String hide(String text) {
        if (text == null) {
            return null;
        }
        String s = text;
        for (String secret : secrets) {
            s = s.replace(secret, "***");
        }
        return hidePasswords(s, true);
    }

    /** @return true if {@code e} or one of its causes carries a secret of this URL in its message. */
    boolean leaks(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && !hide(m).equals(m)) {
                return true;
            }
        }
        return false;
    }

    /** @return the first line of {@code e}'s message, secrets hidden, without a full stop at the end. */
    String firstLine(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return e.getClass().getSimpleName();
        }
        String line = m.strip().lines().findFirst().orElse("").strip();
        return hide(line).replaceAll("\\.+$", "");
    }

    /**
     * @param e what the driver threw
     * @return what went wrong, in one line without a full stop, e.g. {@code the server refused the login: wrong
     *         user name or password (FATAL: password authentication failed for user "lab")}
     */
    String explain(Throwable e) {
        String line = firstLine(e);
        String state = e instanceof SQLException se && se.getSQLState() != null ? se.getSQLState() : "";
        String lower = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (has(e, SocketTimeoutException.class)) {
            return "the database server stopped answering: no reply within " + socketTimeout
                    + " (socketTimeout); the run cannot go on";
        }
        if (state.equals("57014")) {
            return "a statement took longer than the statement timeout of " + statementTimeout
                    + " (statement_timeout), perhaps waiting for a row another connection holds, and the server "
                    + "cancelled it (" + line + ")";
        }
        if (lower.contains("password is an empty string") || (emptyPassword && state.startsWith("28"))) {
            return "the URL gives an empty password (password= with nothing after it), which the server does not "
                    + "take: put the password after password=, or in ~/.pgpass (or the file PGPASSFILE names) and "
                    + "leave password= out";
        }
        if (lower.contains("no password was provided")) {
            return "the server asks for a password and none was given: put it in ~/.pgpass (or the file "
                    + "PGPASSFILE names), or add password=... to the URL";
        }
        if (has(e, SSLException.class) || SSL_WORD.matcher(lower).find()) {
            return "an SSL problem (" + line + ")";
        }
        if (state.startsWith("28")) {
            return "the server refused the login: wrong user name or password (" + line + ")";
        }
        if (state.equals("3D000")) {
            return "the database does not exist (" + line + ")";
        }
        if (state.equals("53300")) {
            return "the server has no connection left for the lab (" + line + ")";
        }
        if (state.startsWith("08")) {
            return "the database cannot be reached (" + line + ")";
        }
        if (state.equals("53100") || lower.contains("[sqlite_full]")) {
            return "disk full: the database could not write (" + line + ")";
        }
        if (lower.contains("[sqlite_ioerr")) {
            return "disk full or an I/O error: the database could not write or read its file (" + line + ")";
        }
        if (lower.contains("sqlite_busy")) {
            return "the SQLite file stayed locked by another connection longer than the busy timeout ("
                    + line + ")";
        }
        if (e instanceof SQLException && "no suitable driver found".regionMatches(true, 0, lower, 0, 24)) {
            return "no JDBC driver accepts this URL";
        }
        return line;
    }

    /**
     * @return true if {@code e} says the database could not write: PostgreSQL's disk full ({@code 53100}), SQLite's
     *         {@code SQLITE_FULL} or an {@code SQLITE_IOERR} (which a full disk or a file size limit may give too)
     */
    static boolean isWriteFailure(Throwable e) {
        String lower = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return e instanceof SQLException se && "53100".equals(se.getSQLState()) || lower.contains("[sqlite_full]")
                || lower.contains("[sqlite_ioerr");
    }

    private static boolean has(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
