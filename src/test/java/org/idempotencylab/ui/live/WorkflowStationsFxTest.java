package org.idempotencylab.ui.live;

import static org.idempotencylab.ui.live.LiveFx.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.stage.Stage;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.App;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.live.CanvasInk.Box;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * "Watch it happen" on a scenario that declares its own job: the stations a person sees are the workflow's steps,
 * titled with its names, as many as it has (1 to 12), never the sign-up's ten.
 */
@ExtendWith(ApplicationExtension.class)
class WorkflowStationsFxTest {
    private LiveViewModel live;

    @Start
    void start(Stage stage) throws Exception {
        live = new LiveViewModel(LiveViewModel.classroomDefaults());
        LiveFx.show(stage, live, new KeyStoreViewModel());
    }

    @Test
    void theCheckoutPresetShowsItsThreeStepsByName(FxRobot robot) throws Exception {
        ScenarioFile checkout = checkout();
        QueueCanvas canvas = robot.lookup(".queue-canvas").queryAs(QueueCanvas.class);
        List<Box> drawn = play(canvas, checkout.scenario(), checkout, 60);
        assertEquals(3, of(drawn, "station").size(), "a station per step of the checkout: " + of(drawn, "station"));
        String titles = titles(drawn);
        for (String step : List.of("1. charge the card", "2. reserve the stock", "3. send the receipt")) {
            assertTrue(titles.contains(step), "the station titled \"" + step + "\": " + titles);
        }
        for (String signup : SignupSteps.NAMES) {
            assertFalse(titles.contains(signup), "none of the sign-up's steps (" + signup + "): " + titles);
        }
        // the card charge and the receipt call a provider (a key each): its look; the stock is the shop's own write
        Workflow flow = checkout.scenario().workflow();
        assertEquals(List.of(true, false, true), List.of(StationPainter.meetsProvider(flow, 0),
                StationPainter.meetsProvider(flow, 1), StationPainter.meetsProvider(flow, 2)));
    }

    @Test
    void theCheckoutsProviderIsTitledByTheStepsThatCallIt(FxRobot robot) throws Exception {
        ScenarioFile checkout = checkout();
        QueueCanvas canvas = robot.lookup(".queue-canvas").queryAs(QueueCanvas.class);
        List<Box> drawn = play(canvas, checkout.scenario(), checkout, 5);
        // the card charge and the receipt are the checkout's calls to a provider; no welcome email is sent
        String title = String.join(" ", of(drawn, "provider").stream().map(Box::text).filter(t -> !t.isBlank())
                .toList());
        assertTrue(title.startsWith("Providers of \"charge the card\", \"send the receipt\""), title);
        assertFalse(title.contains("Email"), title);
        // the sign-up keeps the article's words
        List<Box> signup = play(canvas, LiveViewModel.classroomDefaults(), checkout, 5);
        assertTrue(String.join(" ", of(signup, "provider").stream().map(Box::text).filter(t -> !t.isBlank()).toList())
                .startsWith("Email provider (click: lose next reply)"), "the sign-up's provider");
    }

    @Test
    void aWorkflowOfTwelveStepsShowsTwelveStationsInsideTheCanvasAndPlays(FxRobot robot) throws Exception {
        List<Workflow.Step> steps = new ArrayList<>();
        for (int i = 1; i <= Workflow.MAX_STEPS; i++) {
            steps.add(i % 3 == 0 ? Workflow.Step.local("write " + i) : Workflow.Step.external("call " + i, i == 1,
                    null));
        }
        Scenario twelve = LiveViewModel.classroomDefaults().toBuilder().workflow(new Workflow("twelve", steps))
                .build();
        ScenarioFile checkout = checkout();
        QueueCanvas canvas = robot.lookup(".queue-canvas").queryAs(QueueCanvas.class);
        // 400 events reach past the tenth step (each job calls twelve steps): stations 11 and 12 hold tokens
        List<Box> drawn = play(canvas, twelve, checkout, 400);
        List<Box> stations = of(drawn, "station");
        assertEquals(12, stations.size(), "a station per step: " + stations);
        double[] w = new double[2];
        onFx(() -> {
            w[0] = canvas.getWidth();
            w[1] = canvas.getHeight();
        });
        for (Box s : stations) {
            assertTrue(s.x() >= 0 && s.x() + s.w() <= w[0] && s.y() >= 0 && s.y() + s.h() <= w[1],
                    "inside the canvas " + w[0] + " × " + w[1] + ": " + s);
        }
        String titles = titles(drawn);
        assertTrue(titles.contains("11. call 11") && titles.contains("12. write 12"), titles);
        assertTrue(live.sideEffects(11) > 0, "the twelfth step ran: " + live.sideEffects(11));
    }

    @Test
    void theCheckoutsStatusBarAndLogSayItsStepsWords(FxRobot robot) throws Exception {
        ScenarioFile checkout = checkout();
        QueueCanvas canvas = robot.lookup(".queue-canvas").queryAs(QueueCanvas.class);
        play(canvas, checkout.scenario(), checkout, 400);
        List<String> words = new ArrayList<>();
        onFx(() -> {
            words.add(live.countersProperty().get());
            words.addAll(live.log());
        });
        // the status bar counts the users whose card (the key step) was charged twice, by the step's name
        assertTrue(words.get(0).contains("users with \"charge the card\" done 2+ times"), words.get(0));
        // the log names the checkout's steps, never the sign-up's, and no email
        String log = String.join("\n", words.subList(1, words.size()));
        assertTrue(log.contains(" · charge the card"), log);
        for (String signup : SignupSteps.NAMES) {
            assertFalse(log.contains(signup), signup + " in\n" + log);
        }
        assertFalse(log.contains("email"), log);
    }

    @Test
    void aShortWorkflowLaysItsStationsInOneRowWithWholeTitles(FxRobot robot) throws Exception {
        ScenarioFile checkout = checkout();
        QueueCanvas canvas = robot.lookup(".queue-canvas").queryAs(QueueCanvas.class);
        for (int n : new int[] {1, 3, 5, 7}) {
            List<Workflow.Step> steps = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                steps.add(Workflow.Step.external("call the service number " + i, i == 1, null));
            }
            Scenario s = LiveViewModel.classroomDefaults().toBuilder().workflow(new Workflow("w" + n, steps)).build();
            List<Box> stations = of(play(canvas, s, checkout, 3), "station");
            assertEquals(n, stations.size(), n + " steps");
            // up to five steps one row (every station at the top), else two
            long rows = stations.stream().mapToDouble(Box::y).distinct().count();
            assertEquals(n <= 5 ? 1 : 2, rows, n + " steps: " + stations);
            if (n <= 5) { // the one row's stations are wider and taller than a row of five's: their titles whole
                String titles = titles(play(canvas, s, checkout, 0));
                assertFalse(titles.contains("…"), n + " steps, no title cut: " + titles);
            }
        }
    }

    /** Applies {@code s} with the file's first strategy, steps {@code events} events and draws each: the last frame. */
    private List<Box> play(QueueCanvas canvas, Scenario s, ScenarioFile file, int events) {
        List<Box> drawn = new ArrayList<>();
        onFx(() -> {
            live.apply(s, file.strategies().get(0));
            long now = System.nanoTime();
            for (int e = 0; e < events && !live.finishedProperty().get(); e++) {
                live.stepOnce();
                canvas.draw(live, now += 1_000_000_000L);
            }
            drawn.addAll(canvas.drawn());
        });
        return drawn;
    }

    /** @return the checkout preset as read from the lab's presets */
    static ScenarioFile checkout() throws Exception {
        try (var in = App.class.getResourceAsStream("/" + Presets.FOLDER + "workflow-checkout.json")) {
            return new ScenarioFiles(Metric.watchNames()).read(in);
        }
    }

    private static List<Box> of(List<Box> boxes, String role) {
        return boxes.stream().filter(b -> b.role().equals(role)).toList();
    }

    /** @return the titles' lines as drawn, joined by a space (a title wrapped onto two lines reads whole) */
    private static String titles(List<Box> drawn) {
        return String.join(" ", of(drawn, "title").stream().map(Box::text).toList());
    }
}
