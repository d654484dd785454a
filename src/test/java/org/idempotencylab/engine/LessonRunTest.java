package org.idempotencylab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.idempotencylab.scenario.LessonFiles;
import org.idempotencylab.scenario.LessonFrame;
import org.idempotencylab.scenario.Lessons;
import org.idempotencylab.scenario.Prediction;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StopCondition;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every frame of every shipped lesson, played headlessly with the same watch the live view uses: its condition is
 * met before the run ends (a frame that waits for the end reaches it), and its prediction's right answer is the
 * one choice whose range holds the measured value. A lesson whose scenario or seed no longer brings its moment
 * fails here, not in front of a class.
 */
class LessonRunTest {
    private static final LessonFiles READER = Lessons.reader(new ScenarioFiles(Metric.watchNames()), SignupSteps.NAMES);

    static Lessons.Catalog catalog() {
        return new Lessons(READER).read();
    }

    @Test
    void theShippedLessonsAllRead() {
        Lessons.Catalog c = catalog();
        assertEquals(List.of(), c.problems());
        assertTrue(c.lessons().size() >= 5, "at least five lessons: " + c.lessons().size());
        for (Lessons.Entry e : c.lessons()) {
            int n = e.lesson().frames().size();
            assertTrue(n >= 3 && n <= 5, e.fileName() + ": " + n + " frames");
        }
    }

    @TestFactory
    Stream<DynamicTest> everyFrameReachesItsConditionAndItsAnswerIsRight() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Lessons.Entry e : catalog().lessons()) {
            List<LessonFrame> frames = e.lesson().frames();
            for (int i = 0; i < frames.size(); i++) {
                LessonFrame f = frames.get(i);
                String name = e.fileName() + " frame " + (i + 1) + " (" + f.title() + ")";
                tests.add(DynamicTest.dynamicTest(name, () -> {
                    LessonRun.Outcome o = LessonRun.play(f);
                    assertTrue(o.reached(), name + ": never reached " + f.until() + "; " + o);
                    if (f.until().kind() != StopCondition.Kind.END) {
                        assertFalse(o.finishedRun(), name + ": reached only as the run ended: " + o);
                    }
                    Prediction p = f.predict();
                    if (p != null) {
                        assertEquals(p.answer(), p.optionFor(o.measured()), name + ": measured " + o.measured()
                                + ", the right choice is \"" + p.options().get(p.answer()).text() + "\"");
                    }
                }));
            }
        }
        return tests.stream();
    }
}
