package org.idempotencylab.engine;

/** Which idempotency store the steps go through. More kinds (claim table, lock only) come with issue 4. */
public enum StoreKind {
    /** No store: every call does its work. */
    NONE("none"),
    /** The first article's in-memory store: each step runs under {@code <step name>:<userId>}. */
    MEMORY("memory");

    private final String cliName;

    StoreKind(String cliName) {
        this.cliName = cliName;
    }

    /** @return the name used on the command line and in files, e.g. {@code memory}. */
    public String cliName() {
        return cliName;
    }
}
