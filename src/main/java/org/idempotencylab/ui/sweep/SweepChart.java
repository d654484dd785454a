package org.idempotencylab.ui.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.shape.Line;
import javafx.util.StringConverter;
import org.idempotencylab.engine.Metric;
import org.idempotencylab.engine.Sweep;
import org.idempotencylab.scenario.Parameter;
import org.idempotencylab.scenario.Spacing;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.ui.charts.StrategyNames;
import org.idempotencylab.ui.charts.SymlogScale;

/**
 * Draws a finished sweep on the Sweep tab's line chart: one line per strategy in its own colour (Okabe–Ito, safe
 * for colour-blind viewers and readable on a projector; "new key on every call" dashed, since its curve lies on
 * "no key"'s), the legend below it, and the axes: x exactly the swept range, y linear or the Compare chart's
 * zero-friendly log scale. With two metrics each strategy has two lines in its colour: the first solid with round
 * hollow markers, the second in short dashes with square filled ones, so the pair reads without colour too. The
 * numbers come from {@link SweepViewModel}; this only draws them. Not animated.
 */
final class SweepChart {
    /** One colour per strategy: the strategies' palette, {@link StrategyNames#COLOURS}. */
    static final List<String> COLOURS = StrategyNames.COLOURS;

    private final LineChart<Number, Number> chart;
    private final NumberAxis xAxis;
    private final NumberAxis yAxis;
    private final FlowPane legend;
    private final StringConverter<Number> linearTicks;
    private final StringConverter<Number> linearXTicks;
    private final StringConverter<Number> logXTicks;

    SweepChart(LineChart<Number, Number> chart, NumberAxis xAxis, NumberAxis yAxis, FlowPane legend) {
        this.chart = chart;
        this.xAxis = xAxis;
        this.yAxis = yAxis;
        this.legend = legend;
        chart.setAnimated(false);
        // The x axis spans exactly the swept values, so the first and last markers sit on the plot's edges: do
        // not clip them in half (the values never leave the axes' ranges, so nothing else draws outside).
        for (Node n = chart.lookup(".plot-content"); n != null && n != chart; n = n.getParent()) {
            n.setClip(null);
        }
        linearTicks = new NumberAxis.DefaultFormatter(yAxis) {
            @Override
            public String toString(Number n) {
                double v = n.doubleValue();
                return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
                        : String.format(Locale.ROOT, "%.2f", v);
            }
        };
        yAxis.setTickLabelFormatter(linearTicks);
        linearXTicks = new NumberAxis.DefaultFormatter(xAxis);
        logXTicks = new StringConverter<>() {
            @Override
            public String toString(Number n) {
                return SweepViewModel.logTickText(n.doubleValue());
            }

            @Override
            public Number fromString(String text) {
                throw new UnsupportedOperationException("tick labels are only shown");
            }
        };
    }

    /**
     * @param colour the strategy's colour, an index into {@link #COLOURS} ({@link SweepViewModel#colours})
     * @param second true for the second metric's line (short dashes)
     * @return a short line in the strategy's colour and dash, for its check box and its legend entry
     */
    static Line swatch(Strategy s, int colour, boolean second, double width) {
        Line line = new Line(0, 0, width, 0);
        line.setStyle(lineStyle(s, colour, second));
        return line;
    }

    private static String lineStyle(Strategy s, int colour, boolean second) {
        // "new key on every call" is dashed because its curve lies on "no key"'s; a second metric in short ones
        String dash = second ? " -fx-stroke-dash-array: 4 6;"
                : s.equals(Strategy.ARTICLE.get(1)) ? " -fx-stroke-dash-array: 10 7;" : "";
        return "-fx-stroke: " + COLOURS.get(colour % COLOURS.size()) + "; -fx-stroke-width: 3px;" + dash;
    }

    private static String markerStyle(int colour, boolean second) {
        String c = COLOURS.get(colour % COLOURS.size());
        return second ? "-fx-background-color: " + c + "; -fx-background-radius: 0; -fx-padding: 4px;"
                : "-fx-background-color: " + c + ", white; -fx-background-insets: 0, 2; -fx-background-radius: 5px;"
                        + " -fx-padding: 5px;";
    }

    /**
     * Draws {@code r}'s one or two {@code metrics}, one line per strategy and metric, on a linear or log value axis.
     *
     * @param colours each strategy's colour ({@link SweepViewModel#colours}); a strategy missing takes the first
     */
    void show(Sweep.Result r, List<Metric> metrics, boolean log, Map<Strategy, Integer> colours) {
        Parameter p = r.sweep().parameter();
        List<SweepViewModel.Series> curves = SweepViewModel.series(r, metrics);
        boolean both = metrics.size() > 1;
        List<XYChart.Series<Number, Number>> all = new ArrayList<>();
        for (SweepViewModel.Series c : curves) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(SweepViewModel.seriesName(c, both));
            for (double[] pt : c.points()) {
                s.getData().add(new XYChart.Data<>(SweepViewModel.xPosition(r.sweep(), pt[0]),
                        SweepViewModel.axisValue(pt[1], log)));
            }
            all.add(s);
        }
        // a log-spaced sweep is drawn on a log x axis, where its points lie evenly, as they were chosen
        boolean logX = r.sweep().spacing() == Spacing.LOG;
        xAxis.setLabel(logX ? SweepViewModel.logAxisLabel(p) : SweepViewModel.axisLabel(p));
        xAxis.setTickLabelFormatter(logX ? logXTicks : linearXTicks);
        double[] x = SweepViewModel.xRange(curves); // autoranging would add a tick past the last value
        if (logX) {
            x = new double[] {SweepViewModel.xPosition(r.sweep(), x[0]), SweepViewModel.xPosition(r.sweep(), x[1])};
        }
        xAxis.setAutoRanging(x[1] <= x[0]);
        if (x[1] > x[0]) {
            xAxis.setLowerBound(x[0]);
            xAxis.setUpperBound(x[1]);
            xAxis.setTickUnit((x[1] - x[0]) / 10);
        }
        if (log) {
            yAxis.setAutoRanging(false);
            yAxis.setLowerBound(0);
            yAxis.setUpperBound(SweepViewModel.logUpper(curves));
            yAxis.setTickUnit(1);
            yAxis.setMinorTickVisible(false);
            yAxis.setTickLabelFormatter(SymlogScale.tickLabels());
        } else {
            yAxis.setAutoRanging(true);
            yAxis.setMinorTickVisible(true);
            yAxis.setTickLabelFormatter(linearTicks);
        }
        yAxis.setLabel(SweepViewModel.valueAxisLabel(metrics, log));
        chart.getData().setAll(all);
        legend.getChildren().clear();
        for (int k = 0; k < curves.size(); k++) {
            SweepViewModel.Series c = curves.get(k);
            Strategy strategy = c.strategy();
            int i = colours.getOrDefault(strategy, 0);
            boolean second = c.metric() != metrics.get(0);
            XYChart.Series<Number, Number> s = all.get(k);
            if (s.getNode() != null) {
                s.getNode().setStyle(lineStyle(strategy, i, second));
            }
            for (XYChart.Data<Number, Number> d : s.getData()) {
                if (d.getNode() != null) {
                    d.getNode().setStyle(markerStyle(i, second));
                }
            }
            Label item = new Label(SweepViewModel.legendName(c, both), swatch(strategy, i, second, 30));
            item.setTooltip(new Tooltip(SweepViewModel.seriesName(c, both)));
            item.getStyleClass().add("sweep-legend-item");
            legend.getChildren().add(item);
        }
    }
}
