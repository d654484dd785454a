package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.idempotencylab.engine.CauseScenarios;
import org.idempotencylab.engine.DuplicateCause;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.SimulationEvent;
import org.idempotencylab.engine.SimulationEvent.Kind;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * The code panel's rules without the toolkit: which program a strategy shows, which line an event lights, which
 * event of a job's last moment decided it, and the caption's plain words, from scripted events and from a real run
 * of the opening scene.
 */
class CodeMapTest {
    private static final int EMAIL = SignupSteps.EMAIL;
    private static final Strategy EACH_NO_KEY = Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.NONE);
    private static final Strategy EACH_SAME = Strategy.of(RetryScope.EACH_STEP, KeyMode.SAME, StoreKind.NONE);
    private static final Strategy MEMORY = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME,
            StoreKind.MEMORY);
    private static final Strategy CLAIM = Strategy.of(RetryScope.EACH_STEP, KeyMode.SAME, StoreKind.CLAIM_TABLE);
    private static final Strategy LOCK = Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.LOCK);

    private static SimulationEvent at(long timeMs, Kind kind, int step, long untilMs, String note) {
        return new SimulationEvent(timeMs, kind, 7, false, step, 1, 0, untilMs, note, 1);
    }

    private static SimulationEvent at(long timeMs, Kind kind, int step) {
        return at(timeMs, kind, step, timeMs, "");
    }

    /** @return the text of the line {@code strategy}'s program lights for {@code history}, or null. */
    private static String litText(Strategy strategy, List<SimulationEvent> history) {
        List<CodeProgram.Line> program = CodeProgram.compose(strategy);
        int i = CodeProgram.indexOf(program, CodeMap.litLine(strategy, history));
        return i < 0 ? null : program.get(i).text().strip();
    }

    @Test
    void everyStrategyHasAShortProgramWithItsThreeParts() {
        for (RetryScope scope : RetryScope.values()) {
            for (KeyMode key : KeyMode.values()) {
                for (StoreKind store : StoreKind.values()) {
                    if (scope == RetryScope.WHOLE_JOB_SKIP_FINISHED && !store.recordsCompletion()) {
                        continue;
                    }
                    List<CodeProgram.Line> program = CodeProgram.compose(Strategy.of(scope, key, store));
                    assertTrue(program.size() >= 9 && program.size() <= 30, scope + " " + key + " " + store
                            + ": " + program.size() + " lines");
                    for (CodeProgram.Line l : program) {
                        assertTrue(l.text().length() <= 44, "short enough to project: " + l.text());
                    }
                }
            }
        }
        List<String> claim = CodeProgram.compose(CLAIM).stream().map(CodeProgram.Line::text).toList();
        assertTrue(claim.stream().anyMatch(t -> t.contains("INSERT INTO processed_jobs")), "the article's claim");
        assertTrue(claim.stream().anyMatch(t -> t.contains("ON CONFLICT (idempotency_key) DO UPDATE")));
        assertTrue(claim.stream().anyMatch(t -> t.contains("locked_until < now()")), "the lease's condition");
        assertNotEquals(CodeProgram.compose(EACH_NO_KEY), CodeProgram.compose(EACH_SAME),
                "the key part changes with the key");
    }

    @Test
    void everyLineTheMapCanLightIsInTheProgramOfEveryStrategyThatCanLightIt() {
        Set<String> missing = new HashSet<>();
        for (Strategy s : List.of(EACH_NO_KEY, EACH_SAME, MEMORY, CLAIM, LOCK,
                Strategy.of(RetryScope.WHOLE_JOB, KeyMode.NEW_PER_CALL, StoreKind.NONE))) {
            List<CodeProgram.Line> program = CodeProgram.compose(s);
            for (Kind k : Kind.values()) {
                for (int step : new int[] {-1, 0, EMAIL}) {
                    String id = CodeMap.line(s, at(0, k, step));
                    StoreKind store = s.store();
                    boolean impossible = k == Kind.STEP_SKIPPED && !store.recordsCompletion()
                            || k == Kind.RUN_SHARED && store != StoreKind.MEMORY
                            || (k == Kind.LEASE_RECLAIMED || k == Kind.KEY_MISMATCH) && store != StoreKind.CLAIM_TABLE
                            || k == Kind.JOB_IN_PROGRESS && (store == StoreKind.NONE || store == StoreKind.MEMORY);
                    boolean possible = !impossible;
                    if (id != null && possible && CodeProgram.indexOf(program, id) < 0) {
                        missing.add(s.name() + ": " + k + " → " + id);
                    }
                }
            }
        }
        assertEquals(Set.of(), missing);
    }

    @Test
    void aLostReplyInAnEachStepRetryLightsTheRetryLoopsTimeoutLineAndSaysTheBackoff() {
        List<SimulationEvent> h = List.of(at(1_000, Kind.CALL_STARTED, EMAIL, 1_200, ""),
                at(1_200, Kind.SIDE_EFFECT, EMAIL), at(1_200, Kind.REPLY_LOST, EMAIL, 1_200, "timeout, reply lost"),
                at(1_200, Kind.BACKOFF_STARTED, EMAIL, 1_380, "timeout, reply lost"));
        assertEquals(Kind.REPLY_LOST, CodeMap.decisive(EACH_NO_KEY, h).kind());
        assertEquals("retry.error", CodeMap.litLine(EACH_NO_KEY, h));
        assertEquals("error/timeout: backoff, retry", litText(EACH_NO_KEY, h));
        assertEquals("user_7's welcome email went out, but the reply was lost: the worker sees a timeout and "
                + "retries in 180 ms", Caption.of(EACH_NO_KEY, h));
    }

    @Test
    void theMemoryStoresSavedResultLightsTheFinishedCase() {
        List<SimulationEvent> h = List.of(at(5_000, Kind.JOB_STARTED, -1), at(5_000, Kind.STEP_SKIPPED, 0),
                at(5_000, Kind.STEP_SKIPPED, 1), at(5_000, Kind.CALL_STARTED, 2, 5_200, ""));
        assertEquals("finished: return saved result", litText(MEMORY, h));
        assertEquals("user_7: the store had a saved result for \"create the billing customer\": skipped, nothing "
                + "done again; next: \"create the workspace\"", Caption.of(MEMORY, h));
        List<SimulationEvent> shared = List.of(at(100, Kind.RUN_SHARED, 0, 100, "shared a run in flight"));
        assertEquals("running: share that run", litText(MEMORY, shared));
        assertEquals("else: run, remember a success",
                litText(MEMORY, List.of(at(100, Kind.CALL_STARTED, 0, 300, ""))));
    }

    @Test
    void theClaimTablesOutcomesEachLightTheirLine() {
        assertEquals("in_progress: \"job in progress\"", litText(CLAIM, List.of(
                at(3_000, Kind.JOB_STARTED, -1), at(3_000, Kind.JOB_IN_PROGRESS, -1, 4_200, "job in progress"))));
        assertEquals("user_7: another delivery holds the key, so job in progress: back to the queue until 0:04.200",
                Caption.of(CLAIM, List.of(at(3_000, Kind.JOB_IN_PROGRESS, -1, 4_200, "job in progress"))));
        assertEquals("lease expired: reclaim, run it", litText(CLAIM, List.of(at(9_000, Kind.JOB_STARTED, -1),
                at(9_000, Kind.LEASE_RECLAIMED, 0, 69_000, "lease ran out"), at(9_000, Kind.CALL_STARTED, 0, 9_200,
                        ""))), "the reclaim, not the call that follows it, decided");
        assertEquals("claimed: run it, then completed",
                litText(CLAIM, List.of(at(9_000, Kind.JOB_STARTED, -1), at(9_000, Kind.CALL_STARTED, 0, 9_200, ""))));
        assertEquals("completed: return saved result",
                litText(CLAIM, List.of(at(9_000, Kind.STEP_SKIPPED, 0, 9_000, "completed: saved result"))));
        assertEquals("other payload: key mismatch",
                litText(CLAIM, List.of(at(9_000, Kind.KEY_MISMATCH, 0), at(9_000, Kind.JOB_FAILED, -1))),
                "the mismatch decided the job's end");
    }

    @Test
    void theProvidersKeyCheckAndTheLock() {
        List<SimulationEvent> known = List.of(at(2_000, Kind.EMAIL_SUPPRESSED, EMAIL, 2_000, "provider knew it"),
                at(2_000, Kind.CALL_SUCCEEDED, EMAIL), at(2_000, Kind.CALL_STARTED, EMAIL + 1, 2_200, ""));
        assertEquals("provider knew key: send nothing", litText(EACH_SAME, known));
        assertTrue(Caption.of(EACH_SAME, known).contains("the provider knew the key, nothing sent"),
                Caption.of(EACH_SAME, known));
        assertEquals("new key: send, remember key", litText(EACH_SAME, List.of(
                at(2_000, Kind.SIDE_EFFECT, EMAIL), at(2_000, Kind.CALL_SUCCEEDED, EMAIL))));
        assertEquals("provider sends on every call", litText(EACH_NO_KEY, List.of(
                at(2_000, Kind.DUPLICATE_SIDE_EFFECT, EMAIL, 2_000, "done 2 times"))));
        assertEquals("held: \"job in progress\"", litText(LOCK, List.of(
                at(2_000, Kind.JOB_STARTED, -1), at(2_000, Kind.JOB_IN_PROGRESS, -1, 3_000, "lock held"))));
        assertEquals("taken: run steps, then DEL", litText(LOCK, List.of(
                at(2_000, Kind.JOB_STARTED, -1), at(2_000, Kind.CALL_STARTED, 0, 2_200, ""))));
    }

    @Test
    void theRetryLoopsEnds() {
        assertEquals("last attempt: job fails", litText(EACH_NO_KEY, List.of(
                at(2_000, Kind.CALL_FAILED, 3, 2_000, "503"), at(2_000, Kind.JOB_FAILED, -1))));
        assertEquals("all steps ok: job done", litText(EACH_NO_KEY, List.of(at(2_000, Kind.SIDE_EFFECT, 9),
                at(2_000, Kind.CALL_SUCCEEDED, 9), at(2_000, Kind.JOB_SUCCEEDED, -1))));
        Strategy whole = Strategy.of(RetryScope.WHOLE_JOB, KeyMode.SAME, StoreKind.NONE);
        assertEquals("error/timeout: backoff, step 1", litText(whole, List.of(
                at(2_000, Kind.CALL_FAILED, 3, 2_000, "503"), at(2_000, Kind.BACKOFF_STARTED, 3, 2_400, "503"))));
        assertEquals("user_7's call to \"add to the CRM\" failed (503): nothing was done and retries in 400 ms",
                Caption.of(whole, List.of(at(2_000, Kind.CALL_FAILED, 4, 2_000, "503"),
                        at(2_000, Kind.BACKOFF_STARTED, 4, 2_400, "503"))));
    }

    @Test
    void onlyTheLastMomentCountsAndNothingLightsBeforeAnyEvent() {
        List<SimulationEvent> h = List.of(at(1_200, Kind.REPLY_LOST, EMAIL, 1_200, "lost"),
                at(1_200, Kind.BACKOFF_STARTED, EMAIL, 1_380, "lost"), at(1_380, Kind.CALL_STARTED, EMAIL, 1_600, ""));
        assertEquals(1, CodeMap.lastMoment(h).size());
        assertEquals("store.call", CodeMap.litLine(EACH_NO_KEY, h), "the retry's call, once the backoff is over");
        assertNull(CodeMap.litLine(EACH_NO_KEY, List.of()));
        assertEquals("", Caption.of(EACH_NO_KEY, List.of()));
        assertNull(CodeMap.line(EACH_NO_KEY, at(0, Kind.FAULT_ARMED, -1)), "a click decides nothing in the code");
    }

    @Test
    void inTheOpeningScenesLostReplyTheTimeoutLineIsLit() throws Exception {
        ScenarioFile f;
        try (InputStream in = CodeMapTest.class.getResourceAsStream("/assets/scenarios/opening-no-key.json")) {
            f = in != null ? new ScenarioFiles(Metric.watchNames()).read(in)
                    : new ScenarioFiles(Metric.watchNames()).read(
                            java.nio.file.Path.of("assets/scenarios/opening-no-key.json"));
        }
        LiveViewModel live = new LiveViewModel(f.scenario());
        live.apply(f.scenario(), f.strategies().get(0));
        JobToken job = null;
        for (int i = 0; i < 400 && job == null; i++) {
            live.stepOnce();
            JobToken t = live.storyJob();
            if (t != null && CodeMap.decisive(live.simulation().strategy(), t.history()).kind() == Kind.REPLY_LOST) {
                job = t;
            }
        }
        assertTrue(job != null, "a reply is lost within 400 steps");
        Strategy s = live.simulation().strategy();
        assertEquals("error/timeout: backoff, retry", litText(s, job.history()));
        String caption = Caption.of(s, job.history());
        assertTrue(caption.matches("user_\\d+'s welcome email went out, but the reply was lost: the worker sees "
                + "a timeout and retries in \\d+ ms"), caption);
    }

    /**
     * The branch of the program that let each kind of step run again, by the rules of {@link CodeMap#letThrough}:
     * the store's branch that found no record (the in-memory store's "else: run"), the claim table's reclaim of an
     * expired lease or its claim of a key with no row (raced, or freed by the rescuer), the lock taken, and where
     * nothing records the step, the call that runs every time (the provider's send for the email). Never the loop
     * header: that says a loop runs, not why the step was let through.
     */
    private static final Map<DuplicateCause, String> LET_THROUGH = new EnumMap<>(Map.ofEntries(
            Map.entry(DuplicateCause.LOST_REPLY, "provider sends on every call"),
            Map.entry(DuplicateCause.CRASH, "else: run, remember a success"),
            Map.entry(DuplicateCause.VISIBILITY_TIMEOUT, "call(step): every call runs"),
            Map.entry(DuplicateCause.LEASE_EXPIRED, "lease expired: reclaim, run it"),
            Map.entry(DuplicateCause.LOCK_GONE, "taken: run steps, then DEL"),
            Map.entry(DuplicateCause.REPEATED_REQUEST, "call(step): every call runs"),
            Map.entry(DuplicateCause.EXPIRED_KEY, "else: run, remember a success"),
            Map.entry(DuplicateCause.ATTEMPT_TIMEOUT, "call(step): every call runs"),
            Map.entry(DuplicateCause.CLAIM_RACE, "claimed: run it, then completed"),
            Map.entry(DuplicateCause.RESCUER, "claimed: run it, then completed"),
            Map.entry(DuplicateCause.WHOLE_JOB_RETRY, "call(step): every call runs"),
            Map.entry(DuplicateCause.SHUTDOWN, "call(step): every call runs"),
            Map.entry(DuplicateCause.BATCH_RETURNED, "call(step): every call runs")));

    /**
     * @return the live view stepped one event at a time until the job it tells about (the code panel's and the
     *         caption's) has just done a side effect again; that job's token
     */
    static JobToken firstDuplicate(LiveViewModel live, CauseScenarios.Case c) {
        live.apply(c.scenario(), c.strategy(),
                c.faults() == null ? null : new LiveViewModel.FaultPlan(c.kinds(), c.faults()));
        for (int i = 0; i < 5_000; i++) { // the longest case, the rescuer's preset, needs under 2,000 events
            live.stepOnce();
            JobToken t = live.storyJob();
            if (t != null && CodeMap.decisive(live.simulation().strategy(), t.history()).kind()
                    == Kind.DUPLICATE_SIDE_EFFECT) {
                return t;
            }
        }
        throw new AssertionError(c.name() + ": no duplicate within 5,000 events");
    }

    /**
     * Every way a step runs again, each from a run that makes it (a preset, an Explore counterexample, a small
     * scenario): at the moment of the first duplicate, the lit line is the branch that let it through, and the
     * caption names the same job (the one the lit line is for) and the record that was missing, expired or taken
     * over. Before the lit line followed the cause, a step's duplicate lit "runStep(step) ok: next step" or the
     * loop header.
     */
    @Test
    void everyWayAStepRunsAgainLightsTheBranchThatLetItThroughAndTheCaptionSaysWhy() {
        Set<DuplicateCause> walked = java.util.EnumSet.noneOf(DuplicateCause.class);
        for (CauseScenarios.Case c : CauseScenarios.all()) {
            LiveViewModel live = new LiveViewModel(c.scenario());
            JobToken job = firstDuplicate(live, c);
            Strategy s = live.simulation().strategy();
            SimulationEvent dup = CodeMap.decisive(s, job.history());
            assertEquals(c.cause(), dup.cause(), c.name());
            assertEquals(List.of(job.user(), job.repeat()), List.of(dup.user(), dup.repeat()),
                    c.name() + ": the lit line is for the job whose side effect was done again");
            assertEquals(LET_THROUGH.get(c.cause()), litText(s, job.history()), c.name());
            String caption = Caption.of(s, job.history());
            String who = EventText.user(job.user(), job.repeat());
            assertTrue(caption.startsWith(who + ":") || caption.startsWith(who + " got ANOTHER"),
                    c.name() + ": the caption names " + who + ": " + caption);
            assertTrue(caption.contains(CauseText.record(s, dup)), c.name() + ": names the record: " + caption);
            List<String> forms = Caption.forms(s, job.history());
            assertTrue(forms.get(forms.size() - 1).endsWith(CauseText.brief(s, dup)),
                    c.name() + ": the shortest form still says why: " + forms);
            walked.add(c.cause());
        }
        assertEquals(java.util.EnumSet.allOf(DuplicateCause.class), walked, "every cause walked");
    }
}
