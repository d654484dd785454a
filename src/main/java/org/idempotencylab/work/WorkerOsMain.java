package org.idempotencylab.work;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * The main class of a worker process, which {@link WorkRun} starts as {@code java -cp <this program>
 * org.idempotencylab.work.WorkerOsMain <slot> <incarnation>} and never a person: a plain {@code main} without the
 * command line's parser or a JSON library, so a process the chaos loop killed is back at work soon after its
 * restart. Reads its {@link WorkConfig} on stdin, says {@value #READY} on stdout once its connections are open,
 * and runs {@link WorkerOsProcess}. Exit codes: 0 when the run has no job left, 1 if the database fails, 2 for
 * arguments or a configuration it cannot read (one line on stderr each).
 */
public final class WorkerOsMain {
    /** The line a worker process prints on stdout when its workers start taking jobs. */
    public static final String READY = "ready";

    private WorkerOsMain() {
    }

    /** The exit code of a worker process whose parent (the {@code work} command) is gone. */
    static final int PARENT_GONE = 3;

    public static void main(String[] args) {
        // a parent that dies (killed with SIGKILL, so its own clean-up never ran) takes its workers with it
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit()
                .thenRun(() -> Runtime.getRuntime().halt(PARENT_GONE)));
        PrintWriter err = new PrintWriter(System.err, true);
        WorkConfig cfg;
        int slot;
        int incarnation;
        try {
            if (args.length != 2) {
                throw new IllegalArgumentException("needs two arguments, <slot> <incarnation>; got " + args.length);
            }
            slot = Integer.parseInt(args[0]);
            incarnation = Integer.parseInt(args[1]);
            cfg = WorkConfig.read(System.in);
        } catch (IOException | IllegalArgumentException e) {
            err.println("work: a worker process cannot start: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.exit(WorkerOsProcess.run(cfg, slot, incarnation, err, () -> {
            System.out.println(READY);
            System.out.flush();
        }));
    }
}
