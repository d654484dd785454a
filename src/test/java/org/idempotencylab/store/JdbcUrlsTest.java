package org.idempotencylab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Mistakes in a PostgreSQL URL that the driver would report as "cannot be reached" or as lines of its own logging
 * on stderr: each is named in one line with the allowed range, before the driver sees the URL, and the driver's
 * logging never reaches the terminal.
 */
class JdbcUrlsTest {
    private static final String RANGE = "allowed range 1 to 65,535";

    @Test
    void aPortOutOfRangeOrNotANumberIsNamedWithTheRange() {
        assertEquals(Optional.of("the port 99999 is outside the " + RANGE),
                JdbcUrls.problem("jdbc:postgresql://localhost:99999/db"));
        assertEquals(Optional.of("the port 0 is outside the " + RANGE), JdbcUrls.problem("jdbc:postgresql://h:0/db"));
        assertEquals(Optional.of("the port 'abc' is not a whole number; allowed 1 to 65,535"),
                JdbcUrls.problem("jdbc:postgresql://h:abc/db"));
        // a negative port is a whole number too, out of range; a long one is shown up to 60 characters, as the
        // command line's values, and counted beyond
        assertEquals(Optional.of("the port -1 is outside the " + RANGE), JdbcUrls.problem("jdbc:postgresql://h:-1/db"));
        assertEquals(Optional.of("the port 12345678901 is outside the " + RANGE),
                JdbcUrls.problem("jdbc:postgresql://h:12345678901/db"));
        assertEquals(Optional.of("the port, 61 characters long, is outside the " + RANGE),
                JdbcUrls.problem("jdbc:postgresql://h:" + "9".repeat(61) + "/db"));
        assertEquals(Optional.of("the port, 3 characters long, is not a whole number; allowed 1 to 65,535"),
                JdbcUrls.problem("jdbc:postgresql://h:a\u001bb/db"));
        assertEquals(Optional.of("the port after the host's ':' is empty; allowed 1 to 65,535"),
                JdbcUrls.problem("jdbc:postgresql://h:/db"));
        // the second host of a list, as the driver reads them
        assertEquals(Optional.of("the port 70000 is outside the " + RANGE),
                JdbcUrls.problem("jdbc:postgresql://a:5432,b:70000/db?user=x"));
        for (String fine : List.of("jdbc:postgresql://h:65535/db", "jdbc:postgresql://h:1/db", "jdbc:postgresql://h/db",
                "jdbc:postgresql://[::1]:5432/db", "jdbc:postgresql://[::1]/db", "jdbc:postgresql:db",
                "jdbc:postgresql://h/db?options=-c%20a:b", "jdbc:sqlite:/tmp/x:1")) {
            assertEquals(Optional.empty(), JdbcUrls.problem(fine), fine);
        }
    }

    @Test
    void aUserAndPasswordBeforeTheHostAreRefusedWithWhereTheyGo() {
        assertEquals(Optional.of("the PostgreSQL driver does not read a user name and password before the host "
                + "(user:password@host): give them as ?user=...&password=... (the password best in ~/.pgpass)"),
                JdbcUrls.problem("jdbc:postgresql://lab:secret@localhost/db"));
    }

    @Test
    void theStoreNamesABadPortInOneLine() {
        ClaimStoreException e = assertThrows(ClaimStoreException.class,
                () -> JdbcClaimStore.open("jdbc:postgresql://localhost:99999/db"));
        assertEquals("Cannot open the claim store at 'jdbc:postgresql://localhost:99999/db': the port 99999 is "
                + "outside the " + RANGE + ". Allowed: " + JdbcClaimStore.ALLOWED_URLS + ".", e.getMessage());
    }

    @Test
    void theDriversOwnLoggingIsOff() {
        JdbcUrls.problem("jdbc:postgresql://h/db"); // the lab has looked at a URL, as before any connection
        List<LogRecord> logged = new ArrayList<>();
        Handler catcher = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger driver = Logger.getLogger("org.postgresql");
        driver.addHandler(catcher);
        try {
            // the driver itself, given a bad port, logs "JDBC URL port: 99999 not valid (1:65535)" as a WARNING
            assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:postgresql://localhost:99999/db"));
        } finally {
            driver.removeHandler(catcher);
        }
        assertEquals(List.of(), logged.stream().map(LogRecord::getMessage).toList());
    }
}
