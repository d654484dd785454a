package org.idempotencylab.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Reads lesson files ({@link Lesson}), checked as scenario files are: a lesson is data beside the presets
 * ({@code assets/lessons/}), so a teacher can write one.
 *
 * <pre>{@code
 * {
 *   "format": "idempotency-lab/lesson@1",
 *   "title": "The lost reply and the provider key",
 *   "summary": "...",
 *   "frames": [{
 *     "title": "The reply that never came",
 *     "preset": "opening-no-key.json",
 *     "watch": "Two sentences on what to watch.",
 *     "until": {"event": "duplicate-side-effect", "step": 7},
 *     "predict": {"question": "How many welcome emails will user_1 get?",
 *                 "choices": [{"text": "One", "value": 1}, {"text": "Two or more", "min": 2}],
 *                 "answer": 1, "measure": {"count": "welcome-email", "user": 1}},
 *     "explain": "What the pause shows."
 *   }]
 * }
 * }</pre>
 *
 * <p>A frame's scenario is a preset's ({@code preset}, a file name of {@code assets/scenarios/}) or the article's,
 * with the frame's {@code scenario} fields over it (the names scenario files take); its strategy is the preset's
 * first, the preset's {@code strategy}-th (a number from 0), or a strategy object ({@code {"retry": ...,
 * "providerKey": ..., "store": ...}}), the article's first without a preset. {@code until} is {@code {"event":
 * NAME}} with a {@link LessonCount} name, optionally narrowed to a {@code step} (1 to 10) and a {@code user}
 * (its number), and {@code times} (1 if absent); or {@code {"event": "end"}} (every sign-up ended), or
 * {@code {"event": "time", "ms": 12000}} (virtual ms). A {@code predict}ion's choices each stand for a
 * {@code value}, or a range {@code min} to {@code max} (no max: "or more"); {@code answer} is the right one's place
 * from 0; {@code measure} names the number read when the frame pauses.
 *
 * <p>Reading checks the whole file and lists every problem in file order, one a line (at most
 * {@link ScenarioFileException#LIMIT}, and a line counting the rest), each naming the field by its JSON path, the
 * value, and what is allowed; a bad preset, strategy or event leaves the rest of its frame checked:
 * {@code frames[1].until.event: "duplicate" is not allowed; allowed: side-effect, duplicate-side-effect, ...}.
 * Nothing a file holds makes it throw anything but {@link ScenarioFileException}: the same limits as scenario files
 * (1 MiB, UTF-8, JSON parsed in plain words), and a frame's scenario is checked by {@link ScenarioFiles}, its
 * problems named under the frame ({@code frames[0].scenario.pFail: 1.5 is outside the allowed range 0 to 1}).
 */
public final class LessonFiles {
    /** Most frames of one lesson. */
    public static final int MAX_FRAMES = 20;
    /** Most choices of one prediction. */
    public static final int MAX_OPTIONS = 6;
    /** Most sign-ups a frame plays: the live view's limit. */
    public static final long MAX_JOBS = 100_000;
    /** Most characters of a title, a question or a choice. */
    public static final int MAX_TITLE = 120;
    /** Most characters of a summary, a watch text or an explanation. */
    public static final int MAX_TEXT = 600;
    /** Most times an event condition can wait for. */
    public static final long MAX_TIMES = 1_000_000;
    /** Latest virtual time a time condition can wait for, ms (a virtual week). */
    public static final long MAX_MS = 7L * 24 * 60 * 60 * 1000;

    private static final List<String> TOP = List.of("format", "title", "summary", "frames");
    private static final List<String> FRAME = List.of("title", "watch", "preset", "strategy", "scenario", "until",
            "predict", "explain");
    private static final List<String> UNTIL = List.of("event", "step", "user", "times", "ms");
    private static final List<String> PREDICT = List.of("question", "choices", "answer", "measure");
    private static final List<String> CHOICE = List.of("text", "value", "min", "max");
    private static final List<String> MEASURE = List.of("count", "step", "user");
    /** The two condition names beside the counts. */
    static final String END = "end";
    static final String TIME = "time";

    private final ScenarioFiles files;
    private final Map<String, ScenarioFile> presets;
    private final List<String> steps;

    /**
     * @param files   the scenario reader a frame's scenario goes through
     * @param presets the presets a frame may name, by file name, in menu order
     * @param steps   the steps' names in order (the engine's; the scenario layer does not know them), for the
     *                range of {@code step} and its messages
     */
    public LessonFiles(ScenarioFiles files, Map<String, ScenarioFile> presets, List<String> steps) {
        this.files = files;
        this.presets = new LinkedHashMap<>(presets);
        this.steps = List.copyOf(steps);
    }

    /** @return the names {@code until.event} takes: every {@link LessonCount}, then {@code end} and {@code time} */
    public static List<String> eventNames() {
        List<String> out = new ArrayList<>(countNames());
        out.add(END);
        out.add(TIME);
        return out;
    }

    /** @return the names {@code measure.count} takes */
    public static List<String> countNames() {
        return Arrays.stream(LessonCount.values()).map(LessonCount::fileName).toList();
    }

    /**
     * @return the lesson in the file at {@code path} (a regular file, or a link to one; UTF-8, at most 1 MiB)
     * @throws ScenarioFileException    if it is not a valid lesson file; one line per problem
     * @throws NotRegularFileException  if it is a folder, a named pipe, a device: it is not opened
     * @throws IOException              if it cannot be read
     */
    public Lesson read(Path path) throws IOException {
        NotRegularFileException.check(path); // a named pipe or a terminal would be waited on for ever
        long size = Files.size(path);
        if (size > ScenarioText.MAX_BYTES) {
            throw ScenarioText.tooLarge(size, ScenarioText.Kind.LESSON);
        }
        try (InputStream in = Files.newInputStream(path)) {
            return read(in);
        }
    }

    /**
     * @return the lesson {@code in} holds as UTF-8 (not closed)
     * @throws ScenarioFileException if it is not a valid lesson file; one line per problem
     * @throws IOException           if reading fails
     */
    public Lesson read(InputStream in) throws IOException {
        return read(ScenarioText.read(in, ScenarioText.Kind.LESSON));
    }

    /**
     * @return the lesson {@code text} holds
     * @throws ScenarioFileException if it is not a valid lesson file; one line per problem
     */
    public Lesson read(String text) {
        JsonNode root = ScenarioJson.parse(text, ScenarioText.Kind.LESSON);
        if (!root.isObject()) {
            throw new ScenarioFileException("file", "a lesson file is one JSON object {...}, not "
                    + ScenarioJson.shown(root));
        }
        Reading r = new Reading(root);
        Lesson lesson;
        try {
            lesson = r.lesson(root);
        } catch (RuntimeException e) {
            if (e instanceof ScenarioFileException s) {
                throw s;
            }
            throw new ScenarioFileException("file", "could not be checked (" + e.getClass().getSimpleName()
                    + ", an error in the lab, not in the file)");
        }
        if (!r.problems.isEmpty()) {
            List<ScenarioFileException.Problem> listed = r.inFileOrder();
            throw new ScenarioFileException(listed.subList(0, Math.min(listed.size(), ScenarioFileException.LIMIT)),
                    listed.size() + r.unlisted);
        }
        return lesson;
    }

    /**
     * One read of one file: the checks, which note each problem and go on with what can still be checked (a bad
     * preset, strategy, event or count leaves the frame's other fields checked), and the problems found.
     */
    private final class Reading {
        private final List<ScenarioFileException.Problem> problems = new ArrayList<>();
        /** Where each path is, as deep as a checked path goes: frames[0].predict.choices[1].value */
        private final FileOrder order;
        /** Problems a frame's scenario holds beyond those its reader listed. */
        private int unlisted;

        Reading(JsonNode root) {
            this.order = new FileOrder(root, 6);
        }

        private void add(String field, String message) {
            problems.add(new ScenarioFileException.Problem(field, message));
        }

        /** @return the problems in the order of their fields in the file (stable: one field's in check order) */
        List<ScenarioFileException.Problem> inFileOrder() {
            List<ScenarioFileException.Problem> out = new ArrayList<>(problems);
            out.sort(java.util.Comparator.comparingInt(p -> order.position(p.field())));
            return out;
        }

        Lesson lesson(JsonNode root) {
            JsonNode format = root.get("format");
            if (format != null && format.isTextual() && format.textValue().equals(ScenarioFile.FORMAT)) {
                // a scenario file given as a lesson: say that, not every field a lesson does not have
                add("format", "\"" + ScenarioFile.FORMAT + "\" is a scenario file's format, not a lesson's \""
                        + Lesson.FORMAT + "\"; check a scenario file with `check FILE`");
                return null;
            }
            unknown(root, "", TOP);
            if (format == null) {
                add("format", "missing; expected \"" + Lesson.FORMAT + "\"");
            } else if (!format.isTextual() || !format.textValue().equals(Lesson.FORMAT)) {
                add("format", ScenarioJson.shown(format) + " is not a format this lab reads; expected \""
                        + Lesson.FORMAT + "\"");
            }
            String title = text(root, "title", "title", true, MAX_TITLE);
            String summary = text(root, "summary", "summary", false, MAX_TEXT);
            JsonNode list = root.get("frames");
            List<LessonFrame> frames = new ArrayList<>();
            if (list == null) {
                add("frames", "missing; a lesson has 1 to " + MAX_FRAMES + " frames [{...}]");
            } else if (!list.isArray() || list.isEmpty() || list.size() > MAX_FRAMES) {
                add("frames", (list.isArray() ? "a list of " + ScenarioText.grouped(list.size()) + " frames"
                        : ScenarioJson.shown(list)) + " is not allowed; a lesson has 1 to " + MAX_FRAMES
                        + " frames [{...}]" + (list.size() > MAX_FRAMES ? " (the first " + MAX_FRAMES
                        + " are checked)" : ""));
            }
            if (list != null && list.isArray()) {
                // too many frames: the first are still checked, and no more (each is a scenario read, ~1 ms)
                for (int i = 0; i < Math.min(list.size(), MAX_FRAMES); i++) {
                    LessonFrame f = frame(list.get(i), "frames[" + i + "]");
                    if (f != null) {
                        frames.add(f);
                    }
                }
            }
            if (!problems.isEmpty()) {
                return null;
            }
            return new Lesson(title, summary, frames);
        }

        private LessonFrame frame(JsonNode f, String path) {
            if (!f.isObject()) {
                add(path, ScenarioJson.shown(f) + " is not a frame {\"title\": ..., \"watch\": ..., \"until\": "
                        + "...}");
                return null;
            }
            int before = problems.size();
            unknown(f, path, FRAME);
            String title = text(f, "title", path + ".title", true, MAX_TITLE);
            String watch = text(f, "watch", path + ".watch", true, MAX_TEXT);
            String explain = text(f, "explain", path + ".explain", false, MAX_TEXT);
            ScenarioFile played = played(f, path, title);
            long jobs = played == null ? -1 : played.scenario().jobs();
            StopCondition until = until(f.get("until"), path + ".until", jobs);
            Prediction predict = f.has("predict") ? prediction(f.get("predict"), path + ".predict", jobs) : null;
            if (problems.size() > before) {
                return null;
            }
            String preset = f.has("preset") ? f.get("preset").textValue() : "";
            return new LessonFrame(title, watch, preset, played.scenario(), played.strategies().get(0), until,
                    predict, explain);
        }

        /**
         * @return the frame's scenario and its one strategy, as a live scenario file, if its scenario reads (for the
         *         range of the frame's user numbers; the frame's other problems are noted), else null. A bad preset
         *         leaves the frame's scenario fields checked each alone, a bad strategy the scenario checked with
         *         the article's first strategy standing in.
         */
        private ScenarioFile played(JsonNode f, String path, String title) {
            JsonNode preset = f.get("preset");
            ScenarioFile base = null;
            boolean known = true; // the scenario the frame's own fields go over
            if (preset != null) {
                if (preset.isTextual() && presets.containsKey(preset.textValue())) {
                    base = presets.get(preset.textValue());
                } else {
                    add(path + ".preset", ScenarioJson.shown(preset) + " is not a preset; allowed: "
                            + String.join(", ", presets.keySet()));
                    known = false;
                }
            }
            ObjectNode tree = base != null ? ScenarioFileWriter.tree(base)
                    : JsonNodeFactory.instance.objectNode().put("format", ScenarioFile.FORMAT);
            tree.put("name", title == null || title.isBlank() ? "frame" : title);
            tree.put("view", ScenarioFile.View.LIVE.fileName());
            tree.remove("sweep");
            tree.remove("expect");
            tree.remove("lanes"); // a frame plays one strategy: the preset's two lanes are not the frame's
            JsonNode chosen = strategy(f.get("strategy"), path + ".strategy", base, known, tree.get("strategies"));
            tree.set("strategies", JsonNodeFactory.instance.arrayNode().add(chosen != null ? chosen
                    : articleStrategy(0)));
            JsonNode sc = f.get("scenario");
            if (sc != null && !sc.isObject()) {
                add(path + ".scenario", ScenarioJson.shown(sc) + " is not an object {\"jobs\": ..., ...} of the "
                        + "fields scenario files take");
            } else if (sc != null && !known) {
                // over a preset that is not there only each field alone can be checked
                ScenarioJson.fieldProblems(sc, path + ".scenario").forEach(p -> add(p.field(), p.message()));
            } else if (sc != null) {
                ObjectNode merged = tree.get("scenario") instanceof ObjectNode o ? o : tree.putObject("scenario");
                sc.fields().forEachRemaining(e -> merged.set(e.getKey(), e.getValue()));
            }
            ScenarioFile file;
            try {
                file = files.read(ScenarioFileWriter.text(tree));
            } catch (ScenarioFileException e) {
                for (ScenarioFileException.Problem p : e.problems()) {
                    if (chosen == null && p.field().startsWith("strategies")) {
                        continue; // the stand-in's, not the file's
                    }
                    add(path + "." + p.field().replaceFirst("^strategies(\\[0\\])?", "strategy"), p.message());
                }
                unlisted += e.count() - e.problems().size();
                return null;
            }
            if (!known) {
                return null; // the article's scenario stood in for the preset's: its sign-ups are not the frame's
            }
            if (file.scenario().jobs() > MAX_JOBS) {
                add(path + ".scenario.jobs", Parameter.grouped(file.scenario().jobs())
                        + (sc != null && sc.has("jobs") ? "" : base == null ? " (the article's: no jobs given)"
                        : " (the preset's)")
                        + " is more than a lesson plays; allowed 1 to " + Parameter.grouped(MAX_JOBS)
                        + " (the live view's limit)");
                return null;
            }
            return file;
        }

        /**
         * @return the strategy object the frame plays: its own, the preset's (or the article's) at the place it
         *         names, the first if it names none; null if it is bad (noted) or its preset is not there
         */
        private JsonNode strategy(JsonNode st, String path, ScenarioFile base, boolean known, JsonNode listed) {
            if (st != null && st.isObject()) {
                return st;
            }
            int count = base == null ? Strategy.ARTICLE.size() : base.strategies().size();
            boolean place = st == null || st.isIntegralNumber() && st.bigIntegerValue().signum() >= 0
                    && (!known || st.bigIntegerValue().compareTo(java.math.BigInteger.valueOf(count)) < 0);
            if (!place) {
                add(path, ScenarioJson.shown(st) + " is not allowed; allowed: " + (known ? "0 to " + (count - 1)
                        + " (a strategy's place in " + (base == null ? "the article's five"
                        : "the preset's strategies") + ")" : "a strategy's place in the preset's strategies, from 0,")
                        + " or a strategy {\"retry\": ..., \"providerKey\": ..., \"store\": ...}");
                return null;
            }
            if (!known) {
                return null;
            }
            int k = st == null ? 0 : st.intValue();
            return base != null ? listed.get(k) : articleStrategy(k);
        }

        /** @return the article's {@code k}-th strategy as a file writes it */
        private ObjectNode articleStrategy(int k) {
            Strategy s = Strategy.ARTICLE.get(k);
            return JsonNodeFactory.instance.objectNode().put("retry", s.scope().cliName())
                    .put("providerKey", s.keyMode().cliName()).put("store", s.store().cliName());
        }

        private StopCondition until(JsonNode u, String path, long jobs) {
            String example = "e.g. {\"event\": \"duplicate-side-effect\", \"step\": 7}";
            if (u == null) {
                add(path, "missing; a frame pauses at a condition, " + example);
                return null;
            }
            if (!u.isObject()) {
                add(path, ScenarioJson.shown(u) + " is not a condition, " + example);
                return null;
            }
            int before = problems.size();
            unknown(u, path, UNTIL);
            JsonNode ev = u.get("event");
            String name = ev != null && ev.isTextual() ? ev.textValue() : null;
            if (name == null || !eventNames().contains(name)) {
                add(path + ".event", (ev == null ? "missing" : ScenarioJson.shown(ev) + " is not allowed")
                        + "; allowed: " + String.join(", ", eventNames()));
                // which of the other fields the event takes is not known; each is still checked by its own range
                tally(u, path, null, jobs);
                if (u.has("times")) {
                    whole(u.get("times"), path + ".times", 1, MAX_TIMES, "times");
                }
                if (u.has("ms")) {
                    whole(u.get("ms"), path + ".ms", 0, MAX_MS, "virtual ms");
                }
                return null;
            }
            if (name.equals(END) || name.equals(TIME)) {
                for (String f : List.of("step", "user", "times")) {
                    if (u.has(f)) {
                        add(path + "." + f, "\"" + name + "\" takes no " + f + "; only a counted event does");
                    }
                }
                if (name.equals(END)) {
                    if (u.has("ms")) {
                        add(path + ".ms", "\"end\" takes no ms; use {\"event\": \"time\", \"ms\": ...}");
                    }
                    return problems.size() > before ? null : StopCondition.end();
                }
                JsonNode ms = u.get("ms");
                if (ms == null) {
                    add(path + ".ms", "missing; \"time\" needs the virtual time in ms, 0 to " + Parameter.grouped(MAX_MS));
                    return null;
                }
                Long at = whole(ms, path + ".ms", 0, MAX_MS, "virtual ms");
                return problems.size() > before || at == null ? null : StopCondition.time(at);
            }
            if (u.has("ms")) {
                add(path + ".ms", "a counted event takes no ms; \"times\" says how many times it must happen");
            }
            Tally tally = tally(u, path, LessonCount.valueOf(name.toUpperCase(java.util.Locale.ROOT)
                    .replace('-', '_')), jobs);
            Long times = u.has("times") ? whole(u.get("times"), path + ".times", 1, MAX_TIMES, "times") : Long.valueOf(1);
            return problems.size() > before || tally == null || times == null ? null
                    : StopCondition.event(tally, times);
        }

        /**
         * @return the count narrowed by the object's {@code step} and {@code user}, or null if one is bad (noted);
         *         with no count (its name is bad), each is checked by its own range
         */
        private Tally tally(JsonNode o, String path, LessonCount count, long jobs) {
            int before = problems.size();
            int step = 0;
            JsonNode s = o.get("step");
            if (s != null && count != null && !count.hasStep()) {
                add(path + ".step", "\"" + count.fileName() + "\" takes no step; a step narrows only "
                        + Arrays.stream(LessonCount.values()).filter(LessonCount::hasStep).map(LessonCount::fileName)
                        .collect(Collectors.joining(", ")));
            } else if (s != null) {
                Long v = whole(s, path + ".step", 1, steps.size(), "a step, " + IntStream.range(0, steps.size())
                        .mapToObj(i -> (i + 1) + " " + steps.get(i)).collect(Collectors.joining(", ")));
                step = v == null ? 0 : v.intValue();
            }
            long user = -1;
            JsonNode us = o.get("user");
            if (us != null) {
                Long v = jobs < 1 ? whole(us, path + ".user", 0, MAX_JOBS - 1, "a user number")
                        : whole(us, path + ".user", 0, jobs - 1, "a user number (user_0 to user_" + (jobs - 1)
                        + ", the frame's " + Parameter.grouped(jobs) + " sign-ups)");
                user = v == null ? -1 : v;
            }
            return problems.size() > before || count == null ? null : new Tally(count, step, user);
        }

        private Prediction prediction(JsonNode p, String path, long jobs) {
            if (!p.isObject()) {
                add(path, ScenarioJson.shown(p) + " is not a prediction {\"question\": ..., \"choices\": [...], "
                        + "\"answer\": ..., \"measure\": {...}}");
                return null;
            }
            int before = problems.size();
            unknown(p, path, PREDICT);
            String question = text(p, "question", path + ".question", true, MAX_TITLE);
            JsonNode list = p.get("choices");
            List<Prediction.Option> options = new ArrayList<>();
            if (list == null || !list.isArray() || list.size() < 2 || list.size() > MAX_OPTIONS) {
                add(path + ".choices", (list == null ? "missing" : (list.isArray() ? "a list of " + list.size()
                        + (list.size() == 1 ? " choice" : " choices") : ScenarioJson.shown(list)) + " is not allowed") + "; a prediction has 2 to "
                        + MAX_OPTIONS + " choices [{\"text\": \"Two\", \"value\": 2}, ...]");
            } else {
                for (int i = 0; i < list.size(); i++) {
                    Prediction.Option o = option(list.get(i), path + ".choices[" + i + "]");
                    if (o == null) {
                        continue;
                    }
                    for (int j = 0; j < options.size(); j++) {
                        Prediction.Option q = options.get(j);
                        if (q != null && o.min() <= q.max() && q.min() <= o.max()) {
                            add(path + ".choices[" + i + "]", "stands for " + range(o) + ", which overlaps choices["
                                    + j + "] (" + range(q) + "); each measured value has one choice");
                        }
                    }
                    options.add(o);
                }
            }
            JsonNode a = p.get("answer");
            // with no good list of choices, the answer is only checked as a place at all
            int count = list != null && list.isArray() && list.size() >= 2 && list.size() <= MAX_OPTIONS
                    ? list.size() : MAX_OPTIONS;
            Long answer = a == null ? null : whole(a, path + ".answer", 0, count - 1,
                    "the right choice's place in choices, from 0");
            if (a == null) {
                add(path + ".answer", "missing; the right choice's place in choices, from 0");
            }
            JsonNode m = p.get("measure");
            Tally measure = null;
            if (m == null || !m.isObject()) {
                add(path + ".measure", (m == null ? "missing; the number the answer is read from, e.g."
                        : ScenarioJson.shown(m) + " is not a count") + " {\"count\": \"welcome-email\", \"user\": 7}");
            } else {
                unknown(m, path + ".measure", MEASURE);
                JsonNode c = m.get("count");
                if (c == null || !c.isTextual() || !countNames().contains(c.textValue())) {
                    add(path + ".measure.count", (c == null ? "missing" : ScenarioJson.shown(c) + " is not allowed")
                            + "; allowed: " + String.join(", ", countNames()));
                    tally(m, path + ".measure", null, jobs);
                } else {
                    measure = tally(m, path + ".measure", LessonCount.valueOf(c.textValue()
                            .toUpperCase(java.util.Locale.ROOT).replace('-', '_')), jobs);
                }
            }
            if (problems.size() > before) {
                return null;
            }
            return new Prediction(question, options, answer.intValue(), measure);
        }

        private Prediction.Option option(JsonNode o, String path) {
            if (!o.isObject()) {
                add(path, ScenarioJson.shown(o) + " is not a choice {\"text\": \"Two\", \"value\": 2}");
                return null;
            }
            int before = problems.size();
            unknown(o, path, CHOICE);
            String text = text(o, "text", path + ".text", true, MAX_TITLE);
            long top = Long.MAX_VALUE / 2;
            Long min;
            Long max;
            if (o.has("value")) {
                for (String f : List.of("min", "max")) {
                    if (o.has(f)) {
                        add(path + "." + f, "a choice has a value, or min and max, not both");
                    }
                }
                min = whole(o.get("value"), path + ".value", 0, top, "a whole number from 0");
                max = min;
            } else if (o.has("min")) {
                min = whole(o.get("min"), path + ".min", 0, top, "a whole number from 0");
                max = o.has("max") ? whole(o.get("max"), path + ".max", 0, top, "a whole number from 0")
                        : Long.valueOf(Long.MAX_VALUE);
                if (min != null && max != null && min > max) {
                    add(path + ".max", max + " is below min " + min);
                }
            } else {
                add(path, "needs a \"value\", or a \"min\" (and a \"max\", or none for \"or more\")");
                return null;
            }
            return problems.size() > before || min == null || max == null ? null
                    : new Prediction.Option(text, min, max);
        }

        private String range(Prediction.Option o) {
            return o.min() == o.max() ? String.valueOf(o.min()) : o.max() == Long.MAX_VALUE ? o.min() + " or more"
                    : o.min() + " to " + o.max();
        }

        private void unknown(JsonNode object, String path, List<String> allowed) {
            for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!allowed.contains(f)) {
                    add(FileOrder.child(path, f), "unknown field; allowed: " + String.join(", ", allowed));
                }
            }
        }

        /** @return the text, "" if absent and not required; null (noted) if bad */
        private String text(JsonNode o, String field, String path, boolean required, int cap) {
            JsonNode v = o.get(field);
            if (v == null) {
                if (required) {
                    add(path, "missing; a text is required");
                    return null;
                }
                return "";
            }
            if (!v.isTextual()) {
                add(path, ScenarioJson.shown(v) + " is not a text (\"...\")");
                return null;
            }
            String t = v.textValue();
            if (required && t.isBlank()) {
                add(path, "must not be blank");
                return null;
            }
            if (t.length() > cap) {
                add(path, "a text of " + ScenarioText.grouped(t.length()) + " characters; a text here holds at most "
                        + ScenarioText.grouped(cap));
                return null;
            }
            return t;
        }

        /** @return a whole number in {@code min..max}, or null (noted) */
        private Long whole(JsonNode n, String path, long min, long max, String what) {
            String allowed = "allowed " + Parameter.grouped(min) + " to " + Parameter.grouped(max) + " (" + what + ")";
            if (n == null || !n.isNumber()) {
                add(path, (n == null ? "missing" : ScenarioJson.shown(n) + " is not a whole number") + "; " + allowed);
                return null;
            }
            BigDecimal d = n.isIntegralNumber() ? new BigDecimal(n.bigIntegerValue()) : n.decimalValue();
            if (d.compareTo(BigDecimal.valueOf(min)) < 0 || d.compareTo(BigDecimal.valueOf(max)) > 0) {
                add(path, ScenarioJson.shown(n) + " is outside the allowed range; " + allowed);
                return null;
            }
            if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
                add(path, ScenarioJson.shown(n) + " is not a whole number; " + allowed);
                return null;
            }
            return d.longValueExact();
        }
    }
}
