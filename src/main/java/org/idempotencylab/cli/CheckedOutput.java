package org.idempotencylab.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The process's standard output or standard error as the commands write it, with every write checked. A
 * {@link PrintWriter} (or {@code System.out}) swallows the {@link IOException} of a full disk, a closed pipe or
 * {@code /dev/full}; under it this stream remembers the first one, with the operating system's reason, so the
 * command line can end with exit 1 and one line saying what was lost ({@link #failureLine()}). After that first
 * failure it never writes again: it throws the same exception at once, so a command that goes on printing does not
 * keep asking a dead file descriptor. Thread-safe.
 */
final class CheckedOutput extends OutputStream {
    private final OutputStream out;
    private final String name;
    private volatile IOException failure;

    /**
     * @param out  the stream written to; never closed here
     * @param name what it is in the message, e.g. "standard output"
     */
    CheckedOutput(OutputStream out, String name) {
        this.out = out;
        this.name = name;
    }

    /** @return the process's standard output (file descriptor 1), checked */
    static CheckedOutput stdout() {
        return new CheckedOutput(new FileOutputStream(FileDescriptor.out), "standard output");
    }

    /** @return the process's standard error (file descriptor 2), checked */
    static CheckedOutput stderr() {
        return new CheckedOutput(new FileOutputStream(FileDescriptor.err), "standard error");
    }

    /**
     * @param charset the encoding the text is written in (the console's, as {@code System.out} uses)
     * @return a writer over this stream that buffers until flushed (picocli and the commands flush at the end of
     *         their output)
     */
    PrintWriter writer(Charset charset) {
        return new PrintWriter(new OutputStreamWriter(this, charset), false);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        checked(() -> out.write(b, off, len));
    }

    @Override
    public synchronized void flush() throws IOException {
        checked(out::flush);
    }

    /** An operation on the stream that may fail. */
    @FunctionalInterface
    private interface Operation {
        void run() throws IOException;
    }

    /** Runs {@code op} unless a write failed before (then throws that failure at once); remembers its failure. */
    private void checked(Operation op) throws IOException {
        IOException before = failure;
        if (before != null) {
            throw before;
        }
        try {
            op.run();
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    /** Not closed: the file descriptor belongs to the process. */
    @Override
    public void close() {
        // nothing: a PrintWriter closed over this stream must not close fd 1 or 2
    }

    /** @return true once a write has failed */
    boolean failed() {
        return failure != null;
    }

    /**
     * @return the one line for a failed write, e.g. {@code standard output: write failed (No space left on device);
     *         the output is incomplete}; null if nothing failed
     */
    String failureLine() {
        IOException e = failure;
        if (e == null) {
            return null;
        }
        String why = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName()
                : e.getMessage();
        return name + ": write failed (" + why + "); the output is incomplete";
    }
}
