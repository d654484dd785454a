package org.idempotencylab.scenario;

/**
 * One of a few named values a parameter or a strategy part takes (a queue kind, a retry scope, a store): named
 * the same way on the command line, in scenario files and in the window's lists.
 */
public interface Choice {
    /** @return the name on the command line and in files, lower case with hyphens, e.g. {@code claim-table}. */
    String cliName();

    /** @return the words a person reads in the window's lists, e.g. "durable (redelivered)"; the name by default. */
    default String label() {
        return cliName();
    }
}
