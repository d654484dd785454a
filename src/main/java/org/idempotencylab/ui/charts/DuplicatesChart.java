package org.idempotencylab.ui.charts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.StrategyResult;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Texts;

/**
 * Fills a horizontal bar chart with two counts per strategy: users with two or more welcome emails, and steps
 * done again; and, when a preset watches another number (silently wrong results, lease reclaims...), that number as
 * a third series, so what the preset is about is in the chart and its exported image, named in the legend. Each bar
 * carries its exact number, and the value axis can be logarithmic, so a bar 100 times shorter than another is still
 * readable. Not animated: it is redrawn from finished results only.
 */
public final class DuplicatesChart {
    private static final Texts TEXTS = Texts.of(DuplicatesChart.class);
    /** Series names, also the legend: the metrics' labels. */
    public static final String EMAILS = Metric.USERS_WITH_DUPLICATE_EMAILS.label();
    public static final String REPEATED = Metric.REPEATED_STEPS.label();
    /** The two duplicate counts, charted always, in this order (the legend's, and each category's bars'). */
    private static final List<Metric> DUPLICATES = List.of(Metric.USERS_WITH_DUPLICATE_EMAILS, Metric.REPEATED_STEPS);

    private DuplicatesChart() {
    }

    /**
     * Replaces the chart's data with {@code results}; strategies are listed top to bottom in the article's order.
     *
     * @param chart    a chart with a {@link NumberAxis} as X axis and category Y axis
     * @param logScale true for the zero-friendly log scale ({@link SymlogScale}), false for a linear axis
     */
    public static void show(BarChart<Number, String> chart, List<StrategyResult> results, boolean logScale) {
        show(chart, results, logScale, Strategy::name, null, Workflow.SIGNUP);
    }

    /**
     * @param watched the number a preset watches, or null
     * @return the metrics charted, in series order: the two duplicate counts, then {@code watched} when it is one
     *         number and not one of them
     */
    public static List<Metric> charted(Metric watched) {
        if (watched == null || !watched.isNumber() || DUPLICATES.contains(watched)) {
            return DUPLICATES;
        }
        return List.of(DUPLICATES.get(0), DUPLICATES.get(1), watched);
    }

    /**
     * @return the chart's heading: the duplicates, and the number watched when it is charted too ("Duplicate side
     *         effects and silently wrong results per strategy"), named in the words of a run of {@code flow}
     */
    public static String heading(Metric watched, Workflow flow) {
        List<Metric> charted = charted(watched);
        if (charted.size() == DUPLICATES.size()) {
            return TEXTS.get("heading");
        }
        String label = charted.get(charted.size() - 1).label(flow);
        return TEXTS.format("heading.watched", Texts.lowerFirst(label));
    }

    /**
     * As {@link #show(BarChart, List, boolean)}, with each strategy's category named by {@code names} (e.g.
     * {@link StrategyNames#shortName} where the full names would squeeze the bars), and the number a preset watches
     * charted too ({@link #charted}): its bars in the chart's third colour (lab.css), its label in the legend, its
     * exact value after each bar.
     *
     * @param watched the number the preset watches, or null for the two duplicate counts alone
     * @param flow    the job run: the legend and axis name its key step where the sign-up says welcome emails
     */
    public static void show(BarChart<Number, String> chart, List<StrategyResult> results, boolean logScale,
                            Function<Strategy, String> names, Metric watched, Workflow flow) {
        chart.setAnimated(false);
        NumberAxis axis = (NumberAxis) chart.getXAxis();
        // Category axes list bottom-up in a horizontal chart; reverse so the first strategy is on top.
        List<StrategyResult> topDown = new ArrayList<>(results);
        Collections.reverse(topDown);
        List<Metric> metrics = charted(watched);
        List<XYChart.Series<Number, String>> series = new ArrayList<>();
        double max = 0;
        for (int i = 0; i < metrics.size(); i++) {
            Metric m = metrics.get(i);
            // each category's bars stack from the first series down: the labels of the outer ones move outwards
            series.add(series(m, m.label(flow), topDown, logScale, names, i - (metrics.size() - 1) / 2.0,
                    chart.getBarGap()));
            for (StrategyResult r : results) {
                max = Math.max(max, m.number(r));
            }
        }
        boolean counts = metrics.stream().allMatch(m -> m.kind() == Metric.Kind.COUNT);
        String other = counts ? "" : TEXTS.format("axis.other", metrics.get(metrics.size() - 1).label(flow),
                metrics.get(metrics.size() - 1).unit());
        if (logScale) {
            axis.setAutoRanging(false);
            axis.setLowerBound(0);
            // one decade of headroom for the number printed after the longest bar
            axis.setUpperBound(Math.max(2, Math.ceil(SymlogScale.toAxis(max)) + 1));
            axis.setTickUnit(1);
            axis.setMinorTickVisible(false);
            axis.setTickLabelFormatter(SymlogScale.tickLabels());
            axis.setLabel(TEXTS.format("axis.countLog", other));
        } else {
            axis.setAutoRanging(false);
            axis.setLowerBound(0);
            double upper = niceUpper(max * 1.2);
            axis.setUpperBound(upper);
            axis.setTickUnit(upper / 5);
            axis.setMinorTickVisible(true);
            axis.setTickLabelFormatter(new NumberAxis.DefaultFormatter(axis) {
                @Override
                public String toString(Number n) {
                    return SymlogScale.compact(Math.round(n.doubleValue()));
                }
            });
            axis.setLabel(TEXTS.format("axis.count", other));
        }
        chart.getData().setAll(series);
    }

    private static XYChart.Series<Number, String> series(Metric m, String name, List<StrategyResult> results,
                                                          boolean log, Function<Strategy, String> names,
                                                          double place, double barGap) {
        XYChart.Series<Number, String> s = new XYChart.Series<>();
        s.setName(name);
        for (StrategyResult r : results) {
            double v = m.number(r);
            XYChart.Data<Number, String> d = new XYChart.Data<>(log ? SymlogScale.toAxis(v) : v, names.apply(r.strategy()));
            String text = m.text(r);
            d.nodeProperty().addListener((obs, old, node) -> label(node, text, place, barGap));
            s.getData().add(d);
        }
        return s;
    }

    /**
     * Puts the exact number just after the end of the bar. A bar thinner than its number's text (large type, many
     * strategies) moves the number away from the category's middle by the difference, {@code place} times (its
     * bar's place from the middle: -1 the top one of three, -0.5 the top one of two, 0 the middle one), so the
     * numbers of a category stand one above the other, a text's height apart, never overlapping.
     */
    private static void label(Node node, String value, double place, double barGap) {
        if (!(node instanceof StackPane bar)) {
            return;
        }
        Label text = new Label(value);
        text.getStyleClass().add("bar-value");
        text.setMinWidth(Region.USE_PREF_SIZE);
        StackPane.setAlignment(text, Pos.CENTER_LEFT);
        text.translateXProperty().bind(bar.widthProperty().add(4));
        text.translateYProperty().bind(Bindings.createDoubleBinding(
                () -> place * Math.max(0, text.getHeight() + 2 - bar.getHeight() - barGap),
                text.heightProperty(), bar.heightProperty()));
        bar.getChildren().add(text);
    }

    /** @return the smallest 1, 1.5, 2, 3, 4, 5, 6 or 8 times a power of ten at or above {@code x} (at least 10). */
    static double niceUpper(double x) {
        double p = Math.pow(10, Math.floor(Math.log10(Math.max(10, x))));
        for (double m : new double[] {1, 1.5, 2, 3, 4, 5, 6, 8, 10}) {
            if (m * p >= x) {
                return m * p;
            }
        }
        return 10 * p;
    }
}
