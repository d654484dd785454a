package org.idempotencylab;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A small tmpfs mounted for a test of a full disk, where the test may mount one (as root on Linux); unmounted on
 * {@link #close()}. Where it cannot be mounted, {@link #mount} gives nothing and the test skips that case.
 */
public final class SmallDisk implements AutoCloseable {
    private final Path folder;

    private SmallDisk(Path folder) {
        this.folder = folder;
    }

    /**
     * @param folder an empty folder to mount it on
     * @param size   its size as {@code mount -o size=} takes it, e.g. {@code 64k}
     * @return the mounted disk, or empty where mounting is not allowed or not possible
     */
    public static Optional<SmallDisk> mount(Path folder, String size) throws InterruptedException {
        return run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", folder.toString())
                ? Optional.of(new SmallDisk(folder)) : Optional.empty();
    }

    /**
     * Mounts a 64 KiB disk on a new folder in {@code parent}, or skips the test (a JUnit assumption) where none can
     * be mounted.
     *
     * @return the mounted disk, to close (unmount) when done
     */
    public static SmallDisk mountIn(Path parent) throws IOException, InterruptedException {
        Path folder = Files.createTempDirectory(parent, "small-disk");
        Optional<SmallDisk> disk = mount(folder, "64k");
        Assumptions.assumeTrue(disk.isPresent(), "a tmpfs can be mounted here (root on Linux)");
        return disk.get();
    }

    /** @return the folder it is mounted on */
    public Path folder() {
        return folder;
    }

    /**
     * Fills the disk to its last block with a file named {@code filler}, so the next write of any file fails with
     * "No space left on device".
     *
     * @throws IllegalStateException if the disk took 4 MB without filling up
     */
    public void fill() {
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(folder.resolve("filler"))) {
            for (int i = 0; i < 1_000; i++) {
                out.write(block);
            }
        } catch (IOException full) {
            return; // full: what was asked
        }
        throw new IllegalStateException("the disk on " + folder + " is not full after 4 MB");
    }

    @Override
    public void close() throws InterruptedException {
        if (!run("umount", folder.toString())) {
            throw new IllegalStateException("could not unmount the tmpfs on " + folder);
        }
    }

    private static boolean run(String... command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false; // no mount command here
        }
    }
}
