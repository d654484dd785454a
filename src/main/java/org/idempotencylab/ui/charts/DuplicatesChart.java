package org.idempotencylab.ui.charts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToLongFunction;
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
import org.idempotencylab.ui.Texts;

/**
 * Fills a horizontal bar chart with two counts per strategy: users with two or more welcome emails, and steps
 * done again. Each bar carries its exact number, and the value axis can be logarithmic, so a bar 100 times
 * shorter than another is still readable. Not animated: it is redrawn from finished results only.
 */
public final class DuplicatesChart {
    private static final Texts TEXTS = Texts.of(DuplicatesChart.class);
    /** Series names, also the legend: the metrics' labels. */
    public static final String EMAILS = Metric.USERS_WITH_DUPLICATE_EMAILS.label();
    public static final String REPEATED = Metric.REPEATED_STEPS.label();

    private DuplicatesChart() {
    }

    /**
     * Replaces the chart's data with {@code results}; strategies are listed top to bottom in the article's order.
     *
     * @param chart    a chart with a {@link NumberAxis} as X axis and category Y axis
     * @param logScale true for the zero-friendly log scale ({@link SymlogScale}), false for a linear axis
     */
    public static void show(BarChart<Number, String> chart, List<StrategyResult> results, boolean logScale) {
        show(chart, results, logScale, Strategy::name);
    }

    /**
     * As {@link #show(BarChart, List, boolean)}, with each strategy's category named by {@code names} (e.g.
     * {@link StrategyNames#shortName} where the full names would squeeze the bars).
     */
    public static void show(BarChart<Number, String> chart, List<StrategyResult> results, boolean logScale,
                            Function<Strategy, String> names) {
        chart.setAnimated(false);
        NumberAxis axis = (NumberAxis) chart.getXAxis();
        // Category axes list bottom-up in a horizontal chart; reverse so the first strategy is on top.
        List<StrategyResult> topDown = new ArrayList<>(results);
        Collections.reverse(topDown);
        XYChart.Series<Number, String> emails = series(EMAILS, topDown, StrategyResult::usersWithDuplicateEmails,
                logScale, names, -1);
        XYChart.Series<Number, String> repeated = series(REPEATED, topDown, StrategyResult::repeatedSteps, logScale,
                names, +1);
        long max = 0;
        for (StrategyResult r : results) {
            max = Math.max(max, Math.max(r.usersWithDuplicateEmails(), r.repeatedSteps()));
        }
        if (logScale) {
            axis.setAutoRanging(false);
            axis.setLowerBound(0);
            // one decade of headroom for the number printed after the longest bar
            axis.setUpperBound(Math.max(2, Math.ceil(SymlogScale.toAxis(max)) + 1));
            axis.setTickUnit(1);
            axis.setMinorTickVisible(false);
            axis.setTickLabelFormatter(SymlogScale.tickLabels());
            axis.setLabel(TEXTS.get("axis.countLog"));
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
            axis.setLabel(TEXTS.get("axis.count"));
        }
        chart.getData().setAll(List.of(emails, repeated));
    }

    private static XYChart.Series<Number, String> series(String name, List<StrategyResult> results,
                                                          ToLongFunction<StrategyResult> metric, boolean log,
                                                          Function<Strategy, String> names, int away) {
        XYChart.Series<Number, String> s = new XYChart.Series<>();
        s.setName(name);
        for (StrategyResult r : results) {
            long v = metric.applyAsLong(r);
            XYChart.Data<Number, String> d = new XYChart.Data<>(log ? SymlogScale.toAxis(v) : v, names.apply(r.strategy()));
            d.nodeProperty().addListener((obs, old, node) -> label(node, v, away));
            s.getData().add(d);
        }
        return s;
    }

    /**
     * Puts the exact count just after the end of the bar. A bar thinner than its number's text (large type, many
     * strategies) moves the number {@code away} from the category's other bar (-1 up, +1 down) by the
     * difference, so the two numbers of a category never overlap.
     */
    private static void label(Node node, long value, int away) {
        if (!(node instanceof StackPane bar)) {
            return;
        }
        Label text = new Label(String.format(Locale.ROOT, "%,d", value));
        text.getStyleClass().add("bar-value");
        text.setMinWidth(Region.USE_PREF_SIZE);
        StackPane.setAlignment(text, Pos.CENTER_LEFT);
        text.translateXProperty().bind(bar.widthProperty().add(4));
        text.translateYProperty().bind(Bindings.createDoubleBinding(
                () -> away * Math.max(0, (text.getHeight() - bar.getHeight()) / 2 + 1),
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
