package org.idempotencylab.cli;

import static org.idempotencylab.cli.Outcome.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code check --lesson FILE}: a teacher's lesson is read, and every frame played to its moment and its answer. */
class CheckLessonTest {
    @TempDir
    Path dir;

    @Test
    void aShippedLessonHolds() {
        Outcome o = cli("check", "--lesson", "assets/lessons/stuck-in-progress.json");
        assertEquals(0, o.code(), o.err());
        assertEquals(List.of("all 4 frames reach their moment and their answers hold"), o.outLines());
    }

    @Test
    void aWrongAnswerAndAMomentNeverReachedAreOneLineEach() throws IOException {
        String text = Files.readString(Path.of("assets/lessons/stuck-in-progress.json"))
                .replace("\"answer\": 2", "\"answer\": 1")
                .replace("\"until\": {\"event\": \"crash\"}", "\"until\": {\"event\": \"crash\", \"times\": 1000}");
        Path file = dir.resolve("mine.json");
        Files.writeString(file, text);
        Outcome o = cli("check", "--lesson", file.toString());
        assertEquals(CheckCommand.FAILED, o.code(), o.err());
        assertEquals(List.of("frames[0] (A crash while holding a claim): the run ended at " + o.outLines().get(0)
                        .replaceAll(".*ended at ([0-9,]+) virtual ms.*", "$1") + " virtual ms before its condition "
                        + "\"crash, 1000 times\" was met",
                // 12 refusals by the frame's moment: a refused delivery stays invisible for its visibility timeout
                "frames[2] (The lease runs out): measured 12, but the answer \"1 to 5\" stands for 1 to 5"),
                o.outLines());
    }

    @Test
    void aBadLessonFileIsRefusedWithOneLinePerProblem() throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"format\": \"idempotency-lab/lesson@1\", \"title\": \"x\", \"frames\": [{\"title\": "
                + "\"a\", \"watch\": \"b\", \"preset\": \"opening-no-key.json\", \"until\": {\"event\": \"crash\", "
                + "\"step\": 2}}]}");
        Outcome.assertRefused(file + ": frames[0].until.step: \"crash\" takes no step; a step narrows only "
                + "side-effect, duplicate-side-effect, step-skipped, call-failed, job-in-progress, lease-reclaimed",
                "check", "--lesson", file.toString());
    }

    /** The wrong kind of file, either way round: one line saying which kind it is and which command reads it. */
    @Test
    void aScenarioFileGivenAsALessonAndALessonGivenAsAScenarioFileAreOneLineEach() {
        Outcome.assertRefused("assets/scenarios/lost-reply.json: format: \"idempotency-lab/scenario@1\" is a scenario "
                + "file's format, not a lesson's \"idempotency-lab/lesson@1\"; check a scenario file with `check FILE`",
                "check", "--lesson", "assets/scenarios/lost-reply.json");
        Outcome.assertRefused("assets/lessons/lost-reply.json: format: \"idempotency-lab/lesson@1\" is a lesson's "
                + "format, not a scenario file's \"idempotency-lab/scenario@1\"; check a lesson with "
                + "`check --lesson FILE`", "check", "assets/lessons/lost-reply.json");
    }
}
