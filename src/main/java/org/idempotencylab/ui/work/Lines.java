package org.idempotencylab.ui.work;

import java.io.Writer;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Collects written characters into lines (a worker process's stderr) and hands each over, without its line end; a
 * carriage return is dropped. Thread-safe: the worker processes' output threads write at once.
 */
final class Lines extends Writer {
    private final Consumer<String> out;
    private final StringBuilder line = new StringBuilder();

    /** @param out takes each whole line, on the writing thread */
    Lines(Consumer<String> out) {
        this.out = Objects.requireNonNull(out, "out");
    }

    @Override
    public synchronized void write(char[] buf, int off, int len) {
        for (int i = off; i < off + len; i++) {
            char c = buf[i];
            if (c == '\n') {
                out.accept(line.toString());
                line.setLength(0);
            } else if (c != '\r') {
                line.append(c);
            }
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
