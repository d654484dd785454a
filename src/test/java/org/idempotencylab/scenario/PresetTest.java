package org.idempotencylab.scenario;

import java.util.function.ToLongFunction;
import org.idempotencylab.engine.Metric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.idempotencylab.engine.Comparison;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.engine.SignupSteps;
import org.idempotencylab.engine.StrategyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every built-in preset loads from the classpath, runs its strategies on its scenario, and its watched number
 * shows what its note says. Each preset has its own expectation below, with the reasoning;
 * the numbers in the comments were measured with the preset's seed (1).
 */
class PresetTest {
    private static final ScenarioFiles FILES = new ScenarioFiles(Metric.watchNames());
    private static final Presets PRESETS = new Presets(FILES);

    /** What each preset's note claims, checked on its results (one per strategy, in the file's order). */
    private static final Map<String, Consumer<List<StrategyResult>>> CLAIMS = Map.ofEntries(
            Map.entry("article.json", r -> {
                // The article's table, exactly: failed 11/11/11/995/250, steps again 4971/4971/0/464233/0,
                // users with 2+ emails 4939/4939/0/0/0.
                assertEquals(Strategy.ARTICLE, r.stream().map(StrategyResult::strategy).toList());
                assertEquals(List.of(11L, 11L, 11L, 995L, 250L), column(r, StrategyResult::failedJobs));
                assertEquals(List.of(4971L, 4971L, 0L, 464233L, 0L), column(r, StrategyResult::repeatedSteps));
                assertEquals(List.of(4939L, 4939L, 0L, 0L, 0L), column(r, StrategyResult::usersWithDuplicateEmails));
            }),
            Map.entry("lost-reply.json", r -> {
                // A lost reply makes the worker retry an email that went out: no key and a new key per call both
                // send it again (thousands; measured 4,951), the same key lets the provider drop it (0).
                assertTrue(r.get(0).usersWithDuplicateEmails() > 1_000);
                assertEquals(r.get(0).usersWithDuplicateEmails(), r.get(1).usersWithDuplicateEmails());
                assertEquals(0, r.get(2).usersWithDuplicateEmails());
            }),
            Map.entry("whole-job-vs-each-step.json", r -> {
                // Same key everywhere, so no duplicate email; each-step retry repeats nothing, whole-job retry
                // repeats the finished steps (measured 47,063), skipping finished steps repeats nothing.
                assertEquals(0, r.get(0).repeatedSteps());
                assertTrue(r.get(1).repeatedSteps() > 10_000);
                assertEquals(0, r.get(2).repeatedSteps());
                r.forEach(x -> assertEquals(0, x.usersWithDuplicateEmails()));
            }),
            Map.entry("repeated-request.json", r -> {
                // Nothing fails, so every duplicate is a repeat's: 10 steps per repeat with no key, 9 when only
                // the email has a key (the provider drops it), 0 through the store (24 h TTL, repeats <= 60 s).
                long repeats = r.get(0).repeatedRequests();
                assertTrue(repeats > 1_000, "about 20% of 10,000: " + repeats);
                assertEquals(10 * repeats, r.get(0).repeatedSteps());
                assertEquals(9 * repeats, r.get(1).repeatedSteps());
                assertEquals(0, r.get(2).repeatedSteps());
            }),
            Map.entry("ttl-shorter-than-repeat.json", r -> {
                // The store's keys expire 30 s after the step, the repeat comes 60 s after the request: every
                // step but the email (the provider's key lives 24 h) runs again, 9 per repeat.
                StrategyResult x = r.get(0);
                assertTrue(x.repeatedRequests() > 1_000);
                assertEquals(9 * x.repeatedRequests(), x.repeatedSteps());
                assertEquals(0, x.usersWithDuplicateEmails());
                assertEquals(0, x.storeHits());
            }),
            Map.entry("crash-memory-store.json", r -> {
                // The restarted process has an empty store: a redelivered job redoes the steps it had done, more
                // than one per crash (measured 1,320 and 1,208 for 227 crashes); without a provider key the email
                // goes twice (105 users), with it never.
                for (StrategyResult x : r) {
                    assertTrue(x.crashes() > 0);
                    assertEquals(x.crashes(), x.redeliveries());
                    assertTrue(x.repeatedSteps() > 2 * x.crashes(), x.repeatedSteps() + " for " + x.crashes());
                }
                assertTrue(r.get(0).usersWithDuplicateEmails() > 0);
                assertEquals(0, r.get(1).usersWithDuplicateEmails());
            }),
            Map.entry("crash-claim-table.json", r -> {
                // The claim table survives the crash: only the reclaimed step runs again (measured 230 and 199
                // against the in-memory store's 1,208); only the same provider key makes the email's count 0.
                StrategyResult memory = r.get(0);
                StrategyResult claimNoKey = r.get(1);
                StrategyResult claimSameKey = r.get(2);
                for (StrategyResult claim : List.of(claimNoKey, claimSameKey)) {
                    assertTrue(claim.crashes() > 0);
                    assertTrue(claim.repeatedSteps() > 0);
                    assertTrue(3 * claim.repeatedSteps() < memory.repeatedSteps());
                }
                // With the same key only the reclaimed step runs again (no key: lost replies resend emails too).
                assertTrue(claimSameKey.repeatedSteps() <= claimSameKey.leaseReclaims());
                assertTrue(claimNoKey.usersWithDuplicateEmails() > 0);
                assertEquals(0, claimSameKey.usersWithDuplicateEmails());
            }),
            Map.entry("stuck-in-progress.json", r -> {
                // A crash leaves the claims of both workers in_progress; the job comes back and is refused until
                // the 60 s lease runs out (measured 1,353 refusals, 21 crashes, 40 reclaims).
                StrategyResult x = r.get(0);
                assertTrue(x.crashes() > 0);
                assertTrue(x.jobInProgressRejections() > 10 * x.crashes());
                assertTrue(x.leaseReclaims() >= x.crashes() && x.leaseReclaims() <= 2 * x.crashes());
                assertTrue(x.stuckInProgressMs() > 0);
                assertEquals(0, x.lostJobs());
            }),
            Map.entry("short-lease.json", r -> {
                // A 10 s lease and calls of up to 90 s, nothing crashing: the repeat reclaims a live claim and
                // does the step too (measured 929 reclaims, 838 steps done again).
                StrategyResult x = r.get(0);
                assertEquals(0, x.crashes());
                assertTrue(x.leaseReclaims() > 100);
                assertTrue(x.repeatedSteps() > 100);
            }),
            Map.entry("lock-only.json", r -> {
                // The lock keeps the repeat out while the first job runs ("job in progress"), then nothing says
                // the work was done: every repeat does all ten steps. The claim table: none.
                StrategyResult lock = r.get(0);
                assertTrue(lock.repeatedRequests() > 0);
                assertTrue(lock.jobInProgressRejections() > 0);
                assertEquals(SignupSteps.COUNT * lock.repeatedRequests(), lock.repeatedSteps());
                assertEquals(0, r.get(1).repeatedSteps());
            }),
            Map.entry("different-payload.json", r -> {
                // Every repeat carries another payload under the same keys: the claim table refuses each with a
                // key mismatch (measured 944 = the repeats); the in-memory store has no fingerprint: 0.
                StrategyResult claim = r.get(0);
                assertTrue(claim.repeatedRequests() > 0);
                assertEquals(claim.repeatedRequests(), claim.keyMismatches());
                assertEquals(0, r.get(1).keyMismatches());
                assertEquals(0, r.get(1).failedJobs());
            }));

    private static List<Long> column(List<StrategyResult> r, ToLongFunction<StrategyResult> f) {
        return r.stream().map(x -> f.applyAsLong(x)).toList();
    }

    static Stream<String> presets() {
        return Presets.names().stream();
    }

    @ParameterizedTest
    @MethodSource("presets")
    void eachPresetShowsWhatItsNoteSays(String fileName) {
        ScenarioFile f = PRESETS.load(fileName);
        List<StrategyResult> results = Comparison.run(f.scenario(), f.strategies(), 2, RunControl.NONE);
        Consumer<List<StrategyResult>> claim = CLAIMS.get(fileName);
        assertTrue(claim != null, "no expectation written for " + fileName);
        claim.accept(results);
    }

    @Test
    void theIndexListsEveryPresetFileOnceAndInTeachingOrder() throws IOException {
        List<String> names = Presets.names();
        assertEquals(names.size(), names.stream().distinct().count(), "no file twice");
        try (Stream<Path> files = Files.list(Path.of("assets/scenarios"))) {
            assertEquals(files.map(p -> p.getFileName().toString()).filter(n -> !n.equals("index.json"))
                    .collect(Collectors.toSet()), Set.copyOf(names));
        }
        assertEquals(CLAIMS.keySet(), Set.copyOf(names), "every preset has its expectation here");
        assertEquals("article.json", names.get(0), "the lab opens on the article");
        List<String> titles = PRESETS.list().stream().map(p -> p.file().name()).toList();
        assertEquals(titles.size(), titles.stream().distinct().count(), "menu entries differ: " + titles);
    }

    @Test
    void everyNoteNamesWhatToWatchAndLiveViewsFitTheLiveTab() {
        for (Presets.Preset p : PRESETS.list()) {
            ScenarioFile f = p.file();
            assertTrue(f.note().contains("Watch"), p.fileName() + ": the note says what to watch");
            if (f.view() == ScenarioFile.View.LIVE) {
                assertTrue(f.scenario().jobs() <= 100_000, p.fileName() + ": the live view plays up to 100,000");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("presets")
    void eachPresetRoundTrips(String fileName) throws IOException {
        ScenarioFile f = PRESETS.load(fileName);
        StringWriter out = new StringWriter();
        FILES.write(f, out);
        assertEquals(f, FILES.read(new StringReader(out.toString())));
    }
}
