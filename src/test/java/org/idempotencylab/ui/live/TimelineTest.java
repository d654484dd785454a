package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.LiveRunListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live view's timeline, without the toolkit: a seek replays the run (same seed, same clicked faults at the
 * moments they were clicked), so seeking anywhere and playing on ends with the same numbers and the same log as
 * playing straight through; a step back lands just after the event before; a fault clicked later replays when
 * the run passes its moment again; a new click after going back replaces the history after it; the views that
 * follow the run hear the new simulation and a frame; with the claim table on a database the timeline is off.
 */
class TimelineTest {
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());

    /** The preset {@code name} from assets/scenarios, with {@code jobs} sign-ups (a test-sized run). */
    private static LiveViewModel preset(String name, int strategy, long jobs) throws IOException {
        ScenarioFile f;
        try (InputStream in = Objects.requireNonNull(TimelineTest.class.getResourceAsStream(
                "/assets/scenarios/" + name), name)) {
            f = FILES.read(in);
        }
        Scenario s = f.scenario().toBuilder().jobs(jobs).build();
        LiveViewModel vm = new LiveViewModel(s);
        vm.apply(s, f.strategies().get(strategy));
        assertNotNull(vm.simulation(), vm.messageProperty().get());
        return vm;
    }

    /** Steps until {@code events} simulator events have run. */
    private static void stepTo(LiveViewModel vm, long events) {
        while (vm.simulation().eventsFired() < events && !vm.simulation().isFinished()) {
            vm.stepOnce();
        }
    }

    /**
     * Plays at 1000× in frames of 2 s of real time (half an hour of virtual time) until the run is over, pressing
     * Play again after each pause at a new duplicate (DuplicatePause), as a teacher does: the pauses change nothing.
     */
    private static StrategyResult playToTheEnd(LiveViewModel vm) {
        vm.speedProperty().set(LiveViewModel.MAX_SPEED);
        long nanos = 0;
        for (int i = 0; i < 1_000_000; i++) {
            if (!vm.playingProperty().get()) {
                if (vm.finishedProperty().get()) {
                    break;
                }
                vm.togglePlay();
            }
            nanos += 2_000_000_000L;
            vm.frame(2_000_000_000L, nanos);
        }
        assertFalse(vm.playingProperty().get(), "the run ended");
        assertTrue(vm.simulation().isFinished());
        return vm.simulation().result();
    }

    /** What a person sees of a run that ended: its numbers, the log and the clock. */
    private record Seen(StrategyResult result, List<String> log, long nowMs, String counters) {
        static Seen of(LiveViewModel vm) {
            return new Seen(vm.simulation().result(), List.copyOf(vm.log()), vm.nowMs(), vm.countersProperty().get());
        }
    }

    /**
     * Clicks a lost reply, a failing call on a running job and a crash at three points of the run (the crash last:
     * with an in-memory queue it loses every job waiting); returns the events counts of the clicks.
     */
    private static long[] clickThreeFaults(LiveViewModel vm, long total) {
        long[] at = {total / 5, total / 2, total * 3 / 4};
        stepTo(vm, at[0]);
        vm.clickProvider();
        stepTo(vm, at[1]);
        JobToken running = Arrays.stream(vm.workerTokens()).filter(Objects::nonNull).findFirst().orElse(null);
        for (int i = 0; running == null && i < 10_000; i++) {
            vm.stepOnce();
            running = Arrays.stream(vm.workerTokens()).filter(Objects::nonNull).findFirst().orElse(null);
        }
        assertNotNull(running, "a job runs");
        vm.clickJob(running, true);
        stepTo(vm, at[2]);
        assertTrue(vm.crashWorkers(), vm.messageProperty().get());
        assertEquals(3, vm.clickedFaults().size(), "three faults in the history");
        return at;
    }

    /** @return the virtual time at which the last job of {@code vm}'s run ends when played straight through */
    private static long jobsEndMs(LiveViewModel vm) {
        LiveViewModel twin = new LiveViewModel(vm.simulation().scenario());
        twin.apply(vm.simulation().scenario(), vm.simulation().strategy());
        while (!twin.simulation().isFinished()) {
            twin.stepOnce();
        }
        return twin.nowMs();
    }

    private static long eventsOfAStraightRun(LiveViewModel vm) {
        LiveViewModel twin = new LiveViewModel(vm.simulation().scenario());
        twin.apply(vm.simulation().scenario(), vm.simulation().strategy());
        playToTheEnd(twin);
        return twin.simulation().eventsFired();
    }

    /** Seeks to each of {@code times} and plays to the end: each time the numbers, log and clock of {@code straight}. */
    private static void seekAndPlayOnGives(LiveViewModel vm, Seen straight, long... times) {
        for (long t : times) {
            vm.seek(t);
            assertEquals(t, vm.nowMs(), "the clock at the time sought");
            playToTheEnd(vm);
            assertEquals(straight, Seen.of(vm), "seek to " + t + " then play to the end");
        }
    }

    @Test
    void seekingAnywhereThenPlayingToTheEndGivesTheNumbersOfPlayingStraightThrough() throws IOException {
        for (String name : List.of("lost-reply.json", "crash-memory-store.json", "repeated-request.json")) {
            for (int strategy = 0; strategy < 2; strategy++) {
                LiveViewModel vm = preset(name, strategy, 150);
                long jobs = jobsEndMs(vm);
                Seen straight = Seen.of(withResult(vm));
                long end = straight.nowMs();
                String run = name + " #" + strategy;
                assertTrue(end >= jobs && straight.result().calls() > 1000, run + ": " + straight);
                // in the jobs' time, and after it while the keys count down
                seekAndPlayOnGives(vm, straight, 0, 1, jobs / 7, jobs / 3, jobs / 2, jobs - 1, jobs, end / 2,
                        end - 1);
            }
        }
    }

    private static LiveViewModel withResult(LiveViewModel vm) {
        playToTheEnd(vm);
        return vm;
    }

    @Test
    void withClickedFaultsBeforeAndAfterTheTimeSoughtTheRunEndsTheSameToo() throws IOException {
        for (String name : List.of("lost-reply.json", "crash-memory-store.json")) {
            LiveViewModel vm = preset(name, 1, 150);
            long total = eventsOfAStraightRun(vm);
            long[] clickedAt = clickThreeFaults(vm, total);
            playToTheEnd(vm);
            Seen straight = Seen.of(vm);
            assertTrue(straight.result().crashes() >= 1, "the clicked crash counts");
            assertTrue(straight.log().stream().anyMatch(l -> l.contains("worker process crashed (clicked)")));
            // the times of the three clicks, read back from the history
            List<RunHistory.Fault> faults = vm.clickedFaults();
            long replyMs = faults.get(0).at().timeMs();
            long callMs = faults.get(1).at().timeMs();
            long crashMs = faults.get(2).at().timeMs();
            assertEquals(clickedAt[0], faults.get(0).at().events());
            assertTrue(replyMs < callMs && callMs < crashMs, faults.toString());
            seekAndPlayOnGives(vm, straight, 0, replyMs - 1, replyMs, replyMs + 1, (replyMs + callMs) / 2, callMs,
                    crashMs - 1, crashMs, crashMs + 1, straight.nowMs() / 2, straight.nowMs() - 1);
            assertEquals(faults, vm.clickedFaults(), "the history keeps its faults through the seeks");
        }
    }

    @Test
    void aRunPlayedStraightThroughWithClicksEqualsTheSameClicksReplayed() throws IOException {
        // not only the run the history came from: a seek from a run that never got past the first click
        LiveViewModel vm = preset("crash-memory-store.json", 0, 150);
        long total = eventsOfAStraightRun(vm);
        clickThreeFaults(vm, total);
        Seen beforeTheEnd = Seen.of(vm);
        vm.seek(0);
        assertEquals(List.of(), vm.log().stream().filter(l -> l.contains("clicked")).toList(),
                "at 0 no click has happened yet");
        assertFalse(vm.workersDown());
        StrategyResult replayed = playToTheEnd(vm);
        LiveViewModel other = preset("crash-memory-store.json", 0, 150);
        clickThreeFaults(other, total);
        assertEquals(beforeTheEnd.result(), Seen.of(other).result(), "the same clicks, the same run so far");
        assertEquals(playToTheEnd(other), replayed);
        assertEquals(List.copyOf(other.log()), List.copyOf(vm.log()));
    }

    @Test
    void aStepBackLandsJustAfterTheEventBeforeAndAStepForwardComesBack() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.reset();
        List<Long> clocks = new ArrayList<>();
        List<List<String>> logs = new ArrayList<>();
        List<String> counters = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            vm.stepOnce();
            clocks.add(vm.nowMs());
            logs.add(List.copyOf(vm.log()));
            counters.add(vm.countersProperty().get());
        }
        assertNotEquals(logs.get(0), logs.get(119), "the log grew");
        for (int i = 118; i >= 100; i--) {
            vm.stepBack();
            assertEquals(clocks.get(i), vm.nowMs(), "back to step " + i);
            assertEquals(logs.get(i), List.copyOf(vm.log()), "the log as it was after step " + i);
            assertEquals(counters.get(i), vm.countersProperty().get());
        }
        vm.stepOnce();
        assertEquals(clocks.get(101), vm.nowMs(), "→ after ← is where the run was");
        assertEquals(logs.get(101), List.copyOf(vm.log()));
    }

    @Test
    void aStepBackToALoggedEventEndsTheLogWithThatEventAtTheClocksTime() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.reset();
        // step until two steps in a row each wrote a line: the step back lands on the first one's
        int lines = 0;
        boolean lastWrote = false;
        String previous = null;
        String clockThen = null;
        for (int i = 0; i < 10_000; i++) {
            String clock = vm.clockProperty().get();
            String line = vm.log().isEmpty() ? null : vm.log().get(vm.log().size() - 1);
            vm.stepOnce();
            boolean wrote = vm.log().size() > lines;
            lines = vm.log().size();
            if (wrote && lastWrote) {
                previous = line;
                clockThen = clock;
                break;
            }
            lastWrote = wrote;
        }
        assertNotNull(previous, "two steps in a row wrote a line");
        vm.stepBack();
        assertEquals(clockThen, vm.clockProperty().get(), "the clock of the event before");
        assertEquals(previous, vm.log().get(vm.log().size() - 1), "the log ends with the event stepped back to");
        assertTrue(previous.startsWith(vm.clockProperty().get()), previous + " at " + vm.clockProperty().get());
    }

    @Test
    void aFaultClickedLaterReplaysWhenTheRunPassesItsMomentAgain() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.reset();
        stepTo(vm, 40);
        vm.speedProperty().set(1); // play on for a moment: the click comes between two events
        vm.togglePlay();
        vm.frame(7_000_000, 7_000_000);
        vm.togglePlay();
        long t1 = vm.nowMs();
        vm.clickProvider();
        assertTrue(vm.providerArmed());
        String armed = vm.log().get(vm.log().size() - 1);
        assertTrue(armed.contains("next email reply is lost (clicked)"), armed);
        assertEquals(new RunHistory.Position(40, t1), vm.clickedFaults().get(0).at());
        LiveViewModel twin = new LiveViewModel(LiveViewModel.classroomDefaults());
        twin.reset();
        stepTo(twin, 40);
        twin.seek(t1);
        twin.clickProvider();
        StrategyResult straight = playToTheEnd(twin);

        vm.seek(t1 - 2_000); // t0 < t1: the click has not happened yet
        assertFalse(vm.providerArmed(), "before the click the provider is not armed");
        assertFalse(vm.log().contains(armed));
        assertEquals(1, vm.clickedFaults().size(), "but the click stays in the history");
        // play past t1 in small frames: the click replays at its moment, between the same two events
        vm.speedProperty().set(1);
        vm.togglePlay();
        for (long nanos = 0; vm.nowMs() < t1 + 10; ) {
            nanos += 16_666_667;
            vm.frame(16_666_667, nanos);
        }
        vm.togglePlay();
        assertTrue(vm.log().contains(armed), "the clicked fault is back in the log, at its time");
        assertEquals(straight, playToTheEnd(vm), "and the run ends as the run with the click");
        assertEquals(List.copyOf(twin.log()), List.copyOf(vm.log()));
    }

    @Test
    void aStepForwardReplaysAFaultClickedBetweenTwoEvents() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.reset();
        stepTo(vm, 30);
        vm.togglePlay();
        vm.frame(5_000_000, 5_000_000); // 5 ms on: between two events
        vm.togglePlay();
        assertTrue(vm.crashWorkers());
        long crashAt = vm.nowMs();
        List<String> logAfterCrash = List.copyOf(vm.log());
        vm.stepBack(); // the click was the last thing that happened: back to the event before it
        assertFalse(vm.workersDown());
        assertTrue(vm.nowMs() < crashAt);
        assertEquals(logAfterCrash.subList(0, vm.log().size()), List.copyOf(vm.log()), "the log before the click");
        assertEquals(1, vm.clickedFaults().size(), "the click stays in the history");
        vm.stepOnce(); // the click comes before the next event
        assertTrue(vm.workersDown(), "the crash replays on the way");
        assertEquals(logAfterCrash, List.copyOf(vm.log()).subList(0, logAfterCrash.size()),
                "its lines at its time, then the next event's");
    }

    @Test
    void aNewClickAfterGoingBackReplacesTheHistoryAfterIt() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.reset();
        stepTo(vm, 60);
        assertTrue(vm.crashWorkers());
        stepTo(vm, 200);
        long reach = vm.reachMsProperty().get();
        assertEquals(vm.nowMs(), reach);
        stepTo(vm, 100); // no-op: already past
        vm.seek(vm.clickedFaults().get(0).at().timeMs() / 2);
        long t0 = vm.nowMs();
        assertEquals(reach, vm.reachMsProperty().get(), "a seek back keeps the reach");
        vm.clickProvider();
        assertEquals(1, vm.clickedFaults().size(), "the crash after it is gone");
        assertEquals(RunHistory.FaultKind.REPLY_LOST, vm.clickedFaults().get(0).kind());
        assertEquals(t0, vm.reachMsProperty().get(), "the timeline now reaches the present");
        playToTheEnd(vm);
        assertEquals(0, vm.simulation().result().crashes(), "the crash never comes");
    }

    @Test
    void theViewsThatFollowTheRunHearTheNewSimulationAndAFrameAfterASeek() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        List<String> heard = new ArrayList<>();
        SignupSimulation[] attached = new SignupSimulation[1];
        vm.addFrameListener(new LiveRunListener() {
            @Override
            public void attached(SignupSimulation simulation) {
                attached[0] = simulation;
                heard.add("attached at " + simulation.nowMs());
            }

            @Override
            public void read(long nowMs) {
                heard.add("read " + nowMs);
            }

            @Override
            public void frame(long nowMs) {
                heard.add("frame " + nowMs);
            }
        }, 10);
        vm.reset();
        stepTo(vm, 50);
        SignupSimulation old = vm.simulation();
        heard.clear();
        vm.seek(vm.nowMs() / 2);
        assertNotSame(old, vm.simulation());
        assertSame(vm.simulation(), attached[0]);
        long now = vm.nowMs();
        assertEquals(List.of("attached at 0", "read " + now, "frame " + now), heard,
                "attached before the replay (the key store hears every key), then read and frame as after a step");
        heard.clear();
        vm.stepBack();
        assertEquals(3, heard.size(), heard.toString());
    }

    @Test
    void theTimelineReachesAsFarAsTheRunHasBeenAndTheFollowedJobStaysFollowed() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        vm.reset();
        stepTo(vm, 80);
        long far = vm.nowMs();
        assertEquals(far, vm.timeMsProperty().get());
        assertEquals(far, vm.reachMsProperty().get());
        JobToken t = vm.token(0);
        vm.clickJob(t, false);
        vm.seek(far / 2);
        assertEquals(far / 2, vm.timeMsProperty().get());
        assertEquals(far, vm.reachMsProperty().get());
        assertNotNull(vm.selectedProperty().get(), "user_0 is still followed");
        assertEquals(0, vm.selectedProperty().get().user());
        assertNotSame(t, vm.selectedProperty().get(), "its token of the replayed run");
        assertEquals(vm.selectedProperty().get().history().size(), vm.selectedHistory().size());
        vm.reset();
        assertEquals(0, vm.reachMsProperty().get(), "Reset: a new run, a new timeline");
        assertEquals(List.of(), vm.clickedFaults());
    }

    @Test
    void aJobFaultArmedBeforeTheTimeSoughtIsShownArmedOnItsToken() {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults().toBuilder().pFail(0).build());
        vm.reset();
        stepTo(vm, 10);
        JobToken t = Arrays.stream(vm.workerTokens()).filter(Objects::nonNull).findFirst().orElseThrow();
        vm.clickJob(t, true);
        assertTrue(t.faultArmed());
        vm.seek(vm.nowMs());
        JobToken again = vm.token(t.user(), t.repeat());
        assertNotSame(t, again);
        assertTrue(again.faultArmed(), "the replayed click arms the replayed token");
    }

    @Test
    void withTheClaimTableOnADatabaseTheTimelineIsOffAndSaysWhy(@TempDir Path dir) {
        LiveViewModel vm = new LiveViewModel(LiveViewModel.classroomDefaults());
        assertFalse(vm.timelineOffProperty().get().isEmpty(), "before the first run");
        vm.reset();
        assertEquals("", vm.timelineOffProperty().get());
        vm.scopeProperty().set(RetryScope.WHOLE_JOB_SKIP_FINISHED);
        vm.keyModeProperty().set(KeyMode.SAME);
        vm.storeProperty().set(StoreKind.CLAIM_TABLE);
        vm.databaseUrlProperty().set("jdbc:sqlite:" + dir.resolve("lab.db"));
        vm.reset();
        assertNotNull(vm.database());
        assertTrue(vm.timelineOffProperty().get().contains("database"), vm.timelineOffProperty().get());
        stepTo(vm, 30);
        SignupSimulation sim = vm.simulation();
        long now = vm.nowMs();
        vm.seek(now / 2);
        vm.stepBack();
        assertSame(sim, vm.simulation(), "no seek on a database");
        assertEquals(now, vm.nowMs());
        vm.databaseUrlProperty().set("");
        vm.reset();
        assertEquals("", vm.timelineOffProperty().get(), "the in-memory claim table rewinds");
        stepTo(vm, 30);
        vm.seek(vm.nowMs() / 2);
        assertEquals(Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE),
                vm.simulation().strategy());
    }
}
