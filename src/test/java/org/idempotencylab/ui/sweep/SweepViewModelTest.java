package org.idempotencylab.ui.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.ResultColumns;
import org.idempotencylab.engine.RunControl;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Spacing;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Scenario;
import org.idempotencylab.scenario.KeyMode;
import org.idempotencylab.scenario.RetryScope;
import org.idempotencylab.scenario.StoreKind;
import org.idempotencylab.scenario.SweepSpec;
import org.idempotencylab.ui.export.ResultTable;
import org.junit.jupiter.api.Test;

/** The sweep view's logic without the FX toolkit: validation, the plotted points, the CSV and clipboard text. */
class SweepViewModelTest {
    private final AtomicInteger started = new AtomicInteger();
    private final SweepViewModel model = new SweepViewModel(SweepViewModel.classroomBase(),
            r -> started.incrementAndGet(), 1);

    private String planError() {
        return assertThrows(IllegalArgumentException.class, model::plan).getMessage();
    }

    @Test
    void badFromToAndPointsAreNamedWithTheValueAndTheRange() {
        model.fromProperty().set("150");
        assertEquals("From: 150% is outside the allowed range 0% to 100% for Failure rate", planError());
        model.fromProperty().set("0");
        model.toProperty().set("lots");
        assertEquals("To: 'lots' is not a number; allowed 0% to 100% for Failure rate", planError());
        model.toProperty().set("5");
        model.pointsProperty().set("1");
        assertEquals("Points: 1 is outside the allowed range 2 to 1,000", planError());
        model.pointsProperty().set("1001");
        assertEquals("Points: 1001 is outside the allowed range 2 to 1,000", planError());
        model.pointsProperty().set("ten");
        assertEquals("Points: 'ten' is not a whole number; allowed 2 to 1,000", planError());
        model.pointsProperty().set("3");
        model.parameterProperty().set(Parameter.MAX_ATTEMPTS);
        model.toProperty().set("0");
        assertEquals("To: 0 is outside the allowed range 1 to 100 for Max attempts", planError());
        model.toProperty().set("4");
        model.strategies().forEach(c -> c.selected().set(false));
        assertEquals("Strategies: none ticked; tick at least one", planError());
    }

    @Test
    void aBadFieldShowsItsMessageAndStartsNothing() {
        model.pointsProperty().set("0");
        model.run(); // validation comes before any Task, so this needs no toolkit
        assertEquals("Points: 0 is outside the allowed range 2 to 1,000", model.inputErrorProperty().get());
        assertEquals(0, started.get());
        assertEquals(false, model.runningProperty().get());
    }

    @Test
    void thePlanReadsPercentAndChoosingAParameterOffersItsRange() {
        Sweep s = model.plan();
        assertEquals(Parameter.P_FAIL, s.parameter());
        assertEquals(11, s.values().size());
        assertEquals(0.05, s.values().get(10), 0.0);
        assertEquals(0.01, s.values().get(2), 0.0);
        assertEquals(Strategy.ARTICLE, s.strategies());
        model.parameterProperty().set(Parameter.TTL_MS);
        assertEquals("1,000", model.fromProperty().get());
        assertEquals(1000.0, model.plan().values().get(0), 0.0);
    }

    @Test
    void thePlottedPointsAreTheEnginesSweepAndTheTableIsTheCommandsCsv() throws Exception {
        Scenario base = Scenario.article().toBuilder().jobs(2_000).build();
        Sweep sweep = Sweep.of(base, Parameter.LOST_REPLY, 0, 0.04, 3,
                List.of(Strategy.EACH_STEP_NO_KEY, Strategy.WHOLE_JOB_SAME_KEY));
        Sweep.Result r = sweep.run(2, RunControl.NONE);
        List<SweepViewModel.Series> series = SweepViewModel.series(r, Metric.USERS_WITH_DUPLICATE_EMAILS);
        assertEquals(2, series.size());
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < 3; i++) {
                double[] pt = series.get(j).points().get(i);
                assertEquals(i * 2.0, pt[0], 1e-12, "x in percent");
                assertEquals(r.get(i, j).usersWithDuplicateEmails(), pt[1], 0.0);
            }
        }
        ResultTable t = SweepViewModel.table(r);
        StringWriter csv = new StringWriter();
        t.writeCsv(csv);
        try (CSVParser p = CSVParser.parse(csv.toString(),
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            List<String> header = new ArrayList<>();
            header.add("lostReply");
            header.addAll(ResultColumns.flat(r.get(0, 0)).keySet());
            assertEquals(header, p.getHeaderNames());
            List<CSVRecord> rows = p.getRecords();
            assertEquals(6, rows.size());
            assertEquals("0.02", rows.get(2).get("lostReply"));
            assertEquals(Strategy.EACH_STEP_NO_KEY.name(), rows.get(2).get("strategy"));
            assertEquals(Long.toString(r.get(1, 0).repeatedSteps()), rows.get(2).get("repeatedSteps"));
            for (int k = 0; k < rows.size(); k++) {
                assertEquals(t.rows().get(k), rows.get(k).toList());
            }
        }
        String[] lines = t.tsv().split("\n");
        assertEquals(7, lines.length);
        assertEquals(String.join("\t", header(t)), lines[0]);
    }

    private static List<String> header(ResultTable t) {
        return t.header();
    }

    @Test
    void captionAndAxisNameTheUnits() {
        assertEquals("Failure rate (%)", SweepViewModel.axisLabel(Parameter.P_FAIL));
        assertEquals("Lease (virtual ms)", SweepViewModel.axisLabel(Parameter.LEASE_MS));
        assertEquals("Steps done again (steps)", Metric.REPEATED_STEPS.axisLabel());
        Sweep.Result r = Sweep.of(Scenario.article().toBuilder().jobs(100).build(), Parameter.P_FAIL, 0, 0.05, 2,
                List.of(Strategy.EACH_STEP_NO_KEY)).run(1, RunControl.NONE);
        assertEquals("Failure rate from 0% to 5%, 2 points · 100 sign-ups · lost reply 0.5% · 3 attempts · seed 1",
                SweepViewModel.caption(r));
        assertEquals("Steps done again by failure rate", SweepViewModel.heading(r, Metric.REPEATED_STEPS));
    }

    @Test
    void aLogSpacedSweepOfTheLeaseRunsTheSameRatioAndSaysSo() {
        model.parameterProperty().set(Parameter.LEASE_MS);
        model.fromProperty().set("1000");
        model.toProperty().set("3600000");
        model.pointsProperty().set("5");
        assertEquals(Spacing.LINEAR, model.spacingProperty().get(), "linear unless chosen");
        assertEquals(900_750.0, model.plan().values().get(1), "linear: 1,000 + 3,599,000 / 4");
        model.spacingProperty().set(Spacing.LOG);
        // ratio 3,600^(1/4) = 7.746: the command line's --spacing log gives the same points
        Sweep sweep = model.plan();
        assertEquals(List.of(1_000.0, 7_746.0, 60_000.0, 464_758.0, 3_600_000.0), sweep.values());
        // on the chart each point sits at its base-10 logarithm, evenly: 3, 3.889, 4.778, 5.667, 6.556
        assertEquals(3.0, SweepViewModel.xPosition(sweep, 1_000), 1e-12);
        assertEquals(Math.log10(3.6e6), SweepViewModel.xPosition(sweep, 3_600_000), 1e-12);
        assertEquals("1,000", SweepViewModel.logTickText(3));
        assertEquals("7,750", SweepViewModel.logTickText(Math.log10(7_746))); // 3 significant digits
        assertEquals("0.0316", SweepViewModel.logTickText(-1.5));
        assertEquals("Lease (virtual ms), log scale", SweepViewModel.logAxisLabel(Parameter.LEASE_MS));

        model.fromProperty().set("0");
        model.parameterProperty().set(Parameter.P_FAIL);
        model.fromProperty().set("0");
        assertEquals("From: 0 is not above 0; log spacing needs both ends above 0", planError());
    }

    @Test
    void theCaptionOfALogSweepSaysItIsLogSpaced() {
        Sweep.Result r = Sweep.of(Scenario.article().toBuilder().jobs(100).build(), Parameter.P_FAIL, 0.001, 0.1, 3,
                List.of(Strategy.EACH_STEP_NO_KEY), Spacing.LOG).run(1, RunControl.NONE);
        assertEquals("Failure rate from 0.1% to 10%, 3 points, log-spaced · 100 sign-ups · lost reply 0.5% · "
                + "3 attempts · seed 1", SweepViewModel.caption(r));
    }

    private static Sweep.Result small() {
        return Sweep.of(Scenario.article().toBuilder().jobs(300).build(), Parameter.P_FAIL, 0, 0.05, 3,
                List.of(Strategy.EACH_STEP_NO_KEY, Strategy.WHOLE_JOB_SAME_KEY)).run(1, RunControl.NONE);
    }

    @Test
    void twoMetricsGiveEachStrategyTwoCurvesNamedByStrategyAndMetric() {
        Sweep.Result r = small();
        List<Metric> two = List.of(Metric.REPEATED_STEPS, Metric.USERS_WITH_DUPLICATE_EMAILS);
        List<SweepViewModel.Series> series = SweepViewModel.series(r, two);
        assertEquals(4, series.size(), "2 strategies x 2 metrics");
        for (int k = 0; k < 4; k++) {
            SweepViewModel.Series c = series.get(k);
            assertEquals(r.sweep().strategies().get(k / 2), c.strategy(), "each strategy's two curves together");
            assertEquals(two.get(k % 2), c.metric(), "the first metric, then the second");
            for (int i = 0; i < 3; i++) {
                assertEquals(c.metric().number(r.get(i, k / 2)), c.points().get(i)[1]);
                assertEquals(new double[] {0, 2.5, 5}[i], c.points().get(i)[0], "x in percent");
            }
        }
        assertTrue(series.get(1).points().get(2)[1] > 0, "no key: duplicate emails at 5% failures");
        assertEquals("retry each step, no key — Users with 2+ welcome emails",
                SweepViewModel.seriesName(series.get(1), true));
        assertEquals("retry each step, no key", SweepViewModel.seriesName(series.get(1), false));
        // the legend: the short name with two metrics (a projector's width), the full one with one
        assertEquals("each step, no key — Users with 2+ welcome emails", SweepViewModel.legendName(series.get(1), true));
        assertEquals("retry each step, no key", SweepViewModel.legendName(series.get(1), false));
        assertEquals("Steps done again and\nusers with 2+ welcome emails", SweepViewModel.valueAxisLabel(two, false));
        assertEquals("Steps done again and\nusers with 2+ welcome emails,\nlog scale",
                SweepViewModel.valueAxisLabel(two, true));
        assertEquals("Steps done again and users with 2+ welcome emails by failure rate",
                SweepViewModel.heading(r, two));
        // one metric: one curve per strategy, named by the strategy alone, as before
        assertEquals(2, SweepViewModel.series(r, Metric.REPEATED_STEPS).size());
        assertEquals("Steps done again by failure rate", SweepViewModel.heading(r, List.of(Metric.REPEATED_STEPS)));
    }

    @Test
    void theSecondMetricIsNoneUntilChosenAndTheSameOneTwiceIsPlottedOnce() {
        assertEquals(null, model.metric2Property().get());
        assertEquals(List.of(Metric.REPEATED_STEPS), model.plotted());
        model.metric2Property().set(Metric.CALLS);
        assertEquals(List.of(Metric.REPEATED_STEPS, Metric.CALLS), model.plotted());
        model.metric2Property().set(Metric.REPEATED_STEPS);
        assertEquals(List.of(Metric.REPEATED_STEPS), model.plotted());
    }

    @Test
    void aLoadedSweepReplacesTheStrategiesShowsItsFieldsAndReadsBackAsTheSameSpec() {
        Strategy claim = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        SweepSpec spec = new SweepSpec(Parameter.LEASE_MS, 1_000, 3_600_000, 13, Spacing.LOG,
                List.of("overlappingRuns", "deadLetteredJobs"), true);
        Scenario base = Scenario.article().toBuilder().jobs(1_000).workers(4).build();
        model.load(base, List.of(claim), spec, List.of(Metric.OVERLAPPING_RUNS, Metric.DEAD_LETTERED_JOBS));
        assertEquals(List.of(claim), model.strategies().stream().map(SweepViewModel.StrategyChoice::strategy).toList(),
                "the preset's strategy in place of the article's five");
        assertEquals(List.of(claim), model.chosenStrategies(), "ticked");
        assertEquals(base, model.form().scenario());
        assertEquals("1,000", model.fromProperty().get(), "window units: virtual ms, grouped");
        assertEquals("3,600,000", model.toProperty().get());
        assertEquals("13", model.pointsProperty().get());
        assertEquals(Metric.DEAD_LETTERED_JOBS, model.metric2Property().get());
        assertTrue(model.logScaleProperty().get());
        assertEquals(spec, model.spec());
        Sweep planned = model.plan();
        assertEquals(13, planned.values().size());
        assertEquals(List.of(claim), planned.strategies());
        // a probability is shown in percent and read back in model units
        SweepSpec pFail = new SweepSpec(Parameter.P_FAIL, 0, 0.05, 6, Spacing.LINEAR, List.of("calls"), false);
        model.load(base, Strategy.ARTICLE, pFail, List.of(Metric.CALLS));
        assertEquals("5", model.toProperty().get());
        assertEquals(null, model.metric2Property().get(), "one metric: the second is none");
        assertEquals(pFail, model.spec());
        assertEquals(5, model.strategies().size());
    }

    @Test
    void otherStrategiesTakeTheColoursTheArticlesLeaveInTheirOrder() {
        Strategy a = Strategy.of(RetryScope.WHOLE_JOB_SKIP_FINISHED, KeyMode.SAME, StoreKind.CLAIM_TABLE);
        Strategy b = Strategy.of(RetryScope.EACH_STEP, KeyMode.SAME, StoreKind.LOCK);
        assertEquals(List.of(0, 1, 2, 3, 4), List.copyOf(SweepViewModel.colours(Strategy.ARTICLE, 5).values()));
        assertEquals(List.of(0, 1), List.copyOf(SweepViewModel.colours(List.of(a, b), 5).values()));
        // beside the article's first (colour 0), the others start at the next free colour
        assertEquals(List.of(0, 1, 2), List.copyOf(SweepViewModel.colours(List.of(Strategy.ARTICLE.get(0), a, b), 5)
                .values()));
        assertEquals(List.of(3, 0, 1), List.copyOf(SweepViewModel.colours(List.of(Strategy.ARTICLE.get(3), a, b), 5)
                .values()));
    }

    @Test
    void theNotesNumberIsTheLargestValueOverTheSweepAndWhereItIsFirstReached() {
        Sweep.Result one = Sweep.of(Scenario.article().toBuilder().jobs(300).build(), Parameter.P_FAIL, 0, 0.05, 3,
                List.of(Strategy.EACH_STEP_NO_KEY)).run(1, RunControl.NONE);
        long most = Math.max(one.get(1, 0).repeatedSteps(), one.get(2, 0).repeatedSteps());
        String at = one.get(2, 0).repeatedSteps() > one.get(1, 0).repeatedSteps() ? "5%" : "2.5%";
        assertEquals("Steps done again: up to " + Metric.REPEATED_STEPS.text(most == one.get(2, 0).repeatedSteps()
                ? one.get(2, 0) : one.get(1, 0)) + ", first at failure rate " + at,
                SweepViewModel.peakText(one, Metric.REPEATED_STEPS));
        // nothing at all: the first point, where 0 is first reached
        assertEquals("Key mismatches: up to 0, first at failure rate 0%",
                SweepViewModel.peakText(one, Metric.KEY_MISMATCHES));
        // several strategies: a heading, then one line each
        String[] lines = SweepViewModel.peakText(small(), Metric.REPEATED_STEPS).split("\n");
        assertEquals(3, lines.length);
        assertEquals("Steps done again, the largest over the sweep:", lines[0]);
        assertTrue(lines[2].endsWith("  retry the whole job, same key"), lines[2]);
    }
}
