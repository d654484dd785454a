package org.idempotencylab.engine;

import org.idempotencylab.scenario.Strategy;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.idempotencylab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The first article's result table ("Jobs that run twice", the console.table at the end; also docs/articles.md):
 * 1,000,000 sign-ups, pFail 0.01, lostReply 0.005, 3 attempts, seed 1. Every cell, character for character.
 */
class ArticleTableTest {

    @Test
    void fiveStrategiesReproduceTheArticleTable() {
        List<StrategyResult> rows = Comparison.run(Scenario.article(), Strategy.ARTICLE, 2, RunControl.NONE);

        // strategy, succeeded, failed, calls/job, steps done again, users with 2+ emails
        String[][] expected = {
            {"retry each step, no key", "99.999%", "11", "10.11", "4971", "4939"},
            {"retry each step, new key on every call", "99.999%", "11", "10.11", "4971", "4939"},
            {"retry each step, same key every time", "99.999%", "11", "10.11", "0", "0"},
            {"retry the whole job, same key", "99.900%", "995", "10.6", "464233", "0"},
            {"retry the whole job, same key, skip finished steps", "99.975%", "250", "10.11", "0", "0"},
        };
        assertEquals(expected.length, rows.size());
        for (int i = 0; i < expected.length; i++) {
            StrategyResult r = rows.get(i);
            String[] actual = {r.strategy().name(), r.succeeded(), Long.toString(r.failedJobs()),
                r.callsPerJobText(), Long.toString(r.repeatedSteps()), Long.toString(r.usersWithDuplicateEmails())};
            assertEquals(String.join(" | ", expected[i]), String.join(" | ", actual), "row " + (i + 1));
        }
        // why: the first two rows' steps done again are second (and third) welcome emails after a lost reply; the
        // fourth row's are the steps a retry of the whole job ran again (the same key stops every second email);
        // the others did nothing again
        Map<DuplicateCause, Long> lostReplies = Map.of(DuplicateCause.LOST_REPLY, 4971L);
        assertEquals(List.of(lostReplies, lostReplies, Map.of(), Map.of(DuplicateCause.WHOLE_JOB_RETRY, 464233L),
                Map.of()), rows.stream().map(Metric::nonZeroCauses).toList());
    }
}
