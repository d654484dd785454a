package org.idempotencylab.store;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the lab checks in a database URL before a driver sees it, so a mistake the PostgreSQL driver (pgjdbc)
 * would report as "cannot be reached", or as a line of its own logging, is named in one line instead: a port out
 * of range, and a {@code user:password@host} part, which pgjdbc does not read (its "Connecting to the Database":
 * the user and password go in {@code ?user=...&password=...}, or the password in {@code ~/.pgpass}).
 *
 * <p>The driver's own logging ({@code java.util.logging}, logger {@code org.postgresql}) is turned off as soon
 * as this class is used: its warnings (a bad port is three lines on stderr) would reach the terminal beside the
 * lab's one line.
 */
public final class JdbcUrls {
    /** The lowest and highest TCP port: 1 to 65,535. */
    public static final int MIN_PORT = 1;
    /** The highest TCP port. */
    public static final int MAX_PORT = 65_535;
    /** Most characters of a port a message repeats, as the command line's values (a longer one is counted). */
    private static final int SHOWN_AT_MOST = 60;

    // held here: java.util.logging keeps its loggers only as long as someone refers to them
    private static final Logger DRIVER_LOG = Logger.getLogger("org.postgresql");

    static {
        DRIVER_LOG.setLevel(Level.OFF);
    }

    private JdbcUrls() {
    }

    /**
     * @param url a JDBC URL, stripped
     * @return what is wrong with a {@code jdbc:postgresql:} URL, as a phrase naming the part and the allowed range
     *         (e.g. {@code the port 99999 is outside the allowed range 1 to 65,535}); empty if nothing is, or if it
     *         is not a PostgreSQL URL
     */
    public static Optional<String> problem(String url) {
        if (url == null || !url.regionMatches(true, 0, "jdbc:postgresql://", 0, 18)) {
            return Optional.empty(); // jdbc:postgresql:database (no host) is localhost's default port
        }
        String rest = url.substring(18);
        int end = rest.length();
        for (char c : new char[] {'/', '?'}) {
            int i = rest.indexOf(c);
            end = i >= 0 ? Math.min(end, i) : end;
        }
        String hosts = rest.substring(0, end);
        if (hosts.contains("@")) {
            return Optional.of("the PostgreSQL driver does not read a user name and password before the host "
                    + "(user:password@host): give them as ?user=...&password=... (the password best in ~/.pgpass)");
        }
        for (String host : hosts.split(",", -1)) {
            // the driver takes what follows the last ':' as the port, unless it is inside an IPv6 address's [ ]
            int colon = host.lastIndexOf(':');
            if (colon < 0 || colon < host.lastIndexOf(']')) {
                continue;
            }
            String port = host.substring(colon + 1);
            String range = "1 to " + String.format(Locale.ROOT, "%,d", MAX_PORT);
            boolean number = port.matches("-?[0-9]+");
            // shown as the command line shows a value (at most 60 characters, nothing a terminal would act on)
            String shown = port.length() > SHOWN_AT_MOST || !port.chars().allMatch(ch -> ch >= ' ' && ch < 0x7f)
                    ? "the port, " + String.format(Locale.ROOT, "%,d", port.length()) + " characters long,"
                    : number ? "the port " + port : "the port '" + port + "'";
            if (port.isEmpty()) {
                return Optional.of("the port after the host's ':' is empty; allowed " + range);
            }
            if (!number) {
                return Optional.of(shown + " is not a whole number; allowed " + range);
            }
            BigInteger p = new BigInteger(port);
            if (p.compareTo(BigInteger.valueOf(MIN_PORT)) < 0 || p.compareTo(BigInteger.valueOf(MAX_PORT)) > 0) {
                return Optional.of(shown + " is outside the allowed range " + range);
            }
        }
        return Optional.empty();
    }
}
