package org.idempotencylab.ui;

import java.util.logging.Filter;
import java.util.logging.Logger;

/**
 * Silences the one warning JavaFX gives every start of {@code java -jar idempotency-lab.jar}: "Unsupported JavaFX
 * configuration: classes were loaded from 'unnamed module ...'". The jar carries JavaFX on the class path, which a
 * single runnable jar needs (shared/recipes; the installed app and {@code mvn javafx:run} have JavaFX as modules and
 * never see it). JavaFX logs it once, on the {@code java.util.logging} logger {@code "javafx"}, as the toolkit
 * starts; a filter on that logger drops that message alone. Every other record of that logger, and every record of
 * its children ({@code javafx.css}, {@code javafx.scene} ...), which a logger's filter never sees, still prints.
 */
public final class ClassPathWarning {
    /** The start of the message JavaFX's {@code PlatformImpl.startup} logs (JavaFX 17 to 21). */
    static final String MESSAGE = "Unsupported JavaFX configuration";

    /**
     * Held for the life of the process: {@code java.util.logging} keeps loggers only weakly, and a logger collected
     * before the toolkit starts would come back without the filter.
     */
    private static final Logger JAVAFX = Logger.getLogger("javafx");

    private ClassPathWarning() {
    }

    /** Installs the filter on the {@code "javafx"} logger; call before the toolkit starts. Idempotent. */
    public static void silence() {
        Filter earlier = JAVAFX.getFilter();
        if (earlier instanceof Dropped) {
            return;
        }
        JAVAFX.setFilter(new Dropped(earlier));
    }

    /** Drops the class-path warning; anything else goes to the filter that was there before, if any. */
    private record Dropped(Filter earlier) implements Filter {
        @Override
        public boolean isLoggable(java.util.logging.LogRecord r) {
            String m = r.getMessage();
            if (m != null && m.startsWith(MESSAGE)) {
                return false;
            }
            return earlier == null || earlier.isLoggable(r);
        }
    }
}
