package org.idempotencylab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * JavaFX's class-path warning is dropped and nothing else is: the records reach a handler of the logger they were
 * logged on, through {@code System.getLogger} as JavaFX's own logger sends them.
 */
class ClassPathWarningTest {
    @Test
    void onlyTheClassPathWarningIsDropped() {
        ClassPathWarning.silence();
        ClassPathWarning.silence(); // a second call changes nothing
        List<String> parent = published("javafx", List.of(
                "Unsupported JavaFX configuration: classes were loaded from 'unnamed module @5a2e4553'",
                "a warning of the toolkit's own"));
        assertEquals(List.of("a warning of the toolkit's own"), parent);
        List<String> child = published("javafx.css", List.of("Could not resolve 'no-such-colour'"));
        assertEquals(List.of("Could not resolve 'no-such-colour'"), child, "a child logger's warnings still print");
    }

    /** @return the messages of {@code messages}, logged as warnings on {@code name}, that reached its handler */
    private static List<String> published(String name, List<String> messages) {
        Logger logger = Logger.getLogger(name);
        List<String> got = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord r) {
                got.add(r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        boolean parents = logger.getUseParentHandlers();
        logger.setUseParentHandlers(false); // the console handler would print them into the build log
        logger.addHandler(handler);
        try {
            System.Logger via = System.getLogger(name);
            messages.forEach(m -> via.log(System.Logger.Level.WARNING, m));
        } finally {
            logger.removeHandler(handler);
            logger.setUseParentHandlers(parents);
        }
        return got;
    }
}
