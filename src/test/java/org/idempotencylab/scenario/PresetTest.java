package org.idempotencylab.scenario;

import java.util.ArrayList;
import java.util.function.ToLongFunction;
import org.idempotencylab.engine.Metric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
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
import org.idempotencylab.engine.Sweep;
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
            Map.entry("opening-no-key.json", r -> {
                // Three sign-ups, no failures; with seed 294 exactly one welcome-email reply is lost (user_0's, at
                // 1,390 virtual ms, OpeningSceneFxTest), so with no key that one user gets a second email
                assertEquals(1, r.get(0).usersWithDuplicateEmails());
                assertEquals(0, r.get(0).failedJobs(), "the retry's email gets its reply: every job succeeds");
            }),
            Map.entry("opening-same-key.json", r -> {
                // The same draws, so the same lost reply; the retry carries the same key and the provider sends
                // nothing new
                assertEquals(0, r.get(0).usersWithDuplicateEmails());
                assertEquals(0, r.get(0).failedJobs());
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
                // the 60 s lease runs out. A refused delivery stays invisible for its 10 s visibility timeout (as on
                // SQS), so each stuck claim is refused about 5 times within its lease, up to 2 claims per crash:
                // more than 4 refusals per crash (measured 195 refusals, 21 crashes, 40 reclaims; 1,353 when a
                // refused job came back after the 100 ms to 2 s retry backoff).
                StrategyResult x = r.get(0);
                assertTrue(x.crashes() > 0);
                assertTrue(x.jobInProgressRejections() > 4 * x.crashes());
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
            }),
            // The field cases: each public report's bug shows its duplicate, and its fix beside it in the same
            // preset removes it (a second strategy, or the same strategy with the fix as its own setting).
            Map.entry("field-bull-lock-lost.json", r -> {
                assertEquals(2, r.size(), "the bug, then its fix as a setting of the same strategy");
                {
                    // 5% of ~20,000 calls are slow (30 to 90 s) against a 10 s lease and a 10 s visibility timeout:
                    // every slow call is redelivered while it runs and finds its lease expired, so reclaims come
                    // close to one per slow call (measured 1,007 for 1,012), and each reclaim does its step again.
                    StrategyResult x = r.get(0);
                    assertEquals(0, x.crashes());
                    assertTrue(2 * x.leaseReclaims() >= x.slowCalls(), x.leaseReclaims() + " for " + x.slowCalls());
                    assertTrue(x.repeatedSteps() > 100, "steps done again: " + x.repeatedSteps());
                    assertTrue(x.overlappingRuns() > 100);
                }
                {
                    // The same slow calls, but a 5 s heartbeat renews each claim before its 10 s lease runs out: the
                    // redeliveries are refused as "job in progress" and none takes a claim over, so nothing runs twice.
                    StrategyResult x = r.get(1);
                    assertTrue(x.slowCalls() > 500);
                    assertTrue(x.get(Metric.LEASE_RENEWALS) > x.slowCalls(), "a slow call renews several times");
                    assertTrue(x.jobInProgressRejections() > 0);
                    assertEquals(0, x.leaseReclaims());
                    assertEquals(0, x.repeatedSteps());
                }
            }),
            Map.entry("field-bullmq-dedup-removed.json", r -> {
                assertEquals(2, r.size(), "the bug, then its fix as a setting of the same strategy");
                {
                    // Nothing fails; a completed claim is deleted 1 ms after completion, so every repeat (30 s later)
                    // does its steps again: 9 per repeat, the email being kept once by the provider's 24 h key.
                    StrategyResult x = r.get(0);
                    assertTrue(x.repeatedRequests() > 500, "about half of 2,000: " + x.repeatedRequests());
                    assertEquals(9 * x.repeatedRequests(), x.repeatedSteps());
                    assertEquals(0, x.usersWithDuplicateEmails());
                }
                {
                    // The same repeats against claims kept 24 h: every repeat finds its steps completed.
                    StrategyResult x = r.get(1);
                    assertTrue(x.repeatedRequests() > 500);
                    assertEquals(0, x.repeatedSteps());
                }
            }),
            Map.entry("field-powertools-expiry.json", r -> {
                assertEquals(3, r.size(), "one strategy under three in-progress expiries: 1 h, 10 s, 100 s");
                {
                    // A crash leaves its claims in_progress for an hour; both retries (a minute apart) are refused, so
                    // the jobs the crashes interrupted (and a job still running at its last retry) go to the
                    // dead-letter queue (measured 41 for 10 crashes of a
                    // 4-worker process); no claim is ever taken over, so nothing runs twice.
                    StrategyResult x = r.get(0);
                    assertTrue(x.crashes() > 0);
                    assertTrue(x.deadLetteredJobs() >= x.crashes(), x.deadLetteredJobs() + " for " + x.crashes());
                    assertTrue(x.jobInProgressRejections() >= 2 * x.deadLetteredJobs(), "two refused retries each");
                    assertEquals(0, x.leaseReclaims());
                    assertEquals(0, x.overlappingRuns());
                }
                {
                    // A 10 s expiry against calls of 30 to 90 s: a slow call still running at its retry (60 s later,
                    // about half of them: measured 35 of 107) has lost its claim, and the retry runs it beside it.
                    // Almost nothing is refused, so hardly any job is dead-lettered.
                    StrategyResult x = r.get(1);
                    assertTrue(x.overlappingRuns() > x.crashes(), x.overlappingRuns() + " vs " + x.crashes());
                    assertTrue(x.overlappingRuns() > 10);
                    assertTrue(x.repeatedSteps() > x.crashes());
                    assertTrue(x.deadLetteredJobs() <= 2);
                }
                {
                    // A 100 s expiry, past the 90 s longest call and before the last retry (120 s): a retry during a
                    // live run is refused, one after a crash reclaims the key. No run overlaps; a crashed job is
                    // dead-lettered only if its claim was taken late in its run (measured 3 for 10 crashes), and the
                    // steps done again are the crashed calls, whose side effect happened before the crash (9 for 10).
                    StrategyResult x = r.get(2);
                    assertTrue(x.crashes() > 0);
                    assertEquals(0, x.overlappingRuns());
                    assertTrue(x.leaseReclaims() > 0, "the crashed claims are reclaimed");
                    assertTrue(x.deadLetteredJobs() <= x.crashes(), x.deadLetteredJobs() + " for " + x.crashes());
                    assertTrue(x.repeatedSteps() <= x.crashes(), x.repeatedSteps() + " for " + x.crashes());
                }
            }),
            Map.entry("field-pgboss-expiry.json", r -> {
                assertEquals(2, r.size(), "the bug, then its fix as a setting of the same strategy");
                {
                    // A 10 s expiry against slow calls of 30 to 90 s (5% of ~20,000): every job with a slow call is
                    // handed out again while it runs, and with no store the second run does every step it reaches
                    // again (measured 1,232 overlapping runs, 11,088 steps done again).
                    StrategyResult x = r.get(0);
                    assertTrue(x.overlappingRuns() > 500, "overlapping runs: " + x.overlappingRuns());
                    assertTrue(x.repeatedSteps() > 5 * x.overlappingRuns(), "most steps of each job again");
                }
                {
                    // A 10-minute expiry outlives every job (at most 10 calls, a slow one 90 s): no redelivery at all.
                    StrategyResult x = r.get(1);
                    assertTrue(x.slowCalls() > 500);
                    assertEquals(0, x.redeliveries());
                    assertEquals(0, x.overlappingRuns());
                    assertEquals(0, x.repeatedSteps());
                }
            }),
            Map.entry("field-dust-timed-out-attempt.json", r -> {
                // 5% of calls take 10 to 30 s, the caller gives up after 5 s and retries while the call goes on.
                // The two strategies draw the same calls (measured 1,011 timeouts each); a timed-out email with a
                // new key per attempt goes out twice (measured 100 users), with the same key the provider drops it.
                StrategyResult newKey = r.get(0);
                StrategyResult sameKey = r.get(1);
                assertTrue(newKey.get(Metric.ATTEMPT_TIMEOUTS) > 500);
                assertEquals(newKey.get(Metric.ATTEMPT_TIMEOUTS), sameKey.get(Metric.ATTEMPT_TIMEOUTS));
                assertTrue(newKey.usersWithDuplicateEmails() > 20, "about a tenth of the timeouts are emails");
                assertEquals(0, sameKey.usersWithDuplicateEmails());
            }),
            Map.entry("field-stripe-changed-params.json", r -> {
                // Every repeat carries other parameters under the same key: the in-memory store answers each with
                // the first request's result, silently; the claim table refuses each with a key mismatch.
                StrategyResult memory = r.get(0);
                StrategyResult claim = r.get(1);
                assertTrue(memory.repeatedRequests() > 500);
                assertEquals(memory.repeatedRequests(), memory.silentWrongResults());
                assertEquals(0, memory.keyMismatches());
                assertEquals(0, claim.silentWrongResults());
                assertEquals(claim.repeatedRequests(), claim.keyMismatches());
            }),
            Map.entry("field-river-rescuer.json", r -> {
                assertEquals(2, r.size(), "the bug, then its fix as a setting of the same strategy");
                {
                    // A crash (0.2% of calls; measured 41) leaves every worker's claim in_progress; its lease (2 s)
                    // runs out, the rescuer reads it, and the redelivery at the 5 s visibility timeout reclaims and
                    // completes it inside the rescuer's 3 s read-to-write gap, so the unguarded delete wipes a
                    // completed row (measured 153 overwritten). The repeat 60 s later finds that step not done and
                    // does it again: steps done again far above the crashed calls alone (measured 177 for 41 crashes).
                    StrategyResult x = r.get(0);
                    assertTrue(x.crashes() > 10, "crashes: " + x.crashes());
                    long overwritten = x.get(Metric.COMPLETED_CLAIMS_OVERWRITTEN);
                    assertTrue(overwritten > x.crashes(), overwritten + " overwritten for " + x.crashes() + " crashes");
                    assertTrue(x.get(Metric.RESCUED_CLAIMS) >= overwritten, "each overwrite is one of its rescues");
                    assertEquals(x.jobs(), x.repeatedRequests(), "every sign-up is sent again");
                    assertTrue(x.repeatedSteps() > 3 * x.crashes(), x.repeatedSteps() + " for " + x.crashes());
                    assertEquals(0, x.usersWithDuplicateEmails(), "the email is kept once by the provider's key");
                }
                {
                    // The same crashes, rescuer passes and repeats; the rescuer's delete checks status and lease as it
                    // writes, so it frees the crashed claims (measured 164) and never a completed one. What is done
                    // again is only a call whose side effect happened just before its process crashed, at most one
                    // per crash (measured 37 for 41).
                    StrategyResult x = r.get(1);
                    assertTrue(x.crashes() > 10);
                    assertTrue(x.get(Metric.RESCUED_CLAIMS) > x.crashes(), "the crashed workers' claims are freed");
                    assertEquals(0, x.get(Metric.COMPLETED_CLAIMS_OVERWRITTEN));
                    assertEquals(x.jobs(), x.repeatedRequests());
                    assertTrue(x.repeatedSteps() <= x.crashes(), x.repeatedSteps() + " for " + x.crashes());
                }
            }),
            Map.entry("field-oban-unique-rollback.json", r -> {
                assertEquals(2, r.size(), "the bug, then its fix as a setting of the same strategy");
                {
                    // One enqueue in ten rolls back (measured 198) 1 s after taking its unique record; a repeat comes
                    // within that second for half the sign-ups, so about half the rolled-back ones were asked again
                    // (measured 93) and each such repeat was rejected against the doomed record. Every repeat is
                    // rejected (the first always holds its record then), so no repeat runs: the sign-ups done are
                    // exactly the committed ones, one welcome email each.
                    StrategyResult x = r.get(0);
                    long rolledBack = x.get(Metric.ROLLED_BACK_ENQUEUES);
                    long deduped = x.get(Metric.DEDUPED_AGAINST_ROLLBACK);
                    assertTrue(rolledBack > 100, "about a tenth of 2,000: " + rolledBack);
                    assertTrue(deduped > 20 && deduped <= rolledBack, deduped + " of " + rolledBack);
                    assertEquals(rolledBack, x.droppedJobs(), "the rolled-back sign-ups never run");
                    assertEquals(x.repeatedRequests(), x.get(Metric.REPEATS_DROPPED));
                    assertEquals(x.jobs() - rolledBack, x.emailsSent(), "a user whose repeat was rejected: no sign-up");
                    assertEquals(0, x.repeatedSteps());
                }
                {
                    // The same rollbacks and repeats, but a refused repeat waits and tries again: none is deduplicated
                    // against a rollback or dropped, and every one runs. A repeat of a rolled-back sign-up gets in once
                    // the record is gone and does the sign-up (the emails beyond the committed sign-ups, measured 93);
                    // a repeat of a committed one gets in once the first job lets go of the lock and, a lock keeping
                    // no record of finished steps, does its 9 other steps again (the email dropped by the provider's
                    // key): measured 7,659 = 9 x (944 - 93).
                    StrategyResult x = r.get(1);
                    long rolledBack = x.get(Metric.ROLLED_BACK_ENQUEUES);
                    assertTrue(rolledBack > 100);
                    assertEquals(0, x.get(Metric.DEDUPED_AGAINST_ROLLBACK));
                    assertEquals(0, x.get(Metric.REPEATS_DROPPED));
                    assertEquals(rolledBack, x.droppedJobs(), "only the rolled-back enqueues themselves");
                    assertEquals(x.repeatedRequests(), x.get(Metric.REPEATS_SUCCEEDED));
                    long savedByRepeat = x.emailsSent() - (x.jobs() - rolledBack);
                    assertTrue(savedByRepeat > 20 && savedByRepeat <= rolledBack, "sign-ups done by their repeat: "
                            + savedByRepeat);
                    assertEquals(0, x.usersWithDuplicateEmails());
                    assertEquals(9 * (x.repeatedRequests() - savedByRepeat), x.repeatedSteps());
                }
            }),
            Map.entry("workflow-checkout.json", r -> {
                // The checkout's three steps, named in every per-step output
                assertEquals(List.of("charge the card", "reserve the stock", "send the receipt"), r.get(0).stepNames());
                // No provider key: a crash after the charge and a lost reply each charge again, whatever the claim
                // table holds (measured: 63 customers charged twice, 65 charges again)
                assertTrue(r.get(0).usersWithDuplicateEmails() > 0);
                // The reservation is local: under the claim table it commits with the claim, so a crash rolls it
                // back; with the key neither external step repeats either: nothing at all is done twice
                for (StrategyResult x : r.subList(0, 2)) {
                    assertEquals(0L, x.repeatedStepsByStep().get(1), x.strategy().name());
                }
                assertEquals(0, r.get(1).repeatedSteps());
                // The in-memory store is wiped by each crash (68 here): the reservations it had recorded run again
                // (measured 40), while the provider's key still keeps every charge and receipt to one
                assertTrue(r.get(2).crashes() > 0);
                assertEquals(r.get(2).repeatedSteps(), r.get(2).repeatedStepsByStep().get(1));
                assertTrue(r.get(2).repeatedSteps() > 0);
            }),
            Map.entry("workflow-enrolment.json", r -> {
                // Only the fee loses replies (3%): with no key each lost reply charges again (measured 152 of 5,000
                // calls), with the same key never; no crash, so nothing else repeats with each-step retries
                assertEquals(r.get(0).repeatedSteps(), r.get(0).repeatedStepsByStep().get(2));
                assertTrue(r.get(0).usersWithDuplicateEmails() > 100);
                assertEquals(0, r.get(1).repeatedSteps());
                // Whole-job retries redo the two local writes before the fee (measured 512 and 451; the fee's key
                // stops its second charge, and the timetable, last, is never done twice); skipping finished steps
                // through the store runs each once
                StrategyResult whole = r.get(2);
                assertEquals(0L, whole.repeatedStepsByStep().get(2));
                assertEquals(0L, whole.repeatedStepsByStep().get(3));
                assertTrue(whole.repeatedStepsByStep().get(0) > 0 && whole.repeatedStepsByStep().get(1) > 0);
                assertEquals(0, r.get(3).repeatedSteps());
            }));

    /** What each sweep preset's note claims, checked on its sweep's grid. */
    private static final Map<String, Consumer<Sweep.Result>> SWEEP_CLAIMS = Map.of(
            "field-powertools-expiry-sweep.json", r -> {
                // One strategy, the lease (the in-progress expiry) from 1 s to 1 h. Calls take up to 90 s (a slow
                // one 30 to 90 s), retries come a minute apart, 3 receives in all (measured: overlapping runs
                // 35 at 1 s, 0 from 118,716 ms on; dead-lettered jobs 0 up to 30 s, 3 at 118,716 ms, 41 from
                // 234,892 ms on).
                Sweep s = r.sweep();
                assertEquals(1, s.strategies().size());
                assertEquals(Parameter.LEASE_MS, s.parameter());
                List<Double> leases = s.values();
                int firstZero = -1;
                for (int i = 0; i < leases.size(); i++) {
                    StrategyResult x = r.get(i, 0);
                    assertTrue(x.crashes() > 0, "the same crashes at every lease");
                    // a lease of 100 s outlives every call (90 s at most), so a live claim is never taken over
                    if (leases.get(i) >= 100_000) {
                        assertEquals(0, x.overlappingRuns(), "at a lease of " + leases.get(i));
                    }
                    if (firstZero < 0 && x.overlappingRuns() == 0) {
                        firstZero = i;
                    }
                }
                // a lease shorter than the slow calls: the retry a minute later takes over a claim still running
                assertTrue(r.get(0, 0).overlappingRuns() > 10, "overlapping runs at 1 s: " + r.get(0, 0).overlappingRuns());
                assertTrue(firstZero > 0 && leases.get(firstZero) < 120_000, "the sweet spot lies before the last "
                        + "retry (2 minutes in), so the sweep shows it: " + leases);
                // a lease that outlives the last retry (120 s) refuses both retries of a crashed job: dead-lettered
                StrategyResult sweetSpot = r.get(firstZero, 0);
                StrategyResult hour = r.get(leases.size() - 1, 0);
                assertEquals(3_600_000.0, leases.get(leases.size() - 1));
                assertTrue(hour.deadLetteredJobs() > sweetSpot.deadLetteredJobs(), hour.deadLetteredJobs() + " at 1 h vs "
                        + sweetSpot.deadLetteredJobs() + " at " + leases.get(firstZero));
                assertTrue(hour.deadLetteredJobs() >= hour.crashes(), "every crashed job's retries are refused");
                assertEquals(0, r.get(0, 0).deadLetteredJobs(), "a short lease refuses no retry for long");
            });

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
        if (f.view() == ScenarioFile.View.SWEEP) {
            SweepSpec w = f.sweep();
            Sweep.Result r = Sweep.of(f.scenario(), w.vary(), w.from(), w.to(), w.points(), f.strategies(),
                    w.spacing()).run(2, RunControl.NONE);
            Consumer<Sweep.Result> claim = SWEEP_CLAIMS.get(fileName);
            assertTrue(claim != null, "no expectation written for " + fileName);
            claim.accept(r);
            return;
        }
        List<StrategyResult> results = Comparison.run(f.scenario(), f.strategies(), 2, RunControl.NONE);
        Consumer<List<StrategyResult>> claim = CLAIMS.get(fileName);
        assertTrue(claim != null, "no expectation written for " + fileName);
        claim.accept(results);
        // the file's own "expect" list, which `check --preset` tests: each one holds too
        for (Expectation e : f.expect()) {
            double value = Metric.byId(e.metric()).orElseThrow().number(results.get(e.strategy()));
            assertTrue(e.holds(value), fileName + ": " + e + " has " + value);
        }
    }

    @Test
    void theLessonsAndFieldCasesThatProveAFixStateItAsExpectations() {
        // every field case compared side by side says in its file which number shows the bug and which the fix,
        // so `check --preset` can run it; so do the first three lessons
        for (Presets.Preset p : PRESETS.list()) {
            boolean comparesAFix = p.group() == Presets.Group.FIELD_CASES && p.file().view() == ScenarioFile.View.COMPARE;
            if (comparesAFix || List.of("article.json", "lost-reply.json", "whole-job-vs-each-step.json")
                    .contains(p.fileName())) {
                assertTrue(p.file().expect().size() >= 2, p.fileName() + " states " + p.file().expect());
                assertTrue(p.file().expect().stream().map(Expectation::strategy).distinct().count() >= 2,
                        p.fileName() + ": the bug's and the fix's numbers");
            }
        }
    }

    @Test
    void theIndexListsEveryPresetFileOnceAndInTeachingOrder() throws IOException {
        List<String> names = Presets.names();
        assertEquals(names.size(), names.stream().distinct().count(), "no file twice");
        try (Stream<Path> files = Files.list(Path.of("assets/scenarios"))) {
            assertEquals(files.map(p -> p.getFileName().toString()).filter(n -> !n.equals("index.json"))
                    .collect(Collectors.toSet()), Set.copyOf(names));
        }
        Set<String> claimed = new HashSet<>(CLAIMS.keySet());
        claimed.addAll(SWEEP_CLAIMS.keySet());
        assertEquals(claimed, Set.copyOf(names), "every preset has its expectation here");
        // the lab opens with the opening scene (its bug, then its fix), then hands over to the article
        assertEquals(List.of("opening-no-key.json", "opening-same-key.json", "article.json"), names.subList(0, 3));
        List<String> titles = PRESETS.list().stream().map(p -> p.file().name()).toList();
        assertEquals(titles.size(), titles.stream().distinct().count(), "menu entries differ: " + titles);
    }

    @Test
    void theIndexHasTheLessonsThenTheFieldCasesEachNamingItsReport() {
        List<Presets.Entry> entries = Presets.entries();
        int firstFieldCase = entries.indexOf(entries.stream()
                .filter(e -> e.group() == Presets.Group.FIELD_CASES).findFirst().orElseThrow());
        assertTrue(entries.subList(0, firstFieldCase).stream().allMatch(e -> e.group() == Presets.Group.LESSONS));
        assertTrue(entries.subList(firstFieldCase, entries.size()).stream()
                .allMatch(e -> e.group() == Presets.Group.FIELD_CASES), "the field cases come last");
        for (Presets.Preset p : PRESETS.list()) {
            if (p.group() == Presets.Group.FIELD_CASES) {
                // a public report is named by owner/repository#number, e.g. timgit/pg-boss#238
                assertTrue(p.file().note().matches("(?s).*[\\w.-]+/[\\w.-]+#\\d+.*"),
                        p.fileName() + ": names its report");
                assertTrue(p.file().view() != ScenarioFile.View.LIVE, p.fileName() + ": the bug beside its fix, side "
                        + "by side or over a sweep");
                assertTrue(p.file().scenario().jobs() <= 5_000, p.fileName() + ": small, so this test stays fast");
            }
        }
    }

    @Test
    void theFirstFormOfTheIndexAListOfNamesStillReadsAsLessons() {
        List<String> problems = new ArrayList<>();
        assertEquals(List.of(new Presets.Entry("a.json", Presets.Group.LESSONS),
                new Presets.Entry("b.json", Presets.Group.LESSONS)),
                Presets.parseIndex("[\"a.json\", \"b.json\"]", problems));
        assertEquals(List.of(), problems);
    }

    @Test
    void aBadIndexEntryIsLeftOutWithAMessageNamingItNeverAnException() {
        List<String> problems = new ArrayList<>();
        List<Presets.Entry> entries = Presets.parseIndex("{\"presets\": [\"a.json\", 7, \"../x.json\"],"
                + " \"fieldCases\": [\"a.json\", \"b.txt\", \"c.json\"], \"extra\": []}", problems);
        assertEquals(List.of(new Presets.Entry("a.json", Presets.Group.LESSONS),
                new Presets.Entry("c.json", Presets.Group.FIELD_CASES)), entries);
        assertEquals(List.of(
                Presets.INDEX + ": extra: unknown field; allowed: presets, fieldCases",
                Presets.INDEX + ": presets[1]: 7 is not a file name",
                Presets.INDEX + ": presets[2]: \"../x.json\" is not a scenario file name (a name ending in .json, "
                        + "in the same folder, not the index)",
                Presets.INDEX + ": fieldCases[0]: \"a.json\" is listed twice",
                Presets.INDEX + ": fieldCases[1]: \"b.txt\" is not a scenario file name (a name ending in .json, "
                        + "in the same folder, not the index)"), problems);

        List<String> broken = new ArrayList<>();
        assertEquals(List.of(), Presets.parseIndex("{\"presets\": [", broken));
        assertEquals(1, broken.size());
        assertTrue(broken.get(0).startsWith(Presets.INDEX + ": not valid JSON"), broken.get(0));
        List<String> notAList = new ArrayList<>();
        assertEquals(List.of(), Presets.parseIndex("{\"fieldCases\": \"x.json\"}", notAList));
        assertEquals(List.of(Presets.INDEX + ": fieldCases: \"x.json\" is not a list of file names"), notAList);
    }

    @Test
    void theShippedIndexReadsWithoutProblems() {
        Presets.Catalog c = PRESETS.read();
        assertEquals(List.of(), c.problems());
        assertEquals(Presets.names(), c.presets().stream().map(Presets.Preset::fileName).toList());
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
