package org.idempotencylab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.LessonRun;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Expectation;
import org.idempotencylab.scenario.Lesson;
import org.idempotencylab.scenario.LessonFiles;
import org.idempotencylab.scenario.LessonFrame;
import org.idempotencylab.scenario.Lessons;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.ParameterException;
import org.idempotencylab.scenario.Prediction;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StopCondition;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code check FILE}: runs a scenario file's strategies and tests the expectations it states ({@code "expect"}),
 * so a retry design kept as a file in an engineer's repository is checked by their CI.
 *
 * <p>{@code check --lesson FILE} checks a lesson file instead: it reads it (every problem one line, as a scenario file's)
 * and plays every frame headlessly until its condition, as the lesson panel will: each condition must be met before
 * the run ends, and each prediction's right choice must hold the measured value.
 *
 * <p>Exit codes: 0 when every expectation holds (one line saying how many); 1 when one or more fail, one line on
 * stdout per failed expectation naming the strategy, the metric, the bound and the value (and, for steps done
 * again or duplicate emails, their causes); 2 for a file that cannot
 * be read, is not a valid scenario file, or states no expectation (as every bad input).
 */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Runs a scenario file and tests the expectations it states: exit 0 if all hold, 1 with one "
                + "line per failed one, 2 for a bad file.")
public final class CheckCommand implements Callable<Integer> {
    /** Exit code when an expectation fails. */
    static final int FAILED = 1;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "the scenario file, with its \"expect\" list")
    String file;

    @Option(names = "--preset", paramLabel = "NAME", description = "check a built-in preset instead of a file "
            + "(those that state expectations)")
    String preset;

    @Option(names = "--lesson", paramLabel = "FILE", description = "check a lesson file: it reads, every frame "
            + "reaches its condition, every prediction's right answer is the measured one")
    String lesson;

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Mixin
    QuietOption quiet = new QuietOption();

    @Override
    public Integer call() {
        if (lesson != null) {
            return checkLesson();
        }
        ScenarioFile f;
        int threadCount;
        try {
            if (file == null && preset == null) {
                throw new IllegalArgumentException("check needs a scenario FILE (or --preset NAME)");
            }
            if (file != null && preset != null) {
                throw new IllegalArgumentException("--preset: give a FILE or --preset NAME, not both");
            }
            f = file != null ? ScenarioSource.file("FILE", file) : ScenarioSource.preset(preset);
            if (f.expect().isEmpty()) {
                throw new IllegalArgumentException(ParameterException.shortened(file != null ? file : preset)
                        + ": expect: the file states no "
                        + "expectation, so there is nothing to check; add e.g. \"expect\": [{\"strategy\": 0, "
                        + "\"metric\": \"usersWithDuplicateEmails\", \"max\": 0}]");
            }
            threadCount = threads.count();
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        List<StrategyResult> results;
        try (TerminalProgress progress = TerminalProgress.on(f.scenario().jobs() * f.strategies().size(),
                quiet.quiet, "check")) {
            results = Comparison.run(f.scenario(), f.strategies(), threadCount, progress);
        }
        List<String> failed = failures(f, results);
        PrintWriter out = spec.commandLine().getOut();
        if (failed.isEmpty()) {
            out.println(f.expect().size() == 1 ? "the expectation holds" : "all " + f.expect().size()
                    + " expectations hold");
        } else {
            failed.forEach(out::println);
        }
        out.flush();
        return failed.isEmpty() ? 0 : FAILED;
    }

    /**
     * @return one line per expectation that does not hold, in the file's order, e.g. {@code expect[0]: strategy 2
     *         (retry each step, same key every time): usersWithDuplicateEmails is 12, expected at most 0}
     */
    static List<String> failures(ScenarioFile f, List<StrategyResult> results) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < f.expect().size(); i++) {
            Expectation e = f.expect().get(i);
            StrategyResult r = results.get(e.strategy());
            double value = Metric.byId(e.metric()).orElseThrow().number(r);
            if (!e.holds(value)) {
                out.add("expect[" + i + "]: strategy " + e.strategy() + " (" + r.strategy().name() + "): " + e.metric()
                        + " is " + Parameter.plain(value) + ", expected " + e.boundsText() + why(e, r));
            }
        }
        return out;
    }

    /**
     * @return for a failed expectation on steps done again or duplicate emails, why the strategy's steps were done
     *         again ({@link Metric#DUPLICATES_BY_CAUSE}), e.g. "; done again by cause: lost reply 247"; else ""
     */
    private static String why(Expectation e, StrategyResult r) {
        boolean aboutDuplicates = e.metric().equals(Metric.REPEATED_STEPS.id())
                || e.metric().equals(Metric.USERS_WITH_DUPLICATE_EMAILS.id());
        return aboutDuplicates && r.repeatedSteps() > 0 ? "; done again by cause: "
                + Metric.DUPLICATES_BY_CAUSE.text(r) : "";
    }

    private int checkLesson() {
        Lesson l;
        try {
            if (file != null || preset != null) {
                throw new IllegalArgumentException("--lesson: give a lesson FILE alone, not with a scenario FILE or "
                        + "--preset");
            }
            LessonFiles reader = Lessons.reader(new ScenarioFiles(Metric.watchNames()), SignupSteps.NAMES);
            l = ScenarioSource.read("--lesson", lesson, reader::read);
        } catch (IllegalArgumentException e) {
            return Cli.badInput(spec, e);
        }
        List<String> failed = lessonFailures(l);
        PrintWriter out = spec.commandLine().getOut();
        if (failed.isEmpty()) {
            out.println((l.frames().size() == 1 ? "its one frame reaches its moment" : "all " + l.frames().size()
                    + " frames reach their moment")
                    + (l.frames().stream().anyMatch(f -> f.predict() != null) ? " and their answers hold" : ""));
        } else {
            failed.forEach(out::println);
        }
        out.flush();
        return failed.isEmpty() ? 0 : FAILED;
    }

    /**
     * @return one line per frame whose condition is not met before its run ends, or whose prediction's right
     *         choice does not hold the measured value: {@code frames[2] (The lease runs out): measured 109, but the
     *         answer "1 to 5" stands for 1 to 5}
     */
    static List<String> lessonFailures(Lesson l) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < l.frames().size(); i++) {
            LessonFrame f = l.frames().get(i);
            LessonRun.Outcome o = LessonRun.play(f);
            String at = "frames[" + i + "] (" + ParameterException.shortened(f.title()) + "): ";
            if (!o.reached() || f.until().kind() != StopCondition.Kind.END && o.finishedRun()) {
                out.add(at + "the run ended at " + Parameter.grouped(o.atMs()) + " virtual ms before its condition \""
                        + f.until().fileText() + "\" was met");
                continue;
            }
            Prediction p = f.predict();
            if (p != null && p.optionFor(o.measured()) != p.answer()) {
                Prediction.Option right = p.options().get(p.answer());
                out.add(at + "measured " + o.measured() + ", but the answer \"" + right.text() + "\" stands for "
                        + (right.min() == right.max() ? String.valueOf(right.min()) : right.max() == Long.MAX_VALUE
                        ? right.min() + " or more" : right.min() + " to " + right.max()));
            }
        }
        return out;
    }
}
