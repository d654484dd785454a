package org.idempotencylab.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

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
 * <p>Reading checks the whole file before it returns anything: unknown fields, wrong types, values out of range
 * and JSON that does not parse each throw one {@link ScenarioFileException} naming the field and what is allowed,
 * so a caller's open scenario never changes half-way. Writing then reading gives an equal {@link ScenarioFile}.
 */
public final class ScenarioFiles {
    /** Top-level fields, in the order they are written. */
    private static final List<String> TOP = List.of("format", "name", "note", "watch", "view", "sweep",
            "strategies", "scenario", "expect");
    /** An expectation's fields, in the order they are written. */
    private static final List<String> EXPECT = List.of("strategy", "metric", "min", "max");
    /** {@code sweep} fields, in the order they are written. */
    private static final List<String> SWEEP = List.of("vary", "from", "to", "points", "spacing", "metrics",
            "logScale");
    /** A sweep's points when a file gives none (as the Sweep tab's first sweep). */
    private static final int DEFAULT_POINTS = 11;
    private static final List<String> STRATEGY = List.of("retry", "providerKey", "store", "settings");
    /** {@code scenario} fields, in the order they are written: the parameters' ids. */
    private static final List<String> SCENARIO = Parameter.ids();

    private static final ObjectMapper MAPPER = JsonMapper.builder()
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
     * @return the scenario file at {@code path}, UTF-8
     * @throws ScenarioFileException if its content is not a valid scenario file (nothing is returned then)
     * @throws IOException           if it cannot be read
     */
    public ScenarioFile read(Path path) throws IOException {
        try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return read(in);
        }
    }

    /**
     * @return the scenario file {@code in} holds (not closed)
     * @throws ScenarioFileException if it is not a valid scenario file (nothing is returned then)
     * @throws IOException           if reading fails
     */
    public ScenarioFile read(Reader in) throws IOException {
        String text = readAll(in); // a file is small; having it whole tells a truncated one from a typo
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // a UTF-8 byte order mark, as some editors save
        }
        int end = endOfFirstValue(text);
        if (end >= 0 && !text.substring(end).isBlank()) {
            throw new ScenarioFileException("line " + lineAt(text, end + firstNonBlank(text.substring(end))),
                    "unexpected text after the closing }: a scenario file holds one JSON object");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonEOFException e) {
            throw new ScenarioFileException(line(e), "the file ends early (truncated JSON)");
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            if (end < 0 && at != null && at.getCharOffset() >= text.stripTrailing().length() - 1) {
                // the object never closes and the parser stopped on the last character: the file was cut inside
                // a token, e.g. "0." at the end
                throw new ScenarioFileException(line(e), "the file ends early (truncated JSON)");
            }
            throw new ScenarioFileException(line(e), "not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode()) {
            throw new ScenarioFileException("line 1", "the file is empty; a scenario file is one JSON object");
        }
        if (!root.isObject()) {
            throw new ScenarioFileException("file", "a scenario file is one JSON object {...}, not "
                    + describe(root));
        }
        noUnknownFields(root, "", TOP);
        JsonNode format = root.get("format");
        if (format == null) {
            throw new ScenarioFileException("format", "missing; expected \"" + ScenarioFile.FORMAT + "\"");
        }
        if (!format.isTextual() || !format.textValue().equals(ScenarioFile.FORMAT)) {
            throw new ScenarioFileException("format", format + " is not a format this lab reads; expected \""
                    + ScenarioFile.FORMAT + "\"");
        }
        String name = text(root, "name", null);
        if (name.isBlank()) {
            throw new ScenarioFileException("name", "must not be blank");
        }
        String note = text(root, "note", "");
        String watch = text(root, "watch", "repeatedSteps");
        if (!watchable.contains(watch)) {
            throw new ScenarioFileException("watch", root.get("watch") + " is not a metric; allowed: "
                    + String.join(", ", watchable));
        }
        ScenarioFile.View view = choose(root.get("view"), "view", ScenarioFile.View.values(),
                ScenarioFile.View::fileName, ScenarioFile.View.COMPARE);
        SweepSpec sweep = sweep(root.get("sweep"), view, watch);
        List<Strategy> strategies = strategies(root.get("strategies"));
        Scenario scenario = scenario(root.get("scenario"));
        for (int i = 0; i < strategies.size(); i++) {
            try {
                strategies.get(i).on(scenario); // a setting that contradicts the scenario, e.g. a delay's ends
            } catch (ParameterException e) {
                throw new ScenarioFileException("strategies[" + i + "].settings." + e.parameter().id(),
                        e.messageFor("").substring(2));
            }
        }
        List<Expectation> expect = expectations(root.get("expect"), strategies.size());
        return new ScenarioFile(name, note, watch, view, strategies, scenario, sweep, expect);
    }

    /** @return the file's {@code expect} list (empty if absent), each naming a strategy of the file and a metric */
    private List<Expectation> expectations(JsonNode v, int strategyCount) {
        if (v == null) {
            return List.of();
        }
        String example = "e.g. [{\"strategy\": 0, \"metric\": \"usersWithDuplicateEmails\", \"max\": 0}]";
        if (!v.isArray()) {
            throw new ScenarioFileException("expect", describe(v) + " is not a list of expectations, " + example);
        }
        List<Expectation> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            String path = "expect[" + i + "]";
            JsonNode e = v.get(i);
            if (!e.isObject()) {
                throw new ScenarioFileException(path, describe(e) + " is not an object {\"strategy\": ..., "
                        + "\"metric\": ..., \"max\": ...}");
            }
            noUnknownFields(e, path + ".", EXPECT);
            String range = "0 to " + (strategyCount - 1) + ", the strategy's place in \"strategies\"";
            JsonNode st = e.get("strategy");
            if (st == null) {
                throw new ScenarioFileException(path + ".strategy", "missing; allowed " + range);
            }
            if (!st.isIntegralNumber() || st.bigIntegerValue().signum() < 0
                    || st.bigIntegerValue().compareTo(BigInteger.valueOf(strategyCount - 1)) > 0) {
                throw new ScenarioFileException(path + ".strategy", describe(st) + " is not allowed; allowed " + range);
            }
            JsonNode m = e.get("metric");
            if (m == null || !m.isTextual() || !watchable.contains(m.textValue())) {
                throw new ScenarioFileException(path + ".metric", (m == null ? "missing" : describe(m)
                        + " is not a metric") + "; allowed: " + String.join(", ", watchable));
            }
            Double min = bound(e, path, "min");
            Double max = bound(e, path, "max");
            if (min == null && max == null) {
                throw new ScenarioFileException(path, "needs \"min\", \"max\" or both");
            }
            if (min != null && max != null && min > max) {
                throw new ScenarioFileException(path + ".min", e.get("min") + " is above max " + e.get("max"));
            }
            out.add(new Expectation(st.intValue(), m.textValue(), min, max));
        }
        return out;
    }

    private static Double bound(JsonNode e, String path, String field) {
        JsonNode n = e.get(field);
        if (n == null) {
            return null;
        }
        if (!n.isNumber() || !Double.isFinite(n.doubleValue())) {
            throw new ScenarioFileException(path + "." + field, describe(n) + " is not a number");
        }
        return n.doubleValue();
    }

    /**
     * @return the {@code sweep} object of a sweep file (null for the other views), every field checked: the varied
     *         parameter, its range in model units, the points, the spacing, one or two watchable metrics (the
     *         file's {@code watch} when absent) and the log scale
     */
    private SweepSpec sweep(JsonNode v, ScenarioFile.View view, String watch) {
        if (view != ScenarioFile.View.SWEEP) {
            if (v != null) {
                throw new ScenarioFileException("sweep", "only a file with \"view\": \"sweep\" takes a sweep; this "
                        + "one's view is \"" + view.fileName() + "\"");
            }
            return null;
        }
        if (v == null) {
            throw new ScenarioFileException("sweep", "missing; \"view\": \"sweep\" needs a sweep object "
                    + "{\"vary\": ..., \"from\": ..., \"to\": ...}");
        }
        if (!v.isObject()) {
            throw new ScenarioFileException("sweep", v + " is not an object {\"vary\": ..., \"from\": ..., "
                    + "\"to\": ...}");
        }
        noUnknownFields(v, "sweep.", SWEEP);
        List<Parameter> sweepable = Arrays.stream(Parameter.values()).filter(Parameter::isSweepable).toList();
        Parameter vary = choose(v.get("vary"), "sweep.vary", sweepable.toArray(Parameter[]::new), Parameter::id,
                null);
        double from = required(v, "from", vary);
        double to = required(v, "to", vary);
        int points = DEFAULT_POINTS;
        JsonNode n = v.get("points");
        if (n != null) {
            String range = SweepSpec.MIN_POINTS + " to " + Parameter.grouped(SweepSpec.MAX_POINTS);
            if (!n.isNumber()) {
                throw new ScenarioFileException("sweep.points", n + " is not a whole number; allowed " + range);
            }
            BigDecimal d = n.isIntegralNumber() ? new BigDecimal(n.bigIntegerValue()) : n.decimalValue();
            if (d.compareTo(BigDecimal.valueOf(SweepSpec.MIN_POINTS)) < 0
                    || d.compareTo(BigDecimal.valueOf(SweepSpec.MAX_POINTS)) > 0) {
                throw new ScenarioFileException("sweep.points", n + " is outside the allowed range " + range);
            }
            if (!isWhole(d)) {
                throw new ScenarioFileException("sweep.points", n + " is not a whole number; allowed " + range);
            }
            points = d.intValueExact();
        }
        Spacing spacing = choose(v.get("spacing"), "sweep.spacing", Spacing.values(), Spacing::cliName,
                Spacing.LINEAR);
        if (spacing == Spacing.LOG && (from <= 0 || to <= 0)) {
            String end = from <= 0 ? "from" : "to";
            throw new ScenarioFileException("sweep." + end, v.get(end) + " is not above 0; \"spacing\": \"log\" "
                    + "needs both ends above 0");
        }
        List<String> metrics = metrics(v.get("metrics"), watch);
        boolean logScale = false;
        JsonNode log = v.get("logScale");
        if (log != null) {
            if (!log.isBoolean()) {
                throw new ScenarioFileException("sweep.logScale", log + " is not true or false");
            }
            logScale = log.booleanValue();
        }
        return new SweepSpec(vary, from, to, points, spacing, metrics, logScale);
    }

    /** @return a sweep end ({@code from} or {@code to}), in {@code p}'s model units and range */
    private static double required(JsonNode sweep, String field, Parameter p) {
        JsonNode n = sweep.get(field);
        if (n == null) {
            throw new ScenarioFileException("sweep." + field, "missing; a value of " + p.id() + " is required, "
                    + p.rangeText());
        }
        return ((Number) value(n, "sweep." + field, p)).doubleValue();
    }

    /** @return the one or two metric ids a sweep plots, each watchable and none twice ({@code watch} if absent) */
    private List<String> metrics(JsonNode v, String watch) {
        if (v == null) {
            return List.of(watch);
        }
        if (!v.isArray() || v.isEmpty() || v.size() > SweepSpec.MAX_METRICS) {
            throw new ScenarioFileException("sweep.metrics", v + " is not a list of one or two metrics, e.g. "
                    + "[\"overlappingRuns\", \"deadLetteredJobs\"]");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            JsonNode m = v.get(i);
            String path = "sweep.metrics[" + i + "]";
            if (!m.isTextual() || !watchable.contains(m.textValue())) {
                throw new ScenarioFileException(path, m + " is not a metric; allowed: " + String.join(", ", watchable));
            }
            if (out.contains(m.textValue())) {
                throw new ScenarioFileException(path, m + " is listed twice");
            }
            out.add(m.textValue());
        }
        return out;
    }

    private static String readAll(Reader in) throws IOException {
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[8192];
        for (int n; (n = in.read(buf)) > 0; ) {
            sb.append(buf, 0, n);
        }
        return sb.toString();
    }

    private static String line(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        return "line " + (at == null || at.getLineNr() < 1 ? 1 : at.getLineNr());
    }

    private static void noUnknownFields(JsonNode object, String path, List<String> allowed) {
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!allowed.contains(f)) {
                throw new ScenarioFileException(path + f, "unknown field; allowed: " + String.join(", ", allowed));
            }
        }
    }

    /** @return the text field, or {@code absent} if missing ({@code null}: the field is required) */
    private static String text(JsonNode object, String field, String absent) {
        JsonNode v = object.get(field);
        if (v == null) {
            if (absent == null) {
                throw new ScenarioFileException(field, "missing; a text is required");
            }
            return absent;
        }
        if (!v.isTextual()) {
            throw new ScenarioFileException(field, v + " is not a text (\"...\")");
        }
        return v.textValue();
    }

    private static <T> T choose(JsonNode v, String path, T[] values, Function<T, String> fileName, T absent) {
        List<String> names = Arrays.stream(values).map(fileName).toList();
        if (v == null) {
            if (absent == null) {
                throw new ScenarioFileException(path, "missing; allowed: " + String.join(", ", names));
            }
            return absent;
        }
        for (T t : values) {
            if (v.isTextual() && fileName.apply(t).equals(v.textValue())) {
                return t;
            }
        }
        throw new ScenarioFileException(path, v + " is not allowed; allowed: " + String.join(", ", names));
    }

    private static List<Strategy> strategies(JsonNode v) {
        if (v == null) {
            return Strategy.ARTICLE;
        }
        if (!v.isArray() || v.isEmpty()) {
            throw new ScenarioFileException("strategies", v + " is not a list of one or more strategies, "
                    + "e.g. [{\"retry\": \"each-step\", \"providerKey\": \"none\", \"store\": \"none\"}]");
        }
        List<Strategy> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            String path = "strategies[" + i + "]";
            JsonNode s = v.get(i);
            if (!s.isObject()) {
                throw new ScenarioFileException(path, s + " is not an object {\"retry\": ..., \"providerKey\": "
                        + "..., \"store\": ...}");
            }
            noUnknownFields(s, path + ".", STRATEGY);
            RetryScope scope = choose(s.get("retry"), path + ".retry", RetryScope.values(), RetryScope::cliName,
                    null);
            KeyMode key = choose(s.get("providerKey"), path + ".providerKey", KeyMode.values(), KeyMode::cliName,
                    null);
            StoreKind implied = scope == RetryScope.WHOLE_JOB_SKIP_FINISHED ? StoreKind.MEMORY : StoreKind.NONE;
            StoreKind store = choose(s.get("store"), path + ".store", StoreKind.values(), StoreKind::cliName,
                    implied);
            if (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED && !store.recordsCompletion()) {
                throw new ScenarioFileException(path + ".store", "\"" + store.cliName() + "\" keeps no record "
                        + "of finished steps; retry \"" + scope.cliName() + "\" needs memory or claim-table");
            }
            out.add(Strategy.of(scope, key, store, settings(s.get("settings"), path + ".settings")));
        }
        return List.copyOf(out);
    }

    /** @return a strategy's {@code settings}: parameter values in place of the scenario's (empty if absent) */
    private static Map<Parameter, Object> settings(JsonNode v, String path) {
        Map<Parameter, Object> out = new LinkedHashMap<>();
        if (v == null) {
            return out;
        }
        if (!v.isObject()) {
            throw new ScenarioFileException(path, v + " is not an object {...} of the fields "
                    + "\"scenario\" takes");
        }
        noUnknownFields(v, path + ".", SCENARIO);
        for (Parameter p : Parameter.values()) {
            JsonNode n = v.get(p.id());
            if (n != null && !p.isStrategySetting()) {
                throw new ScenarioFileException(path + "." + p.id(), "every strategy runs with the scenario's; set "
                        + p.id() + " in \"scenario\"");
            }
            if (n != null) {
                out.put(p, value(n, path + "." + p.id(), p));
            }
        }
        return out;
    }

    private static Scenario scenario(JsonNode v) {
        Scenario.Builder b = Scenario.article().toBuilder();
        if (v == null) {
            return b.build();
        }
        if (!v.isObject()) {
            throw new ScenarioFileException("scenario", v + " is not an object {\"jobs\": ..., ...}");
        }
        noUnknownFields(v, "scenario.", SCENARIO);
        for (Parameter p : Parameter.values()) {
            JsonNode n = v.get(p.id());
            if (n != null) {
                p.set(b, value(n, "scenario." + p.id(), p));
            }
        }
        try {
            return b.build(); // cross-field checks, e.g. duplicateDelayMaxMs below duplicateDelayMinMs
        } catch (ParameterException e) {
            throw new ScenarioFileException("scenario." + e.parameter().id(),
                    e.messageFor("").substring(2));
        }
    }

    /** @return a {@code scenario} field's value, read as its parameter's kind and range-checked */
    private static Object value(JsonNode n, String path, Parameter p) {
        return switch (p.kind()) {
            case COUNT, MILLIS -> whole(n, path, p);
            case PROBABILITY, RATE, FACTOR -> decimal(n, path, p);
            case FLAG -> {
                if (!n.isBoolean()) {
                    throw new ScenarioFileException(path, n + " is not true or false");
                }
                yield n.booleanValue();
            }
            case CHOICE -> choose(n, path, p.choices().toArray(Choice[]::new), Choice::cliName, null);
        };
    }

    private static long whole(JsonNode n, String path, Parameter p) {
        if (!n.isNumber()) {
            throw new ScenarioFileException(path, n + " is not " + p.kindText() + "; allowed " + p.rangeText());
        }
        // the range first, on the decimal as written: 1e999999999 is refused at once, never expanded to digits
        BigDecimal d = n.isIntegralNumber() ? new BigDecimal(n.bigIntegerValue()) : n.decimalValue();
        if (d.compareTo(BigDecimal.valueOf(p.min())) < 0 || d.compareTo(BigDecimal.valueOf(p.max())) > 0) {
            throw new ScenarioFileException(path, n + " is outside the allowed range " + p.rangeText());
        }
        if (!isWhole(d)) {
            throw new ScenarioFileException(path, n + " is not " + p.kindText() + "; allowed " + p.rangeText());
        }
        return d.longValueExact(); // 1e5, 100000.0 and 100000 alike
    }

    /**
     * @return the index just past the first JSON value's closing brace or bracket (strings and escapes skipped),
     *         or -1 if it never closes (a truncated file) or the text does not start with { or [
     */
    private static int endOfFirstValue(String text) {
        int depth = 0;
        boolean inString = false;
        boolean started = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                depth++;
                started = true;
            } else if (c == '}' || c == ']') {
                depth--;
                if (started && depth == 0) {
                    return i + 1;
                }
            } else if (!started && !Character.isWhitespace(c)) {
                return -1; // not an object: Jackson says what it is
            }
        }
        return -1;
    }

    private static int firstNonBlank(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int lineAt(String text, int index) {
        int line = 1;
        for (int i = 0; i < index && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static boolean isWhole(BigDecimal d) {
        return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
    }

    private static double decimal(JsonNode n, String path, Parameter p) {
        if (!n.isNumber()) {
            throw new ScenarioFileException(path, n + " is not " + p.kindText() + "; allowed " + p.rangeText());
        }
        BigDecimal d = n.decimalValue();
        if (d.compareTo(BigDecimal.valueOf(p.min())) < 0 || d.compareTo(BigDecimal.valueOf(p.max())) > 0) {
            throw new ScenarioFileException(path, n + " is outside the allowed range " + p.rangeText());
        }
        return d.doubleValue();
    }

    private static String describe(JsonNode n) {
        return n.isArray() ? "a list [...]" : n.toString();
    }

    // ------------------------------------------------------------------ writing

    /**
     * Writes {@code file} to {@code out} as indented JSON with every field, so that {@link #read(Reader)} gives
     * an equal {@link ScenarioFile}. {@code out} is flushed, not closed.
     *
     * @throws IOException if writing fails
     */
    public void write(ScenarioFile file, Writer out) throws IOException {
        MAPPER.writeValue(out, tree(file));
        out.write(System.lineSeparator());
        out.flush();
    }

    /**
     * Saves {@code file} atomically: it is written to a temporary file in the same folder, which then replaces
     * {@code path} in one move. If anything fails, {@code path} keeps its old content (or does not exist) and
     * the temporary file is deleted.
     *
     * @throws IOException if the folder does not exist or cannot be written; the message names the path
     */
    public void write(ScenarioFile file, Path path) throws IOException {
        Path target = path.toAbsolutePath();
        Path folder = target.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new IOException("cannot save " + target + ": the folder " + folder + " does not exist");
        }
        Path tmp = Files.createTempFile(folder, "." + target.getFileName(), ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                write(file, w);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static ObjectNode tree(ScenarioFile file) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", ScenarioFile.FORMAT);
        root.put("name", file.name());
        root.put("note", file.note());
        root.put("watch", file.watch());
        root.put("view", file.view().fileName());
        if (file.sweep() != null) { // compare and live files are written as before sweeps existed
            SweepSpec w = file.sweep();
            ObjectNode sweep = root.putObject("sweep");
            sweep.put("vary", w.vary().id());
            sweep.putPOJO("from", fileValue(number(w.vary(), w.from())));
            sweep.putPOJO("to", fileValue(number(w.vary(), w.to())));
            sweep.put("points", w.points());
            sweep.put("spacing", w.spacing().cliName());
            ArrayNode metrics = sweep.putArray("metrics");
            w.metrics().forEach(metrics::add);
            sweep.put("logScale", w.logScale());
        }
        ArrayNode strategies = root.putArray("strategies");
        for (Strategy s : file.strategies()) {
            ObjectNode o = strategies.addObject().put("retry", s.scope().cliName())
                    .put("providerKey", s.keyMode().cliName()).put("store", s.store().cliName());
            if (!s.settings().isEmpty()) {
                ObjectNode settings = o.putObject("settings");
                s.settings().forEach((p, v) -> settings.putPOJO(p.id(), fileValue(v)));
            }
        }
        ObjectNode scenario = root.putObject("scenario");
        Map<String, Object> values = values(file.scenario());
        for (String f : SCENARIO) {
            scenario.putPOJO(f, values.get(f));
        }
        if (!file.expect().isEmpty()) { // a file without expectations is written as before they existed
            ArrayNode expect = root.putArray("expect");
            for (Expectation e : file.expect()) {
                ObjectNode o = expect.addObject().put("strategy", e.strategy()).put("metric", e.metric());
                if (e.min() != null) {
                    o.putPOJO("min", new BigDecimal(Parameter.plain(e.min())));
                }
                if (e.max() != null) {
                    o.putPOJO("max", new BigDecimal(Parameter.plain(e.max())));
                }
            }
        }
        return root;
    }

    /** @return {@code value} as {@code p}'s kind holds it: a long for whole numbers, else the double */
    private static Object number(Parameter p, double value) {
        return p.kind().isDecimal() ? (Object) value : (Object) Math.round(value);
    }

    /** @return every {@code scenario} field's value: a long, a BigDecimal (decimals), a boolean or a text */
    private static Map<String, Object> values(Scenario s) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Parameter p : Parameter.values()) {
            m.put(p.id(), fileValue(p.get(s)));
        }
        return m;
    }

    /** @return a parameter's value as a file holds it: a long, a BigDecimal (decimals), a boolean or a text */
    private static Object fileValue(Object v) {
        return v instanceof Double d ? new BigDecimal(Parameter.plain(d)) : v instanceof Choice c ? c.cliName() : v;
    }
}
