package org.idempotencylab.scenario;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Reads and writes {@link ScenarioFile}s as JSON (Jackson's tree model), one scenario per file:
 *
 * <pre>{@code
 * {
 *   "format": "idempotency-lab/scenario@1",
 *   "name": "The lost reply",
 *   "note": "...",
 *   "watch": "usersWithDuplicateEmails",
 *   "view": "compare",
 *   "strategies": [ {"retry": "each-step", "providerKey": "none", "store": "none"} ],
 *   "scenario": { "jobs": 100000, "lostReply": 0.05 }
 * }
 * }</pre>
 *
 * <p>{@code format} and {@code name} are required. A missing {@code note} is empty, {@code watch} is
 * {@code repeatedSteps}, {@code view} is {@code compare}, {@code strategies} are the article's five, a strategy's
 * {@code store} is what its {@code retry} implies (memory for {@code whole-job-skip-finished}, none otherwise), and
 * every missing {@code scenario} field takes {@link Scenario#article()}'s value. {@code scenario} takes the
 * {@link Parameter#id()} names, each read as its parameter's kind (a number, true or false, or a name such as
 * {@code durable}). A strategy may carry {@code settings}, an object of the same fields: the values it runs with
 * in place of the scenario's, so a field case's bug and fix (no heartbeat, a heartbeat every 5 s) run side by side:
 * {@code {"retry": "whole-job-skip-finished", "providerKey": "same", "store": "claim-table", "settings":
 * {"heartbeatMs": 5000}}}.
 *
 * <p>A file with {@code "view": "sweep"} has a {@code sweep} object too (and only such a file has one): {@code
 * {"vary": "leaseMs", "from": 1000, "to": 3600000, "points": 9, "spacing": "log", "metrics": ["overlappingRuns",
 * "deadLetteredJobs"], "logScale": true}}. {@code vary} is a parameter id a sweep can vary
 * ({@link Parameter#isSweepable()}); {@code from} and {@code to} are required, in its model units and range;
 * {@code points} is 2 to 1,000 (11 if absent), {@code spacing} linear (the default) or log (both ends above 0),
 * {@code metrics} one or two of the metrics {@code watch} may name ({@code [watch]} if absent), {@code logScale}
 * true or false (false if absent). The scenario is the sweep's base, the strategies the lines it draws.
 *
 * <p>Reading checks the whole file before it returns anything, so a caller's open scenario never changes half-way.
 * Nothing a file holds makes it throw anything but {@link ScenarioFileException} (or {@link IOException} when the
 * file cannot be read at all):
 * <ul>
 *   <li>only a regular file (or a link to one) is opened: a folder, a named pipe or a device is refused at once
 *       ({@link NotRegularFileException}), as reading a pipe or a terminal would wait for ever;</li>
 *   <li>a file over 1 MiB ({@value ScenarioText#MAX_BYTES} bytes) is refused before it is read whole;</li>
 *   <li>it must be UTF-8 (a UTF-8 byte order mark is dropped): a byte that is not is named with its line and
 *       column, a UTF-16 or UTF-32 file by its encoding;</li>
 *   <li>JSON that does not parse is one problem, named by its line, in plain words; nesting deeper than
 *       {@value JsonWording#MAX_DEPTH}, a number longer than {@value JsonWording#MAX_NUMBER_LENGTH} characters
 *       and comments are refused there;</li>
 *   <li>a file that parses has every problem listed, in file order, up to {@link ScenarioFileException#LIMIT}:
 *       unknown fields, wrong types, values out of range, more than {@value #MAX_STRATEGIES} strategies or
 *       {@value #MAX_EXPECTATIONS} expectations, a name over {@value #MAX_NAME} characters, a note over
 *       {@value #MAX_NOTE}, any other text over {@value #MAX_TEXT}.</li>
 * </ul>
 * Each problem names the field by its JSON path and quotes at most {@value ParameterException#QUOTE_AT_MOST}
 * characters of its value. Writing then reading gives an equal {@link ScenarioFile}.
 */
public final class ScenarioFiles {
    /** Top-level fields, in the order they are written. */
    private static final List<String> TOP = List.of("format", "name", "note", "watch", "view", "sweep",
            "strategies", "scenario", "expect", "lanes", "workflow");
    /** An expectation's fields, in the order they are written. */
    private static final List<String> EXPECT = List.of("strategy", "metric", "min", "max");
    /** {@code sweep} fields, in the order they are written. */
    private static final List<String> SWEEP = List.of("vary", "from", "to", "points", "spacing", "metrics",
            "logScale");
    /** A sweep's points when a file gives none (as the Sweep tab's first sweep). */
    static final int DEFAULT_POINTS = 11;
    private static final List<String> STRATEGY = List.of("retry", "providerKey", "store", "settings");
    /** {@code scenario} fields, in the order they are written: the parameters' ids. */
    static final List<String> SCENARIO = Parameter.ids();

    /** Most strategies a file runs side by side: far more than a chart shows. */
    public static final int MAX_STRATEGIES = 100;
    /** Most expectations a file states. */
    public static final int MAX_EXPECTATIONS = 1_000;
    /** Most characters of a file's name. */
    public static final int MAX_NAME = 200;
    /** Most characters of a file's note. */
    public static final int MAX_NOTE = 5_000;
    /** Most characters of any other text in a file (the longest allowed one is a metric's id). */
    public static final int MAX_TEXT = 200;

    static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    // limits the parser keeps as it reads, so a deeply nested or huge-number file fails at once
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(JsonWording.MAX_DEPTH)
                            .maxNumberLength(JsonWording.MAX_NUMBER_LENGTH)
                            .maxStringLength(JsonWording.MAX_STRING_LENGTH)
                            .maxNameLength(JsonWording.MAX_NAME_LENGTH)
                            .maxDocumentLength(ScenarioText.MAX_BYTES)
                            .build())
                    .build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET) // the caller's Writer stays open
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private final List<String> watchable;

    /**
     * @param watchable the metric ids a file's {@code watch} may name (the engine's metrics; the scenario layer
     *                  does not know them itself), e.g. {@code Metric.watchNames()}
     */
    public ScenarioFiles(List<String> watchable) {
        this.watchable = List.copyOf(watchable);
    }

    /** @return the metric ids {@code watch} may name, in order. */
    public List<String> watchable() {
        return watchable;
    }

    // ------------------------------------------------------------------ reading

    /**
     * @return the scenario file at {@code path}, UTF-8, at most 1 MiB ({@value ScenarioText#MAX_BYTES} bytes; its
     *         size is checked before it is read)
     * @throws ScenarioFileException   if it is too large or its content is not a valid scenario file (nothing is
     *                                 returned then); its message lists every problem, one a line
     * @throws NotRegularFileException if it is a folder, a named pipe, a device: it is not opened
     * @throws IOException             if it cannot be read
     */
    public ScenarioFile read(Path path) throws IOException {
        NotRegularFileException.check(path); // a named pipe or a terminal would be waited on for ever
        long size = Files.size(path);
        if (size > ScenarioText.MAX_BYTES) {
            throw ScenarioText.tooLarge(size, ScenarioText.Kind.SCENARIO);
        }
        try (InputStream in = Files.newInputStream(path)) {
            return read(in); // capped again: a file may grow, and a device's size says nothing
        }
    }

    /**
     * @return the scenario file {@code in} holds as UTF-8 bytes (not closed; read no further than one byte past
     *         1 MiB)
     * @throws ScenarioFileException if it is too large or not a valid scenario file (nothing is returned then)
     * @throws IOException           if reading fails
     */
    public ScenarioFile read(InputStream in) throws IOException {
        return read(ScenarioText.read(in, ScenarioText.Kind.SCENARIO));
    }

    /**
     * @return the scenario file {@code in} holds (not closed; read no further than one character past
     *         {@value ScenarioText#MAX_BYTES} characters)
     * @throws ScenarioFileException if it is too large or not a valid scenario file (nothing is returned then)
     * @throws IOException           if reading fails
     */
    public ScenarioFile read(Reader in) throws IOException {
        return read(ScenarioText.read(in));
    }

    ScenarioFile read(String text) {
        JsonNode root = parse(text);
        if (!root.isObject()) {
            throw new ScenarioFileException("file", "a scenario file is one JSON object {...}, not "
                    + ScenarioJson.describe(root));
        }
        try {
            return new Reading(root).file();
        } catch (ScenarioFileException e) {
            throw e;
        } catch (RuntimeException e) {
            // a check that forgot a case must still leave the caller's scenario as it was, with a line to report
            throw new ScenarioFileException("file", "could not be checked (" + e.getClass().getSimpleName()
                    + ", an error in the lab, not in the file)");
        }
    }

    /** @return the one JSON value {@code text} holds; MissingNode or null for none */
    static JsonNode parse(String text) {
        return ScenarioJson.parse(text, ScenarioText.Kind.SCENARIO);
    }

    /** A problem found, with its place in the file for the order they are listed in. */
    private record Found(int at, int seq, ScenarioFileException.Problem problem) {
    }

    /**
     * One read of one parsed file: the checks, which note each problem and go on where the rest of the file can
     * still be checked (a bad value, a bad strategy, a bad expectation), and the problems found.
     */
    private final class Reading {
        private final JsonNode root;
        /** Every field's and item's place in the file; as deep as a checked path goes: strategies[0].settings.leaseMs */
        private final FileOrder order;
        /** The first {@link ScenarioFileException#LIMIT} problems in file order. */
        private final TreeSet<Found> kept = new TreeSet<>(Comparator.comparingInt(Found::at)
                .thenComparingInt(Found::seq));
        /** Fields with a problem already: a later check of the same field would say the same again. */
        private final Set<String> named = new HashSet<>();
        private int count;

        Reading(JsonNode root) {
            this.root = root;
            this.order = new FileOrder(root, 4);
        }

        private void add(String field, String message) {
            if (!named.add(field)) {
                return;
            }
            count++;
            kept.add(new Found(order.position(field), count, new ScenarioFileException.Problem(field, message)));
            if (kept.size() > ScenarioFileException.LIMIT) {
                kept.pollLast();
            }
        }

        /** @return what {@code check} returns, or null if it found a problem (noted) */
        private <T> T get(Supplier<T> check) {
            try {
                return check.get();
            } catch (ScenarioFileException e) {
                e.problems().forEach(p -> add(p.field(), p.message()));
                return null;
            }
        }

        private void run(Runnable check) {
            get(() -> {
                check.run();
                return null;
            });
        }

        /** @return the file, if it holds no problem */
        ScenarioFile file() {
            JsonNode f = root.get("format");
            if (f != null && f.isTextual() && f.textValue().equals(Lesson.FORMAT)) {
                // a lesson given as a scenario file: say that, not every field a scenario file does not have
                throw new ScenarioFileException("format", "\"" + Lesson.FORMAT + "\" is a lesson's format, not a "
                        + "scenario file's \"" + ScenarioFile.FORMAT + "\"; check a lesson with `check --lesson FILE`");
            }
            unknownFields(root, "", TOP);
            run(() -> ScenarioJson.format(root.get("format")));
            String name = get(() -> {
                String n = ScenarioJson.text(root, "name", null);
                if (n.isBlank()) {
                    throw new ScenarioFileException("name", "must not be blank");
                }
                return n;
            });
            String note = get(() -> ScenarioJson.text(root, "note", ""));
            String watch = get(() -> {
                String w = ScenarioJson.text(root, "watch", "repeatedSteps");
                if (!watchable.contains(w)) {
                    throw new ScenarioFileException("watch", ScenarioJson.shown(root.get("watch")) + " is not a metric; allowed: "
                            + String.join(", ", watchable));
                }
                return w;
            });
            ScenarioFile.View view = get(() -> ScenarioJson.choose(root.get("view"), "view", ScenarioFile.View.values(),
                    ScenarioFile.View::fileName, ScenarioFile.View.COMPARE));
            SweepSpec sweep = view == null ? null : sweep(root.get("sweep"), view, watch);
            JsonNode listed = root.get("strategies");
            List<Strategy> strategies = strategies(listed);
            Scenario scenario = withWorkflow(scenario(root.get("scenario")), root.get("workflow"));
            if (strategies != null && scenario != null) {
                for (int i = 0; i < strategies.size(); i++) {
                    int k = i;
                    run(() -> {
                        try {
                            strategies.get(k).on(scenario); // a setting that contradicts the scenario
                        } catch (ParameterException e) {
                            throw new ScenarioFileException("strategies[" + k + "].settings." + e.parameter().id(),
                                    e.messageFor("").substring(2));
                        }
                    });
                }
            }
            int strategyCount = listed == null ? Strategy.ARTICLE.size()
                    : listed.isArray() && !listed.isEmpty() && listed.size() <= MAX_STRATEGIES ? listed.size() : -1;
            List<Expectation> expect = expectations(root.get("expect"), strategyCount);
            List<Integer> lanes = lanes(root.get("lanes"), strategyCount, view);
            lengths(root, "");
            if (count > 0) {
                throw new ScenarioFileException(kept.stream().map(Found::problem).toList(), count);
            }
            return new ScenarioFile(name, note, watch, view, strategies, scenario, sweep, expect, lanes);
        }

        /** @return the file's {@code lanes} (empty if absent), or null if they are bad (noted, in one message) */
        private List<Integer> lanes(JsonNode v, int strategyCount, ScenarioFile.View view) {
            if (v == null) {
                return List.of();
            }
            List<Integer> out = new ArrayList<>();
            boolean places = v.isArray();
            if (places) {
                for (JsonNode n : v) {
                    places &= n.isIntegralNumber() && n.canConvertToInt();
                    out.add(n.isIntegralNumber() && n.canConvertToInt() ? n.intValue() : null);
                }
            }
            if (!places || out.isEmpty()) {
                add("lanes", ScenarioJson.shown(v) + " is not a list of two places in \"strategies\" (from 0), e.g. [0, 1]: "
                        + "lane A, the bug, and lane B, its fix");
                return null;
            }
            if (strategyCount < 0) {
                return null; // the strategies' own problem is noted already
            }
            String problem = ScenarioFile.lanesProblem(out, strategyCount, view);
            if (problem != null) {
                add("lanes", problem);
                return null;
            }
            return out;
        }

        /** Notes every text longer than its field may hold (the fields' own checks come first). */
        private void lengths(JsonNode n, String path) {
            if (n.isTextual()) {
                int cap = path.equals("name") ? MAX_NAME : path.equals("note") ? MAX_NOTE : MAX_TEXT;
                int length = n.textValue().length();
                if (length > cap) {
                    add(path, "a text of " + ScenarioText.grouped(length) + " characters; "
                            + (path.equals("name") || path.equals("note") ? "a " + path + " holds" : "a text here holds") + " at most "
                            + ScenarioText.grouped(cap));
                }
            } else if (n.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    lengths(e.getValue(), ScenarioJson.child(path, e.getKey()));
                }
            } else if (n.isArray()) {
                for (int i = 0; i < n.size(); i++) {
                    lengths(n.get(i), path + "[" + i + "]");
                }
            }
        }

        private void unknownFields(JsonNode object, String path, List<String> allowed) {
            for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!allowed.contains(f)) {
                    add(ScenarioJson.child(path, f), "unknown field; allowed: " + String.join(", ", allowed));
                }
            }
        }

        /** @return the file's {@code expect} list (empty if absent), or null if one is bad (noted) */
        private List<Expectation> expectations(JsonNode v, int strategyCount) {
            if (v == null) {
                return List.of();
            }
            String example = "e.g. [{\"strategy\": 0, \"metric\": \"usersWithDuplicateEmails\", \"max\": 0}]";
            if (!v.isArray()) {
                add("expect", ScenarioJson.describe(v) + " is not a list of expectations, " + example);
                return null;
            }
            if (v.size() > MAX_EXPECTATIONS) {
                add("expect", ScenarioText.grouped(v.size()) + " expectations; a file states at most "
                        + ScenarioText.grouped(MAX_EXPECTATIONS));
                return null;
            }
            List<Expectation> out = new ArrayList<>();
            int before = count;
            for (int i = 0; i < v.size(); i++) {
                Expectation e = expectation(v.get(i), "expect[" + i + "]", strategyCount);
                if (e != null) {
                    out.add(e);
                }
            }
            return count == before ? out : null;
        }

        private Expectation expectation(JsonNode e, String path, int strategyCount) {
            if (!e.isObject()) {
                add(path, ScenarioJson.describe(e) + " is not an object {\"strategy\": ..., \"metric\": ..., \"max\": ...}");
                return null;
            }
            int before = count;
            unknownFields(e, path, EXPECT);
            String range = strategyCount < 0 ? "a strategy's place in \"strategies\", from 0"
                    : "0 to " + (strategyCount - 1) + ", the strategy's place in \"strategies\"";
            JsonNode st = e.get("strategy");
            if (st == null) {
                add(path + ".strategy", "missing; allowed " + range);
            } else if (!st.isIntegralNumber() || st.bigIntegerValue().signum() < 0 || (strategyCount >= 0
                    && st.bigIntegerValue().compareTo(BigInteger.valueOf(strategyCount - 1)) > 0)
                    || st.bigIntegerValue().bitLength() > 31) {
                add(path + ".strategy", ScenarioJson.shown(st) + " is not allowed; allowed " + range);
            }
            JsonNode m = e.get("metric");
            if (m == null || !m.isTextual() || !watchable.contains(m.textValue())) {
                add(path + ".metric", (m == null ? "missing" : ScenarioJson.shown(m) + " is not a metric") + "; allowed: "
                        + String.join(", ", watchable));
            }
            Double min = get(() -> ScenarioJson.bound(e, path, "min"));
            Double max = get(() -> ScenarioJson.bound(e, path, "max"));
            if (!e.has("min") && !e.has("max")) {
                add(path, "needs \"min\", \"max\" or both");
            }
            if (min != null && max != null && min > max) {
                add(path + ".min", ScenarioJson.shown(e.get("min")) + " is above max " + ScenarioJson.shown(e.get("max")));
            }
            return count == before ? new Expectation(st.intValue(), m.textValue(), min, max) : null;
        }

        /**
         * @return the {@code sweep} object of a sweep file (null for the other views, or if it has a problem,
         *         noted), every field checked: the varied parameter, its range in model units, the points, the
         *         spacing, one or two watchable metrics (the file's {@code watch} when absent) and the log scale
         */
        private SweepSpec sweep(JsonNode v, ScenarioFile.View view, String watch) {
            if (view != ScenarioFile.View.SWEEP) {
                if (v != null) {
                    add("sweep", "only a file with \"view\": \"sweep\" takes a sweep; this one's view is \""
                            + view.fileName() + "\"");
                }
                return null;
            }
            if (v == null) {
                add("sweep", "missing; \"view\": \"sweep\" needs a sweep object {\"vary\": ..., \"from\": ..., "
                        + "\"to\": ...}");
                return null;
            }
            if (!v.isObject()) {
                add("sweep", ScenarioJson.shown(v) + " is not an object {\"vary\": ..., \"from\": ..., \"to\": ...}");
                return null;
            }
            int before = count;
            unknownFields(v, "sweep", SWEEP);
            List<Parameter> sweepable = Arrays.stream(Parameter.values()).filter(Parameter::isSweepable).toList();
            Parameter vary = get(() -> ScenarioJson.choose(v.get("vary"), "sweep.vary", sweepable.toArray(Parameter[]::new),
                    Parameter::id, null));
            Double from = vary == null ? null : get(() -> ScenarioJson.required(v, "from", vary));
            Double to = vary == null ? null : get(() -> ScenarioJson.required(v, "to", vary));
            Integer points = get(() -> ScenarioJson.points(v.get("points")));
            Spacing spacing = get(() -> ScenarioJson.choose(v.get("spacing"), "sweep.spacing", Spacing.values(),
                    Spacing::cliName, Spacing.LINEAR));
            if (spacing == Spacing.LOG && from != null && to != null && (from <= 0 || to <= 0)) {
                String end = from <= 0 ? "from" : "to";
                add("sweep." + end, ScenarioJson.shown(v.get(end)) + " is not above 0; \"spacing\": \"log\" needs both ends "
                        + "above 0");
            }
            List<String> metrics = v.get("metrics") == null && watch == null ? null
                    : get(() -> metrics(v.get("metrics"), watch));
            Boolean logScale = get(() -> {
                JsonNode log = v.get("logScale");
                if (log != null && !log.isBoolean()) {
                    throw new ScenarioFileException("sweep.logScale", ScenarioJson.shown(log) + " is not true or false");
                }
                return log != null && log.booleanValue();
            });
            if (count > before) {
                return null;
            }
            return new SweepSpec(vary, from, to, points, spacing, metrics, logScale);
        }

        /** @return the strategies (the article's five if absent), or null if one is bad (noted) */
        private List<Strategy> strategies(JsonNode v) {
            if (v == null) {
                return Strategy.ARTICLE;
            }
            if (!v.isArray() || v.isEmpty()) {
                add("strategies", ScenarioJson.shown(v) + " is not a list of one or more strategies, "
                        + "e.g. [{\"retry\": \"each-step\", \"providerKey\": \"none\", \"store\": \"none\"}]");
                return null;
            }
            if (v.size() > MAX_STRATEGIES) {
                add("strategies", ScenarioText.grouped(v.size()) + " strategies; a file runs at most "
                        + MAX_STRATEGIES);
                return null;
            }
            List<Strategy> out = new ArrayList<>();
            int before = count;
            for (int i = 0; i < v.size(); i++) {
                Strategy s = strategy(v.get(i), "strategies[" + i + "]");
                if (s != null) {
                    out.add(s);
                }
            }
            return count == before ? List.copyOf(out) : null;
        }

        private Strategy strategy(JsonNode s, String path) {
            if (!s.isObject()) {
                add(path, ScenarioJson.shown(s) + " is not an object {\"retry\": ..., \"providerKey\": ..., \"store\": ...}");
                return null;
            }
            int before = count;
            unknownFields(s, path, STRATEGY);
            RetryScope scope = get(() -> ScenarioJson.choose(s.get("retry"), path + ".retry", RetryScope.values(),
                    RetryScope::cliName, null));
            KeyMode key = get(() -> ScenarioJson.choose(s.get("providerKey"), path + ".providerKey", KeyMode.values(),
                    KeyMode::cliName, null));
            StoreKind implied = scope == RetryScope.WHOLE_JOB_SKIP_FINISHED ? StoreKind.MEMORY : StoreKind.NONE;
            StoreKind store = get(() -> ScenarioJson.choose(s.get("store"), path + ".store", StoreKind.values(),
                    StoreKind::cliName, implied));
            if (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED && store != null && !store.recordsCompletion()) {
                add(path + ".store", "\"" + store.cliName() + "\" keeps no record of finished steps; retry \""
                        + scope.cliName() + "\" needs " + StoreKind.recordingNames());
            }
            Map<Parameter, Object> settings = settings(s.get("settings"), path + ".settings");
            if (count > before) {
                return null;
            }
            return get(() -> {
                try {
                    return Strategy.of(scope, key, store, settings);
                } catch (ParameterException e) {
                    throw new ScenarioFileException(path + ".settings." + e.parameter().id(),
                            e.messageFor("").substring(2));
                }
            });
        }

        /** @return a strategy's {@code settings} (empty if absent), or null if one is bad (noted) */
        private Map<Parameter, Object> settings(JsonNode v, String path) {
            Map<Parameter, Object> out = new LinkedHashMap<>();
            if (v == null) {
                return out;
            }
            if (!v.isObject()) {
                add(path, ScenarioJson.shown(v) + " is not an object {...} of the fields \"scenario\" takes");
                return null;
            }
            int before = count;
            unknownFields(v, path, SCENARIO);
            for (Parameter p : Parameter.values()) {
                JsonNode n = v.get(p.id());
                if (n != null && !p.isStrategySetting()) {
                    add(path + "." + p.id(), "every strategy runs with the scenario's; set " + p.id()
                            + " in \"scenario\"");
                } else if (n != null) {
                    Object value = get(() -> ScenarioJson.value(n, path + "." + p.id(), p));
                    if (value != null) {
                        out.put(p, value);
                    }
                }
            }
            return count == before ? out : null;
        }

        /** @return the scenario (the article's where a field is absent), or null if a field is bad (noted) */
        private Scenario scenario(JsonNode v) {
            Scenario.Builder b = Scenario.article().toBuilder();
            if (v == null) {
                return b.build();
            }
            if (!v.isObject()) {
                add("scenario", ScenarioJson.shown(v) + " is not an object {\"jobs\": ..., ...}");
                return null;
            }
            int before = count;
            unknownFields(v, "scenario", SCENARIO);
            for (Parameter p : Parameter.values()) {
                JsonNode n = v.get(p.id());
                if (n != null) {
                    Object value = get(() -> ScenarioJson.value(n, "scenario." + p.id(), p));
                    if (value != null) {
                        p.set(b, value);
                    }
                }
            }
            if (count > before) {
                return null; // the cross-field checks would compare with a default the file did not mean
            }
            return get(() -> {
                try {
                    return b.build(); // cross-field checks, e.g. duplicateDelayMaxMs below duplicateDelayMinMs
                } catch (ParameterException e) {
                    throw new ScenarioFileException("scenario." + e.parameter().id(), e.messageFor("").substring(2));
                }
            });
        }

        /** @return {@code scenario} running the file's {@code workflow} if it declares one, or null if it is bad (noted) */
        private Scenario withWorkflow(Scenario scenario, JsonNode v) {
            if (v == null) {
                return scenario;
            }
            Workflow w = get(() -> WorkflowJson.read(v)); // checked even when the scenario is bad
            return w == null || scenario == null ? null : scenario.toBuilder().workflow(w).build();
        }

        /** @return the one or two metric ids a sweep plots, each watchable and none twice ({@code watch} if absent) */
        private List<String> metrics(JsonNode v, String watch) {
            if (v == null) {
                return List.of(watch);
            }
            if (!v.isArray() || v.isEmpty() || v.size() > SweepSpec.MAX_METRICS) {
                throw new ScenarioFileException("sweep.metrics", ScenarioJson.shown(v) + " is not a list of one or two metrics, "
                        + "e.g. [\"overlappingRuns\", \"deadLetteredJobs\"]");
            }
            List<String> out = new ArrayList<>();
            for (int i = 0; i < v.size(); i++) {
                JsonNode m = v.get(i);
                String path = "sweep.metrics[" + i + "]";
                if (!m.isTextual() || !watchable.contains(m.textValue())) {
                    add(path, ScenarioJson.shown(m) + " is not a metric; allowed: " + String.join(", ", watchable));
                } else if (out.contains(m.textValue())) {
                    add(path, ScenarioJson.shown(m) + " is listed twice");
                } else {
                    out.add(m.textValue());
                }
            }
            return out.size() < v.size() ? null : out; // each bad metric is noted already
        }
    }


    // ------------------------------------------------------------------ writing

    /**
     * Writes {@code file} to {@code out} as indented JSON with every field, so that {@link #read(Reader)} gives
     * an equal {@link ScenarioFile}. {@code out} is flushed, not closed.
     *
     * @throws IOException if writing fails
     */
    public void write(ScenarioFile file, Writer out) throws IOException {
        ScenarioFileWriter.write(file, out);
    }

    /**
     * Saves {@code file} through {@link AtomicFile}: written whole to a temporary file in the same folder, which then
     * replaces {@code path} in one move. If anything fails, {@code path} keeps its old content (or does not exist)
     * and the temporary file is deleted.
     *
     * @throws IOException if the folder does not exist or cannot be written, or a write fails; the message names
     *                     the path
     */
    public void write(ScenarioFile file, Path path) throws IOException {
        AtomicFile.write(path, ".json", tmp -> {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                write(file, w);
            }
        });
    }
}
