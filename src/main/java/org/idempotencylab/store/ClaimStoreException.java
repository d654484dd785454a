package org.idempotencylab.store;

/**
 * A claim store that cannot be opened or used: a URL that is not allowed, a database that cannot be reached, a
 * file that cannot be created, a table with the wrong columns. The message names the URL (password redacted),
 * what went wrong and what is allowed, in one sentence a front end can show as is; the run must not start.
 *
 * <p>{@link #badInput()} tells the two kinds apart as the command line's exit codes do: a URL or a table the user
 * must change (2), or a machine that failed under a right URL, such as a full disk (1).
 */
public final class ClaimStoreException extends RuntimeException {
    private final String url;
    private final boolean badInput;

    /**
     * A failure the user's input caused, or one during a run (whose callers tell it apart themselves).
     *
     * @param url     the URL the error is about, password already redacted; may be null
     * @param message one sentence a front end can show as is
     * @param cause   the driver's exception, or null
     */
    public ClaimStoreException(String url, String message, Throwable cause) {
        this(url, message, cause, true);
    }

    /**
     * @param badInput true if another URL or table would do (the user's input is wrong); false if the machine
     *                 failed: a full disk, a write the database refused, a library that could not be unpacked
     */
    public ClaimStoreException(String url, String message, Throwable cause, boolean badInput) {
        super(message, cause);
        this.url = url;
        this.badInput = badInput;
    }

    /** @return the URL the error is about, with any password replaced by {@code ***}; may be null. */
    public String url() {
        return url;
    }

    /**
     * @param e what a driver threw
     * @return true if it says the database could not write: a full disk (PostgreSQL's {@code 53100}, SQLite's
     *         {@code SQLITE_FULL}) or a SQLite I/O error; then another URL would not help
     */
    public static boolean isWriteFailure(Throwable e) {
        return JdbcMessages.isWriteFailure(e);
    }

    /** @return true if the input was wrong (exit code 2), false if the machine failed (exit code 1) */
    public boolean badInput() {
        return badInput;
    }
}
