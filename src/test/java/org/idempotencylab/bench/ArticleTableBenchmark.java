package org.idempotencylab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The headless table as a whole process against its baseline (a benchmark to run and read, not a test): runs
 * {@code java -Xmx256m -jar target/idempotency-lab.jar table} and the {@link ArticleLoop} (the bare loops that
 * make the same draws) alternately, {@code runs} times each (default 7), so that other load on the machine falls
 * on both alike, after one untimed run of each. For each it prints the median and spread (min..max) of the wall
 * time and of the child's CPU time (user + system, from {@code /usr/bin/time} when the machine has it), the peak
 * resident memory, and the ratio of the medians and the median of the per-pair ratios. It checks that every run
 * of the table printed the first article's table exactly and that every loop run exited 0, and exits 1 otherwise.
 *
 * <p>Usage, from the project folder (the jar and the test classes built first):
 * <pre>
 * mvn -o -q package -DskipTests &amp;&amp; mvn -o -q test-compile
 * java -cp target/test-classes org.idempotencylab.bench.ArticleTableBenchmark [runs] [jar]
 * </pre>
 * docs/measured-figures.md has the figures it printed.
 */
public final class ArticleTableBenchmark {
    /** The heap the table runs in: docs/measured-figures.md's command, at most 256 MiB. */
    static final String HEAP = "-Xmx256m";

    /** What {@code table} prints with no options: the first article's table (docs/articles.md), character for character. */
    static final String ARTICLE_TABLE = """
            1,000,000 signups, 10 steps, each call fails 1% of the time, the email reply is lost 0.5% of the time
            3 attempts, seed 1
            strategy                                            succeeded  failed jobs  calls per job  steps done again  users with 2+ welcome emails
            retry each step, no key                               99.999%           11          10.11              4971                          4939
            retry each step, new key on every call                99.999%           11          10.11              4971                          4939
            retry each step, same key every time                  99.999%           11          10.11                 0                             0
            retry the whole job, same key                         99.900%          995           10.6            464233                             0
            retry the whole job, same key, skip finished steps    99.975%          250          10.11                 0                             0
            """;

    private ArticleTableBenchmark() {
    }

    /** One timed run of a child process: wall and CPU time in seconds, peak resident memory in KB. */
    record Run(double wallS, double cpuS, long peakRssKb, String out, int exitCode) {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        String jar = args.length > 1 ? args[1] : "target/idempotency-lab.jar";
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String testClasses = Path.of(ArticleLoop.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        List<String> table = List.of(java, HEAP, "-jar", jar, "table");
        List<String> loop = List.of(java, "-cp", testClasses, ArticleLoop.class.getName());
        boolean timeTool = Files.isExecutable(Path.of("/usr/bin/time"));

        run(table, timeTool); // untimed: the file cache settles
        run(loop, timeTool);
        List<Run> t = new ArrayList<>();
        List<Run> l = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < runs; i++) {
            Run a = run(table, timeTool);
            Run b = run(loop, timeTool);
            t.add(a);
            l.add(b);
            if (a.exitCode() != 0 || !a.out().equals(ARTICLE_TABLE)) {
                System.out.println("run " + (i + 1) + ": the table differs from the article's (exit " + a.exitCode()
                        + "):\n" + a.out());
                ok = false;
            }
            if (b.exitCode() != 0) {
                System.out.println("run " + (i + 1) + ": the loop exited " + b.exitCode());
                ok = false;
            }
            System.out.printf(Locale.ROOT, "run %d: table %.2f s (cpu %.2f s), loop %.2f s (cpu %.2f s)%n", i + 1,
                    a.wallS(), a.cpuS(), b.wallS(), b.cpuS());
        }
        double[] pairRatios = new double[runs];
        for (int i = 0; i < runs; i++) {
            pairRatios[i] = t.get(i).wallS() / l.get(i).wallS();
        }
        System.out.println();
        System.out.println(String.join(" ", table));
        print("table", t, timeTool);
        System.out.println(String.join(" ", loop));
        print("loop", l, timeTool);
        System.out.printf(Locale.ROOT, "ratio table/loop, wall: %.2f (of the medians); per pair: median %.2f, "
                + "%.2f..%.2f%n", median(wall(t)) / median(wall(l)), median(pairRatios), min(pairRatios),
                max(pairRatios));
        if (timeTool) {
            System.out.printf(Locale.ROOT, "ratio table/loop, cpu:  %.2f (of the medians)%n",
                    median(cpu(t)) / median(cpu(l)));
        }
        System.out.println("heap of the table: " + HEAP + "; the table " + (ok ? "was the article's in every run"
                : "DIFFERED from the article's"));
        System.exit(ok ? 0 : 1);
    }

    private static void print(String name, List<Run> runs, boolean timeTool) {
        double[] w = wall(runs);
        System.out.printf(Locale.ROOT, "  %-5s wall median %.2f s (%.2f..%.2f)", name, median(w), min(w), max(w));
        if (timeTool) {
            double[] c = cpu(runs);
            long rss = runs.stream().mapToLong(Run::peakRssKb).max().orElse(0);
            System.out.printf(Locale.ROOT, ", cpu median %.2f s (%.2f..%.2f), peak RSS %d MB", median(c), min(c),
                    max(c), rss / 1024);
        }
        System.out.println();
    }

    /** Runs {@code command} to its end, under {@code /usr/bin/time} if there is one; the wall time is taken here. */
    private static Run run(List<String> command, boolean timeTool) throws IOException, InterruptedException {
        Path times = Files.createTempFile("bench", ".time");
        List<String> cmd = new ArrayList<>();
        if (timeTool) {
            cmd.addAll(List.of("/usr/bin/time", "-f", "%U %S %M", "-o", times.toString()));
        }
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        long start = System.nanoTime();
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = p.waitFor();
        double wall = (System.nanoTime() - start) / 1e9;
        double cpu = Double.NaN;
        long rss = 0;
        if (timeTool) {
            String[] f = Files.readString(times).strip().split("\\s+");
            String[] last = Arrays.copyOfRange(f, f.length - 3, f.length); // a note precedes them after a failure
            cpu = Double.parseDouble(last[0]) + Double.parseDouble(last[1]);
            rss = Long.parseLong(last[2]);
        }
        Files.deleteIfExists(times);
        return new Run(wall, cpu, rss, out, code);
    }

    private static double[] wall(List<Run> runs) {
        return runs.stream().mapToDouble(Run::wallS).toArray();
    }

    private static double[] cpu(List<Run> runs) {
        return runs.stream().mapToDouble(Run::cpuS).toArray();
    }

    private static double median(double[] x) {
        double[] y = x.clone();
        Arrays.sort(y);
        return y.length % 2 == 1 ? y[y.length / 2] : (y[y.length / 2 - 1] + y[y.length / 2]) / 2;
    }

    private static double min(double[] x) {
        return Arrays.stream(x).min().orElse(Double.NaN);
    }

    private static double max(double[] x) {
        return Arrays.stream(x).max().orElse(Double.NaN);
    }
}
