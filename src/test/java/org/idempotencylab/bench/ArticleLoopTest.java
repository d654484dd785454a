package org.idempotencylab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The benchmark's baseline makes the article's draws: its bare loops print the first article's table (1,000,000
 * sign-ups, seed 1), so the table benchmark compares the lab with a program doing the same work.
 */
class ArticleLoopTest {

    @Test
    void theMinimalLoopGivesTheArticlesTable() {
        // failed jobs, calls (calls per job × 1,000,000 before rounding), steps done again, users with 2+ emails:
        // the article's table; calls per job 10.11 / 10.6 / 10.11 round the call counts below
        long jobs = 1_000_000;
        ArticleLoop.Counts[] rows = new ArticleLoop.Counts[ArticleLoop.Row.values().length];
        for (ArticleLoop.Row row : ArticleLoop.Row.values()) {
            rows[row.ordinal()] = ArticleLoop.simulate(row, jobs);
        }
        long[][] article = {{11, 4971, 4939}, {11, 4971, 4939}, {11, 0, 0}, {995, 464233, 0}, {250, 0, 0}};
        double[] callsPerJob = {10.11, 10.11, 10.11, 10.6, 10.11};
        for (int i = 0; i < rows.length; i++) {
            assertEquals(article[i][0], rows[i].failed(), "failed, row " + (i + 1));
            assertEquals(article[i][1], rows[i].repeatedSteps(), "steps done again, row " + (i + 1));
            assertEquals(article[i][2], rows[i].twoEmails(), "two emails, row " + (i + 1));
            assertEquals(callsPerJob[i], Math.round((double) rows[i].calls() / jobs * 100) / 100.0, "row " + (i + 1));
        }
    }
}
