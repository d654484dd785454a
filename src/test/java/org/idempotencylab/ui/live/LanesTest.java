package org.idempotencylab.ui.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.SignupSimulation;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Presets;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.ScenarioFile;
import org.idempotencylab.scenario.ScenarioFiles;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.Strategy;
import org.junit.jupiter.api.Test;

/**
 * Two lanes in the live view, without the toolkit: the same scenario and seed under two strategies, one clock, and
 * every click on both lanes at the same virtual time.
 */
class LanesTest {
    private static ScenarioFile preset(String fileName) {
        return new Presets(new ScenarioFiles(Metric.watchNames())).list().stream()
                .filter(p -> p.fileName().equals(fileName)).findFirst().orElseThrow().file();
    }

    /** Loads {@code file}'s two lanes as the kit's live adapter does. */
    private static Lanes load(ScenarioFile file) {
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        Lanes lanes = live.lanes();
        List<Strategy> pair = file.laneStrategies();
        assertEquals(2, pair.size(), file.name() + " names two lanes");
        lanes.prepare(pair.get(1));
        live.apply(pair.get(0).on(file.scenario()), pair.get(0).withSettings(Map.of()));
        return lanes;
    }

    /**
     * Plays both lanes to virtual time {@code ms} at 1000×, in frames of 1 ms of real time (1 s virtual), pressing
     * Play again after each pause at a new duplicate of lane A, until both lanes are over.
     */
    private static void playTo(Lanes lanes, long ms) {
        lanes.laneA().speedProperty().set(1000);
        long now = 0;
        while (lanes.clockMs() < ms) {
            if (!lanes.laneA().playingProperty().get()) {
                if (lanes.laneA().finishedProperty().get() && lanes.laneB().finishedProperty().get()) {
                    break;
                }
                lanes.togglePlay();
            }
            now += 1_000_000L;
            lanes.frame(1_000_000L, now);
        }
        lanes.laneA().playingProperty().set(false);
    }

    @Test
    void theLostReplyPresetsLanesDifferOnlyInTheDuplicateEmails() {
        Lanes lanes = load(preset("lost-reply.json"));
        assertTrue(lanes.activeProperty().get(), "two lanes");
        assertEquals(Strategy.EACH_STEP_NO_KEY, lanes.laneA().simulation().strategy());
        assertEquals(Strategy.EACH_STEP_SAME_KEY, lanes.laneB().simulation().strategy());
        assertEquals(lanes.laneA().simulation().scenario(), lanes.laneB().simulation().scenario(),
                "one scenario, one seed");
        playTo(lanes, 600_000);
        SignupSimulation a = lanes.laneA().simulation();
        SignupSimulation b = lanes.laneB().simulation();
        assertEquals(a.nowMs(), b.nowMs(), "one clock");
        assertTrue(a.nowMs() >= 600_000, "played to 10 virtual minutes: " + a.nowMs());
        assertTrue(a.result().usersWithDuplicateEmails() > 0, "no key: some users got two emails");
        assertEquals(0, b.result().usersWithDuplicateEmails(), "the same key: none did");
        assertEquals(a.finishedJobs(), b.finishedJobs(), "the same jobs finished by then");
        assertEquals(a.waitingJobs(), b.waitingJobs(), "the same arrivals, the same queue");
        assertEquals(a.result().calls(), b.result().calls(), "the same calls: the same outcome draws");
        assertTrue(lanes.summaryAProperty().get().startsWith(String.format(Locale.ROOT, "%,d",
                a.result().usersWithDuplicateEmails()) + " users with 2+ welcome emails "), lanes.summaryAProperty().get());
        assertTrue(lanes.summaryBProperty().get().startsWith("0 users with 2+ welcome emails "),
                lanes.summaryBProperty().get());
        // every user with 2+ emails in lane A differs from lane B (which sent each one email), over the whole run,
        // not only the jobs whose tokens are still drawn
        long twice = a.result().usersWithDuplicateEmails();
        assertEquals(twice, lanes.differingUsers(), "the users who differ are all of lane A's users with 2+ emails");
        assertTrue(lanes.differenceProperty().get().startsWith("≠  " + String.format(Locale.ROOT, "%,d", twice)
                + " users differ · "),
                lanes.differenceProperty().get());
        String diff = lanes.differenceProperty().get();
        assertTrue(diff.matches("≠  (\\d+ users differ · )?user_\\d+ got 2 welcome emails in A \\(each step, no key\\) · 1 in B "
                + "\\(each step, same key\\).*"),
                diff);
        // the envelope that differs is marked in lane A (red 2nd) and in lane B (grey, suppressed)
        Envelope red = null;
        for (Envelope e : lanes.laneA().envelopes()) {
            if (e.duplicate()) {
                red = e;
            }
        }
        assertNotNull(red, "a red second envelope among lane A's latest");
        assertTrue(lanes.differs(lanes.laneA(), red));
        long user = red.user();
        boolean greyMarked = false;
        for (Envelope e : lanes.laneB().envelopes()) {
            greyMarked |= e.user() == user && e.suppressed() && lanes.differs(lanes.laneB(), e);
            assertFalse(e.duplicate(), "lane B sends no second email");
        }
        assertTrue(greyMarked, "user_" + user + "'s suppressed send is marked in lane B");
    }

    /**
     * The "≠" line names the user whose envelopes are outlined now: the newest envelope marked "≠" in either lane is
     * that user's. The lost-reply preset played 10 virtual minutes has many users who differ; the first of them got
     * their second email minutes ago (their envelopes long gone from the provider's box), so a line that names the
     * first to differ names a user no outline is on.
     */
    @Test
    void theDifferenceLineNamesTheUserWhoseEnvelopesAreOutlined() {
        Lanes lanes = load(preset("lost-reply.json"));
        playTo(lanes, 600_000);
        assertTrue(lanes.differingUsers() >= 2, "several users differ: " + lanes.differingUsers());
        Envelope newest = null;
        for (LiveViewModel lane : List.of(lanes.laneA(), lanes.laneB())) {
            for (Envelope e : lane.envelopes()) {
                if (lanes.differs(lane, e) && (newest == null || e.atMs() >= newest.atMs())) {
                    newest = e;
                }
            }
        }
        assertNotNull(newest, "an outlined envelope among the latest");
        String diff = lanes.differenceProperty().get();
        assertTrue(diff.contains("· user_" + newest.user() + " got 2 welcome emails in A"),
                "names user_" + newest.user() + ": " + diff);
        long first = lanes.laneA().usersWithSeveralEmails().iterator().next();
        assertNotEquals(first, newest.user(), "the first user to differ is not the one outlined now");
    }

    /**
     * The timeline with two lanes: a seek moves both lanes to the same virtual time, each replaying its own run;
     * playing on past the moment of a provider click replays that click in both lanes (the log's "fault armed" line
     * comes back in each), and a seek to a later time gives each lane the numbers of the run that was played
     * straight through with the same click (seek determinism, lane by lane).
     */
    @Test
    void seekingBackMovesBothLanesAndTheirClickedFaultReplays() {
        Lanes straight = load(preset("lost-reply.json"));
        for (int i = 0; i < 40; i++) {
            straight.step();
        }
        straight.clickProvider();
        long clickedAt = straight.clockMs();
        playTo(straight, 120_000);
        long end = straight.clockMs();
        String armedLineA = last(straight.laneA(), "fault armed");

        Lanes seeking = load(preset("lost-reply.json"));
        for (int i = 0; i < 40; i++) {
            seeking.step();
        }
        seeking.clickProvider();
        assertEquals(clickedAt, seeking.clockMs(), "the same click at the same moment");
        playTo(seeking, 60_000);
        seeking.seek(clickedAt / 2); // back before the click
        assertEquals(seeking.laneA().nowMs(), seeking.laneB().nowMs(), "both lanes at the moment sought");
        assertTrue(seeking.laneA().nowMs() <= clickedAt / 2, "lane A went back: " + seeking.laneA().nowMs());
        assertTrue(seeking.activeProperty().get(), "still two lanes");
        assertEquals(Strategy.EACH_STEP_SAME_KEY, seeking.laneB().simulation().strategy(), "lane B kept its strategy");
        assertTrue(seeking.laneB().log().stream().noneMatch(l -> l.contains("fault armed")), "before the click");
        playTo(seeking, clickedAt + 5_000); // played past the click: it replays in both lanes
        assertEquals(armedLineA, last(seeking.laneA(), "fault armed"));
        assertEquals(armedLineA, last(seeking.laneB(), "fault armed"), "lane B's click replayed at the same moment");
        seeking.seek(end);
        straight.seek(end);
        for (LiveViewModel[] pair : new LiveViewModel[][] {{straight.laneA(), seeking.laneA()},
                {straight.laneB(), seeking.laneB()}}) {
            assertEquals(pair[0].nowMs(), pair[1].nowMs());
            assertEquals(pair[0].simulation().result().calls(), pair[1].simulation().result().calls());
            assertEquals(pair[0].simulation().result().usersWithDuplicateEmails(),
                    pair[1].simulation().result().usersWithDuplicateEmails());
            assertEquals(pair[0].simulation().result().providerSuppressedSends(),
                    pair[1].simulation().result().providerSuppressedSends());
        }
    }

    @Test
    void clicksOnTheProviderAndTheWorkersHitBothLanesAtTheSameVirtualTime() {
        Lanes lanes = load(preset("lost-reply.json"));
        for (int i = 0; i < 40; i++) {
            lanes.step();
        }
        assertEquals(lanes.laneA().nowMs(), lanes.laneB().nowMs());
        lanes.clickProvider();
        assertTrue(lanes.laneA().providerArmed() && lanes.laneB().providerArmed(), "both lanes armed");
        String armedA = last(lanes.laneA(), "fault armed");
        assertEquals(armedA, last(lanes.laneB(), "fault armed"), "the same line, at the same time, in both logs");
        // a crash: on the crash preset (a durable queue keeps the jobs, so the log keeps the crash's line)
        lanes = load(preset("crash-memory-store.json"));
        for (int i = 0; i < 30; i++) {
            lanes.step();
        }
        assertEquals(lanes.laneA().nowMs(), lanes.laneB().nowMs());
        assertTrue(lanes.crashWorkers());
        String crashA = last(lanes.laneA(), "CRASHED");
        assertEquals(crashA, last(lanes.laneB(), "CRASHED"), "one crash, at one time, in both logs");
        assertTrue(lanes.laneA().workersDown() && lanes.laneB().workersDown());
        // a click on a job with the fault mode on arms it in both lanes
        long user = lanes.laneA().waitingUsers(1).get(0);
        lanes.clickUser(user, false, true);
        assertTrue(lanes.laneA().token(user).faultArmed() && lanes.laneB().token(user).faultArmed());
    }

    @Test
    void theTtlPresetsFixIsALongerTtlInLaneB() {
        ScenarioFile ttl = preset("ttl-shorter-than-repeat.json");
        assertEquals(2, ttl.strategies().size(), "the bug and its fix: two rows in Compare");
        Lanes lanes = load(ttl);
        Scenario b = lanes.laneB().simulation().scenario();
        assertEquals(30_000L, lanes.laneA().simulation().scenario().ttlMs());
        assertEquals(120_000L, b.ttlMs(), "lane B runs with its own TTL, longer than the repeat's 60 s");
        assertEquals(lanes.laneA().simulation().scenario(), b.toBuilder().ttlMs(30_000).build(),
                "and differs in nothing else");
        assertTrue(lanes.nameBProperty().get().startsWith("B · key TTL 120,000 ms · "), lanes.nameBProperty().get());
        assertEquals(2, preset("short-lease.json").strategies().size());
        assertEquals(120_000L, Parameter.LEASE_MS.get(preset("short-lease.json").laneStrategies().get(1)
                .on(preset("short-lease.json").scenario())));
    }

    /**
     * A narrow window shows shorter forms of the lanes' lines (FittedText): each keeps its numbers first, the
     * difference without the lanes' names, lane B's heading its settings, or what its name has that lane A's has not,
     * or its letter.
     */
    @Test
    void theLanesLinesHaveShorterFormsWithTheirNumbersFirst() {
        Lanes lanes = load(preset("lost-reply.json"));
        playTo(lanes, 600_000);
        long twice = lanes.laneA().simulation().result().usersWithDuplicateEmails();
        String users = String.format(Locale.ROOT, "%,d ", twice);
        List<String> a = lanes.summaryAFormsProperty().get();
        assertEquals(lanes.summaryAProperty().get(), a.get(0), "the longest form first");
        assertTrue(a.size() >= 2 && a.stream().allMatch(f -> f.startsWith(users)), a.toString());
        // the shortest: the two numbers with the stations' word for a step done again
        assertEquals(String.format(Locale.ROOT, "%,d with 2+ emails · %,d again", twice,
                lanes.laneA().simulation().result().repeatedSteps()), a.get(a.size() - 1));
        List<String> diff = lanes.differenceFormsProperty().get();
        assertEquals(lanes.differenceProperty().get(), diff.get(0));
        assertTrue(diff.get(1).matches("≠  [\\d,]+ users differ · user_\\d+ got 2 welcome emails in A · 1 in B"),
                diff.get(1));
        assertEquals(List.of("B · each step, same key", "B · same key", "B"), lanes.nameBFormsProperty().get());

        Strategy memory = Strategy.WHOLE_JOB_SKIP_FINISHED;
        Strategy claims = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        assertEquals(List.of("B · whole job, skip finished, same key, claim table", "B · same key, claim table", "B"),
                Lanes.nameForms(claims, memory));
        assertEquals(List.of("B · whole job, skip finished, same key, claim table", "B"),
                Lanes.nameForms(claims, Strategy.of(RetryScope.EACH_STEP, KeyMode.NONE, StoreKind.LOCK)),
                "nothing between the whole name and the letter where every part of it differs");
        Strategy longer = claims.withSettings(Map.of(Parameter.LEASE_MS, 120_000L));
        assertEquals(List.of("B · lease 120,000 ms · whole job, skip finished, same key, claim table",
                "B · lease 120,000 ms", "B"), Lanes.nameForms(longer, claims));
    }

    @Test
    void withOneLaneNothingChanges() {
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        Lanes lanes = live.lanes();
        live.reset();
        assertFalse(lanes.activeProperty().get());
        LiveViewModel alone = new LiveViewModel(LiveViewModel.classroomDefaults());
        alone.reset();
        for (int i = 0; i < 20; i++) {
            lanes.step();
            alone.stepOnce();
        }
        assertEquals("", lanes.differenceProperty().get());
        assertEquals("", lanes.summaryAProperty().get());
        assertEquals(alone.log(), live.log(), "Step is lane A's own step, one event each");
        assertEquals(alone.nowMs(), live.nowMs());
    }

    @Test
    void aClaimTableOnADatabaseTurnsTheSecondLaneOff() {
        LiveViewModel live = new LiveViewModel(LiveViewModel.classroomDefaults());
        Lanes lanes = live.lanes();
        assertTrue(lanes.availableProperty().get());
        live.storeProperty().set(org.idempotencylab.scenario.StoreKind.CLAIM_TABLE);
        assertTrue(lanes.availableProperty().get(), "the in-memory claim table plays two lanes");
        live.databaseUrlProperty().set("default");
        assertFalse(lanes.availableProperty().get(), "on a database it does not");
    }

    private static String last(LiveViewModel lane, String containing) {
        String found = null;
        for (String line : lane.log()) {
            if (line.contains(containing)) {
                found = line;
            }
        }
        assertNotNull(found, "a line with \"" + containing + "\" in " + lane.log().subList(Math.max(0, lane.log().size() - 6), lane.log().size()));
        return found;
    }
}
