package org.idempotencylab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lesson reader: every shipped lesson reads, and every bad input gives one line naming the field by its JSON
 * path, the value as the file has it and what is allowed; nothing a file holds makes it throw anything else.
 */
class LessonFileTest {
    private static final LessonFiles READER = Lessons.reader(new ScenarioFiles(Metric.watchNames()), SignupSteps.NAMES);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A good one-frame lesson on the opening scene's three sign-ups; each case breaks one field of it. */
    private static final String GOOD = """
            {"format": "idempotency-lab/lesson@1", "title": "T", "summary": "S",
             "frames": [{"title": "F", "watch": "W.", "preset": "opening-no-key.json",
                         "until": {"event": "duplicate-side-effect", "step": 7},
                         "predict": {"question": "Q?", "choices": [{"text": "One", "value": 1},
                                     {"text": "Two or more", "min": 2}], "answer": 1,
                                     "measure": {"count": "welcome-email", "user": 1}}}]}
            """;

    private static ObjectNode good() {
        try {
            return (ObjectNode) JSON.readTree(GOOD);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode frame(ObjectNode lesson) {
        return (ObjectNode) lesson.get("frames").get(0);
    }

    /** @return the one problem line {@code json} gives */
    private static String oneProblem(Object json) {
        ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> READER.read(json.toString()));
        assertEquals(1, e.count(), "one problem: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void everyShippedLessonReadsAndTheGoodExampleToo() throws IOException {
        Lessons.Catalog c = new Lessons(READER).read();
        assertEquals(List.of(), c.problems());
        // the index's order, and every lesson file of the folder is in it (a new lesson: its file and its line)
        List<String> indexed = new ArrayList<>();
        JSON.readTree(Path.of(Lessons.INDEX).toFile()).forEach(n -> indexed.add(n.asText()));
        assertEquals(indexed, c.lessons().stream().map(Lessons.Entry::fileName).toList());
        try (Stream<Path> files = Files.list(Path.of(Lessons.FOLDER))) {
            assertEquals(indexed.stream().sorted().toList(), files.map(f -> f.getFileName().toString())
                    .filter(n -> !n.equals("index.json")).sorted().toList(), "the files beside the index");
        }
        assertTrue(indexed.containsAll(List.of("lost-reply.json", "whole-job-retry.json",
                "crash-and-claim-table.json", "stuck-in-progress.json", "lock-is-not-a-record.json")),
                "the five shipped");
        Lesson l = READER.read(GOOD);
        LessonFrame f = l.frames().get(0);
        assertEquals(3, f.scenario().jobs(), "the preset's scenario");
        assertEquals(StopCondition.event(new Tally(LessonCount.DUPLICATE_SIDE_EFFECT, 7, -1), 1), f.until());
        assertEquals(new Tally(LessonCount.WELCOME_EMAIL, 0, 1), f.predict().measure());
        assertEquals(1, f.predict().optionFor(5), "\"or more\"");
    }

    @Test
    void aFramesOwnFieldsGoOverItsPresetAndAStrategyIsChosenByPlaceOrGiven() {
        ObjectNode l = good();
        frame(l).put("preset", "lost-reply.json").put("strategy", 2).putObject("scenario").put("jobs", 30);
        LessonFrame f = READER.read(l.toString()).frames().get(0);
        assertEquals(30, f.scenario().jobs());
        assertEquals(0.05, f.scenario().lostReply(), "the preset's own value stays");
        assertEquals(KeyMode.SAME, f.strategy().keyMode(), "the preset's third strategy");
        frame(l).putObject("strategy").put("retry", "whole-job").put("providerKey", "none");
        assertEquals(RetryScope.WHOLE_JOB, READER.read(l.toString()).frames().get(0).strategy().scope());
        frame(l).remove("preset");
        frame(l).remove("strategy");
        LessonFrame inline = READER.read(l.toString()).frames().get(0);
        assertEquals(Strategy.EACH_STEP_NO_KEY.scope(), inline.strategy().scope(), "the article's first");
        assertEquals(30, inline.scenario().jobs());
    }

    @Test
    void eachBadFieldGivesOneLineNamingTheFieldTheValueAndWhatIsAllowed() {
        List<String[]> cases = new ArrayList<>();
        ObjectNode l;
        l = good(); l.put("format", "lesson@2");
        cases.add(new String[] {l.toString(), "format: \"lesson@2\" is not a format this lab reads; expected "
                + "\"idempotency-lab/lesson@1\""});
        l = good(); l.put("colour", 1);
        cases.add(new String[] {l.toString(), "colour: unknown field; allowed: format, title, summary, frames"});
        l = good(); l.put("title", 7);
        cases.add(new String[] {l.toString(), "title: 7 is not a text (\"...\")"});
        l = good(); l.putArray("frames");
        cases.add(new String[] {l.toString(), "frames: a list of 0 frames is not allowed; a lesson has 1 to 20 frames "
                + "[{...}]"});
        l = good(); frame(l).remove("until");
        cases.add(new String[] {l.toString(), "frames[0].until: missing; a frame pauses at a condition, e.g. "
                + "{\"event\": \"duplicate-side-effect\", \"step\": 7}"});
        l = good(); frame(l).putObject("until").put("event", "duplicate");
        cases.add(new String[] {l.toString(), "frames[0].until.event: \"duplicate\" is not allowed; allowed: "
                + String.join(", ", LessonFiles.eventNames())});
        l = good(); ((ObjectNode) frame(l).get("until")).put("step", 11);
        cases.add(new String[] {l.toString(), "frames[0].until.step: 11 is outside the allowed range; allowed 1 to 10 "
                + "(a step, 1 save the user, 2 create the billing customer, 3 create the workspace, 4 upload the "
                + "default avatar, 5 add to the CRM, 6 subscribe to the newsletter, 7 send the welcome email, 8 notify "
                + "the sales channel, 9 record the analytics event, 10 schedule the day-3 email)"});
        l = good(); frame(l).putObject("until").put("event", "crash").put("step", 3);
        cases.add(new String[] {l.toString(), "frames[0].until.step: \"crash\" takes no step; a step narrows only "
                + "side-effect, duplicate-side-effect, step-skipped, call-failed, job-in-progress, lease-reclaimed"});
        l = good(); ((ObjectNode) frame(l).get("until")).put("user", 5);
        cases.add(new String[] {l.toString(), "frames[0].until.user: 5 is outside the allowed range; allowed 0 to 2 "
                + "(a user number (user_0 to user_2, the frame's 3 sign-ups))"});
        l = good(); frame(l).putObject("until").put("event", "time");
        cases.add(new String[] {l.toString(), "frames[0].until.ms: missing; \"time\" needs the virtual time in ms, 0 "
                + "to 604,800,000"});
        l = good(); frame(l).putObject("until").put("event", "time").put("ms", "soon");
        cases.add(new String[] {l.toString(), "frames[0].until.ms: \"soon\" is not a whole number; allowed 0 to "
                + "604,800,000 (virtual ms)"});
        l = good(); ((ObjectNode) frame(l).get("until")).put("times", 0);
        cases.add(new String[] {l.toString(), "frames[0].until.times: 0 is outside the allowed range; allowed 1 to "
                + "1,000,000 (times)"});
        l = good(); frame(l).put("preset", "nope.json");
        cases.add(new String[] {l.toString(), "frames[0].preset: \"nope.json\" is not a preset; allowed: "
                + String.join(", ", Presets.names())});
        l = good(); frame(l).put("strategy", 3);
        cases.add(new String[] {l.toString(), "frames[0].strategy: 3 is not allowed; allowed: 0 to 0 (a strategy's "
                + "place in the preset's strategies) or a strategy {\"retry\": ..., \"providerKey\": ..., \"store\": "
                + "...}"});
        l = good(); frame(l).putObject("strategy").put("retry", "sometimes").put("providerKey", "none");
        cases.add(new String[] {l.toString(), "frames[0].strategy.retry: \"sometimes\" is not allowed; allowed: "
                + "each-step, whole-job, whole-job-skip-finished"});
        l = good(); frame(l).putObject("scenario").put("pFail", 1.5);
        cases.add(new String[] {l.toString(), "frames[0].scenario.pFail: 1.5 is outside the allowed range 0 to 1"});
        l = good(); frame(l).put("scenario", "fast");
        cases.add(new String[] {l.toString(), "frames[0].scenario: \"fast\" is not an object {\"jobs\": ..., ...} of "
                + "the fields scenario files take"});
        l = good(); frame(l).put("preset", "article.json"); frame(l).remove("predict");
        cases.add(new String[] {l.toString(), "frames[0].scenario.jobs: 1,000,000 (the preset's) is more than a "
                + "lesson plays; allowed 1 to 100,000 (the live view's limit)"});
        l = good(); ((ObjectNode) frame(l).get("predict")).put("answer", 2);
        cases.add(new String[] {l.toString(), "frames[0].predict.answer: 2 is outside the allowed range; allowed 0 to "
                + "1 (the right choice's place in choices, from 0)"});
        l = good(); ((ObjectNode) frame(l).get("predict").get("choices").get(0)).put("value", 3);
        cases.add(new String[] {l.toString(), "frames[0].predict.choices[1]: stands for 2 or more, which overlaps "
                + "choices[0] (3); each measured value has one choice"});
        l = good(); ((ObjectNode) frame(l).get("predict").get("measure")).put("count", "emails");
        cases.add(new String[] {l.toString(), "frames[0].predict.measure.count: \"emails\" is not allowed; allowed: "
                + String.join(", ", LessonFiles.countNames())});
        l = good(); ((ObjectNode) frame(l).get("predict")).put("choices", "one or two");
        cases.add(new String[] {l.toString(), "frames[0].predict.choices: \"one or two\" is not allowed; a prediction "
                + "has 2 to 6 choices [{\"text\": \"Two\", \"value\": 2}, ...]"});
        l = good(); ((ObjectNode) frame(l).get("predict").get("choices").get(0)).remove("value");
        cases.add(new String[] {l.toString(), "frames[0].predict.choices[0]: needs a \"value\", or a \"min\" (and a "
                + "\"max\", or none for \"or more\")"});
        l = good(); frame(l).putArray("watch").add(1);
        cases.add(new String[] {l.toString(), "frames[0].watch: [1] is not a text (\"...\")"});
        cases.add(new String[] {GOOD.substring(0, 120), "line 2: the file ends early (truncated JSON)"});
        cases.add(new String[] {"[1, 2]", "file: a lesson file is one JSON object {...}, not [1,2]"});
        for (String[] c : cases) {
            assertEquals(c[1], oneProblem(c[0]));
        }
    }

    @Test
    void everyProblemIsListedInFileOrder() {
        ObjectNode l = good();
        l.put("title", "");
        frame(l).put("preset", "nope.json");
        ((ObjectNode) frame(l).get("predict")).put("answer", -1);
        ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> READER.read(l.toString()));
        assertEquals(List.of("title", "frames[0].preset", "frames[0].predict.answer"),
                e.problems().stream().map(ScenarioFileException.Problem::field).toList(), e.getMessage());
    }

    /**
     * The limits a lesson file shares with scenario files speak of a lesson file: its size (from the path, before it
     * is read, and from a stream), an empty file, text after the object, a comment, a NUL character. Nothing here
     * says "scenario file".
     */
    @Test
    void aLessonFilesMessagesSayLessonFile(@TempDir Path dir) throws IOException {
        Path big = dir.resolve("big.json");
        Files.write(big, new byte[ScenarioText.MAX_BYTES + 1]);
        assertEquals("file: the file is 1,048,577 bytes; a lesson file holds at most 1 MiB (1,048,576 bytes)",
                assertThrows(ScenarioFileException.class, () -> READER.read(big)).getMessage());
        assertEquals("file: the file is over 1,048,576 bytes; a lesson file holds at most 1 MiB (1,048,576 bytes)",
                assertThrows(ScenarioFileException.class, () -> READER.read(Files.newInputStream(big)))
                        .getMessage());
        List<String> lines = new ArrayList<>();
        for (String text : List.of("", "{\"title\": \"T\"} x", "// a comment\n" + GOOD, "{\"title\": \"a\u0000b\"}")) {
            lines.add(assertThrows(ScenarioFileException.class, () -> READER.read(new java.io.ByteArrayInputStream(
                    text.getBytes(StandardCharsets.UTF_8)))).getMessage());
        }
        assertEquals(List.of("line 1: the file is empty; a lesson file is one JSON object",
                "line 1: unexpected text after the closing }: a lesson file holds one JSON object",
                "line 1: not valid JSON: comments are not allowed in a lesson file (JSON has none)",
                "line 1: a NUL character (byte 0x00) at column 13; a lesson file is text, save the file as UTF-8"),
                lines);
    }

    /** @return the problems {@code json} gives, as lines, checked as well worded as a scenario file's */
    private static List<String> problems(Object json) {
        ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> READER.read(json.toString()));
        MalformedScenarioCorpusTest.assertWellWorded(json.toString(), e);
        return e.lines();
    }

    @Test
    void aBadStrategyLeavesTheFramesOtherFieldsAndTheOtherFramesChecked() {
        ObjectNode l = good();
        ObjectNode f0 = frame(l);
        f0.put("strategy", 9);
        f0.putObject("scenario").put("pFail", 1.5).put("bogus", 1);
        f0.putObject("until").put("event", "nope").put("step", 99);
        ((ObjectNode) f0.get("predict")).put("answer", 7);
        ArrayNode frames = (ArrayNode) l.get("frames");
        ObjectNode f1 = frames.addObject().put("title", 5).put("watch", "W.").put("preset", "opening-no-key.json")
                .put("strategy", "x");
        f1.putObject("until").put("event", "crash").put("user", 3); // the stand-in strategy: the sign-ups known
        ObjectNode f2 = frames.addObject().put("title", "F").put("watch", "W.");
        f2.putObject("strategy").put("retry", "sometimes").put("providerKey", "bad");
        f2.putObject("scenario").put("jobs", -1);
        f2.putObject("until").put("event", "crash").put("times", 0);
        assertEquals(List.of( // in file order: each frame's strategy and scenario were added last
                "frames[0].until.event: \"nope\" is not allowed; allowed: " + String.join(", ", LessonFiles.eventNames()),
                "frames[0].until.step: 99 is outside the allowed range; allowed 1 to 10 (a step, 1 save the user, "
                        + "2 create the billing customer, 3 create the workspace, 4 upload the default avatar, 5 add "
                        + "to the CRM, 6 subscribe to the newsletter, 7 send the welcome email, 8 notify the sales "
                        + "channel, 9 record the analytics event, 10 schedule the day-3 email)",
                "frames[0].predict.answer: 7 is outside the allowed range; allowed 0 to 1 (the right choice's place "
                        + "in choices, from 0)",
                "frames[0].strategy: 9 is not allowed; allowed: 0 to 0 (a strategy's place in the preset's "
                        + "strategies) or a strategy {\"retry\": ..., \"providerKey\": ..., \"store\": ...}",
                "frames[0].scenario.pFail: 1.5 is outside the allowed range 0 to 1",
                "frames[0].scenario.bogus: unknown field; allowed: " + String.join(", ", Parameter.ids()),
                "frames[1].title: 5 is not a text (\"...\")",
                "frames[1].strategy: \"x\" is not allowed; allowed: 0 to 0 (a strategy's place in the preset's "
                        + "strategies) or a strategy {\"retry\": ..., \"providerKey\": ..., \"store\": ...}",
                "frames[1].until.user: 3 is outside the allowed range; allowed 0 to 2 (a user number (user_0 to "
                        + "user_2, the frame's 3 sign-ups))",
                "frames[2].strategy.retry: \"sometimes\" is not allowed; allowed: each-step, whole-job, "
                        + "whole-job-skip-finished",
                "frames[2].strategy.providerKey: \"bad\" is not allowed; allowed: none, new-per-call, same, "
                        + "per-request",
                "frames[2].scenario.jobs: -1 is outside the allowed range 1 to 100,000,000",
                "frames[2].until.times: 0 is outside the allowed range; allowed 1 to 1,000,000 (times)"),
                problems(l));
    }

    @Test
    void aBadPresetLeavesTheFramesScenarioFieldsCheckedEachAlone() {
        ObjectNode l = good();
        frame(l).put("preset", "nope.json").put("strategy", 4);
        // over an unknown preset a cross-field check would compare with values the file did not mean: only each
        // field alone is checked, and the user number by the most sign-ups a lesson plays
        frame(l).putObject("scenario").put("pFail", 2).put("duplicateDelayMinMs", 5000).put("maxAttempts", "3");
        ((ObjectNode) frame(l).get("predict").get("measure")).put("count", "emails").put("user", 100_000);
        assertEquals(List.of("frames[0].preset", "frames[0].predict.measure.count", "frames[0].predict.measure.user",
                        "frames[0].scenario.pFail", "frames[0].scenario.maxAttempts"), fields(l), "in file order");
        frame(l).put("strategy", -1);
        assertTrue(problems(l).contains("frames[0].strategy: -1 is not allowed; allowed: a strategy's place in "
                + "the preset's strategies, from 0, or a strategy {\"retry\": ..., \"providerKey\": ..., \"store\": "
                + "...}"), problems(l).toString());
    }

    @Test
    void tooManyFramesLeaveTheFirstTwentyChecked() {
        ObjectNode l = good();
        ArrayNode frames = (ArrayNode) l.get("frames");
        for (int i = 1; i <= LessonFiles.MAX_FRAMES; i++) {
            frames.add(frame(l).deepCopy());
        }
        ((ObjectNode) frames.get(19)).put("watch", "");
        ((ObjectNode) frames.get(20)).put("watch", "");
        assertEquals(List.of("frames: a list of 21 frames is not allowed; a lesson has 1 to 20 frames [{...}] (the "
                + "first 20 are checked)", "frames[19].watch: must not be blank"), problems(l));
    }

    @Test
    void theProblemsPastTheLimitAreCountedIncludingAFramesScenarios() {
        ObjectNode l = good();
        ObjectNode sc = frame(l).putObject("scenario");
        for (int i = 0; i < 30; i++) {
            sc.put("colour" + i, i);
        }
        ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> READER.read(l.toString()));
        assertEquals(30, e.count(), e.getMessage());
        assertEquals(ScenarioFileException.LIMIT, e.problems().size());
        assertEquals("frames[0].scenario.colour0", e.field());
    }

    private static List<String> fields(ObjectNode lesson) {
        ScenarioFileException e = assertThrows(ScenarioFileException.class, () -> READER.read(lesson.toString()));
        return e.problems().stream().map(ScenarioFileException.Problem::field).toList();
    }

    /** Malformed inputs of every kind, each refused with well-worded lines; none crashes the reader. */
    @Test
    void aCorpusOfMalformedLessonsIsRefusedWithLinesNeverACrash() {
        JsonNodeFactory n = JsonNodeFactory.instance;
        List<ObjectNode> corpus = new ArrayList<>();
        String deep = "[".repeat(JsonWording.MAX_DEPTH - 8) + "]".repeat(JsonWording.MAX_DEPTH - 8);
        JsonNode nested;
        try {
            nested = JSON.readTree(deep);
        } catch (Exception x) {
            throw new IllegalStateException(x);
        }
        JsonNode[] values = {n.nullNode(), n.textNode(""), n.numberNode(new java.math.BigInteger("9".repeat(400))),
                n.numberNode(new java.math.BigDecimal("1e-400")), n.numberNode(-0.0), n.numberNode(1e308),
                n.booleanNode(false), n.arrayNode(), n.objectNode(), nested, n.textNode("x".repeat(5_000))};
        String[][] places = {{}, {"frames", "0"}, {"frames", "0", "until"}, {"frames", "0", "predict"},
                {"frames", "0", "predict", "choices", "1"}, {"frames", "0", "predict", "measure"}};
        for (String[] place : places) {
            List<String> names = new ArrayList<>();
            good().at(pointer(place)).fieldNames().forEachRemaining(names::add);
            names.add("strategy");
            names.add("scenario");
            names.add("unknown");
            for (String name : names) {
                for (JsonNode v : values) {
                    ObjectNode l = good();
                    ((ObjectNode) l.at(pointer(place))).set(name, v);
                    corpus.add(l);
                }
            }
        }
        for (JsonNode v : values) { // each scenario field and a strategy's
            for (String id : List.of("jobs", "pFail", "maxAttempts", "queue", "jitter")) {
                ObjectNode l = good();
                frame(l).putObject("scenario").set(id, v);
                corpus.add(l);
                l = good();
                frame(l).putObject("strategy").put("retry", "each-step").putObject("settings").set(id, v);
                corpus.add(l);
            }
        }
        ObjectNode empty = good();
        ((ObjectNode) frame(empty).get("predict")).putArray("choices");
        corpus.add(empty);
        int refused = 0;
        for (ObjectNode l : corpus) {
            try {
                READER.read(l.toString());
            } catch (ScenarioFileException e) {
                refused++;
                MalformedScenarioCorpusTest.assertWellWorded(l.toString(), e);
            } catch (RuntimeException e) {
                fail("threw " + e + ": " + l);
            }
        }
        assertTrue(refused > corpus.size() * 3 / 4, refused + " of " + corpus.size() + " refused");
        for (String text : List.of("{\"frames\": " + deep.replace("[]", "[{}]") + "}", "{\"frames\": [" + "{},".repeat(5000)
                + "{}]}", "{\"title\": " + "[".repeat(40) + "]".repeat(40) + "}", "null", "{}", "{\"format\": \"idempotency-lab/lesson@1\", \"frames\": [null, [], 1e999]}")) {
            try {
                READER.read(text);
                fail("read: " + text);
            } catch (ScenarioFileException e) {
                MalformedScenarioCorpusTest.assertWellWorded(text.substring(0, Math.min(80, text.length())), e);
            }
        }
    }

    private static String pointer(String[] place) {
        return place.length == 0 ? "" : "/" + String.join("/", place);
    }

    /** Seeded random damage to every shipped lesson: each reads, or is refused with lines; nothing else. */
    @Test
    void nothingAFileHoldsCrashesTheReader() throws Exception {
        Random random = new Random(7);
        JsonNode[] junk = {JsonNodeFactory.instance.nullNode(), JsonNodeFactory.instance.textNode("x"),
                JsonNodeFactory.instance.numberNode(-1), JsonNodeFactory.instance.numberNode(1e300),
                JsonNodeFactory.instance.numberNode(2.5), JsonNodeFactory.instance.booleanNode(true),
                JsonNodeFactory.instance.arrayNode(), JsonNodeFactory.instance.objectNode(),
                JsonNodeFactory.instance.numberNode(Long.MAX_VALUE), JsonNodeFactory.instance.textNode("end")};
        int refused = 0;
        for (Lessons.Entry entry : new Lessons(READER).read().lessons()) {
            String text;
            try (InputStream in = Lessons.class.getClassLoader().getResourceAsStream(Lessons.FOLDER
                    + entry.fileName())) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            for (int i = 0; i < 40; i++) {
                JsonNode tree = JSON.readTree(text);
                List<JsonNode> containers = new ArrayList<>();
                collect(tree, containers);
                JsonNode target = containers.get(random.nextInt(containers.size()));
                JsonNode value = junk[random.nextInt(junk.length)];
                if (target instanceof ObjectNode o && o.size() > 0) {
                    List<String> names = new ArrayList<>();
                    o.fieldNames().forEachRemaining(names::add);
                    String name = names.get(random.nextInt(names.size()));
                    if (random.nextInt(4) == 0) {
                        o.remove(name);
                    } else {
                        o.set(random.nextInt(5) == 0 ? "extra" + i : name, value);
                    }
                } else if (target instanceof ArrayNode a && a.size() > 0) {
                    a.set(random.nextInt(a.size()), value);
                }
                try {
                    READER.read(tree.toString());
                } catch (ScenarioFileException e) {
                    refused++;
                    for (String line : e.lines()) {
                        assertTrue(line.length() < 2_000 && !line.contains("could not be checked"), line);
                    }
                } catch (RuntimeException e) {
                    fail(entry.fileName() + " mutation " + i + " threw " + e + ": " + tree);
                }
            }
        }
        assertTrue(refused > 25, "most damage is refused: " + refused);
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            n.elements().forEachRemaining(c -> collect(c, out));
        }
    }
}
