package org.idempotencylab.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.Texts;
import org.idempotencylab.ui.ControllerFactory;
import org.idempotencylab.ui.keystore.KeyStoreViewModel;
import org.idempotencylab.ui.live.LiveController;
import org.idempotencylab.ui.live.JobToken;
import org.idempotencylab.ui.live.LiveViewModel;

/**
 * Frame-time benchmark of "Watch it happen" (a benchmark to run and read, not a test): 500 jobs in flight at
 * once, played at 1× in a real window for 15 s, then the frame intervals are printed.
 *
 * <p>Run under a display, e.g. {@code xvfb-run -a java -cp ... org.idempotencylab.bench.LiveFrameBenchmark}
 * (docs/measured-figures.md has the whole command).
 */
public final class LiveFrameBenchmark {
    private LiveFrameBenchmark() {
    }

    public static void main(String[] args) {
        // launched through a nested class: a main class that extends Application fails with JavaFX on the class path
        Application.launch(Window.class, args);
    }

    /** The benchmark's window. */
    public static final class Window extends Application {
    private static final long WARM_UP_NANOS = 3_000_000_000L;
    private static final long MEASURE_NANOS = 15_000_000_000L;

    @Override
    public void start(Stage stage) throws Exception {
        // 500 workers, 3,000 sign-ups at once, calls of 2 s: 500 jobs are in flight for the whole measurement
        Scenario s = Scenario.article().toBuilder().jobs(3_000).workers(500).callMs(2_000).pFail(0.1)
                .lostReply(0.2).ttlMs(60_000).providerKeyTtlMs(120_000).build();
        LiveViewModel live = new LiveViewModel(s);
        live.strategyProperty().set(Strategy.WHOLE_JOB_SKIP_FINISHED);
        KeyStoreViewModel keys = new KeyStoreViewModel();
        live.addFrameListener(keys, KeyStoreViewModel.FLUSHES_PER_SECOND); // as App connects them
        FXMLLoader loader = new FXMLLoader(Window.class.getResource("/org/idempotencylab/ui/live/live.fxml"),
                Texts.of(LiveController.class).bundle());
        loader.setControllerFactory(new ControllerFactory().with(LiveViewModel.class, live)
                .with(KeyStoreViewModel.class, keys));
        Parent root = loader.load();
        Scene scene = new Scene(root, 1280, 820);
        scene.getStylesheets().add(Window.class.getResource("/org/idempotencylab/ui/lab.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
        live.reset();
        if (System.getProperty("bench.tab") != null) {
            ((TabPane) root.lookup(".detail-tabs")).getSelectionModel()
                    .select(Integer.parseInt(System.getProperty("bench.tab")));
        }
        live.togglePlay();
        List<Long> intervals = new ArrayList<>();
        List<Integer> inFlight = new ArrayList<>();
        new AnimationTimer() {
            private long start;
            private long last;
            private long fxCpuStart = -1;
            private long processCpuStart;

            @Override
            public void handle(long now) {
                if (start == 0) {
                    start = now;
                }
                if (now - start > WARM_UP_NANOS && last != 0) {
                    if (fxCpuStart < 0) {
                        fxCpuStart = THREADS.getCurrentThreadCpuTime();
                        processCpuStart = processCpuNanos();
                    }
                    intervals.add(now - last);
                    int n = 0;
                    for (JobToken t : live.tokens()) {
                        if (t.active() && t.phase() != JobToken.Phase.QUEUED) {
                            n++;
                        }
                    }
                    inFlight.add(n);
                }
                last = now;
                if (now - start > WARM_UP_NANOS + MEASURE_NANOS) {
                    stop();
                    report(intervals, inFlight);
                    // CPU time per frame: comparable between builds even when other programs share the CPU
                    System.out.printf(Locale.ROOT, "cpu per frame ms: FX thread %.2f, whole process %.2f%n",
                            (THREADS.getCurrentThreadCpuTime() - fxCpuStart) / 1e6 / intervals.size(),
                            (processCpuNanos() - processCpuStart) / 1e6 / intervals.size());
                    Platform.exit();
                }
            }
        }.start();
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** @return the CPU time of the whole process so far, ns. */
    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void report(List<Long> intervals, List<Integer> inFlight) {
        List<Long> sorted = new ArrayList<>(intervals);
        Collections.sort(sorted);
        double total = intervals.stream().mapToLong(Long::longValue).sum() / 1e9;
        System.out.printf(Locale.ROOT, "frames %d in %.1f s: %.1f fps%n", intervals.size(), total,
                intervals.size() / total);
        System.out.printf(Locale.ROOT, "frame interval ms: median %.1f, p95 %.1f, p99 %.1f, max %.1f%n",
                pct(sorted, 0.5), pct(sorted, 0.95), pct(sorted, 0.99), sorted.get(sorted.size() - 1) / 1e6);
        System.out.printf(Locale.ROOT, "jobs in flight: min %d, max %d%n", Collections.min(inFlight),
                Collections.max(inFlight));
    }

    private static double pct(List<Long> sorted, double p) {
        return sorted.get((int) Math.min(sorted.size() - 1, Math.round(p * (sorted.size() - 1)))) / 1e6;
    }

    }
}
