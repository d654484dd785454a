package org.idempotencylab.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The main class of a child JVM that {@link WorkShutdownTest} starts: runs {@code work} with the arguments given, and
 * the moment its stderr says the run's id (the run is registered, its worker processes not started yet) the JVM
 * begins to shut down, as a SIGTERM makes it, while the command goes on. A shutdown hook of this class holds the
 * JVM until the command has returned, so everything it writes reaches stderr, a file the test reads.
 */
public final class WorkShutdownDriver {
    private WorkShutdownDriver() {
    }

    public static void main(String[] args) {
        CountDownLatch returned = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                returned.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        PrintWriter stderr = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        AtomicBoolean asked = new AtomicBoolean();
        Writer err = new Writer() {
            @Override
            public void write(char[] buf, int off, int len) {
                stderr.write(buf, off, len);
                stderr.flush();
                if (new String(buf, off, len).contains("this run's rows have run_id") && !asked.getAndSet(true)) {
                    new Thread(() -> System.exit(143)).start();
                    while (!WorkCommand.shuttingDown()) {
                        Thread.onSpinWait(); // the JVM takes no new hook from here on
                    }
                }
            }

            @Override
            public void flush() {
                stderr.flush();
            }

            @Override
            public void close() {
                flush();
            }
        };
        try {
            Cli.run(args, new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true),
                    new PrintWriter(err, true));
        } finally {
            returned.countDown();
        }
    }
}
