/**
 * Chart pieces the views share: the duplicates bar chart with a number on every bar
 * ({@link org.idempotencylab.ui.charts.DuplicatesChart}), the zero-friendly log scale
 * ({@link org.idempotencylab.ui.charts.SymlogScale}) and short strategy names for narrow tables and axes
 * ({@link org.idempotencylab.ui.charts.StrategyNames}).
 *
 * <p>A shared piece: may import the engine and scenario layers, JavaFX and the {@code ui} package's shared pieces;
 * no feature.
 */
package org.idempotencylab.ui.charts;
