package org.idempotencylab.store;

/**
 * A claim store that cannot be opened or used: a URL that is not allowed, a database that cannot be reached, a
 * file that cannot be created, a table with the wrong columns. The message names the URL (password redacted),
 * what went wrong and what is allowed, in one sentence a front end can show as is; the run must not start.
 */
public final class ClaimStoreException extends RuntimeException {
    private final String url;

    /**
     * @param url     the URL the error is about, password already redacted; may be null
     * @param message one sentence a front end can show as is
     * @param cause   the driver's exception, or null
     */
    public ClaimStoreException(String url, String message, Throwable cause) {
        super(message, cause);
        this.url = url;
    }

    /** @return the URL the error is about, with any password replaced by {@code ***}; may be null. */
    public String url() {
        return url;
    }
}
