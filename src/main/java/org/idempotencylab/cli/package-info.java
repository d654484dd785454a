/**
 * The headless command line, with picocli: {@code table} (the first article's five strategies), {@code run}
 * (one strategy, every metric) and {@code sweep} (one parameter over a range). Their scenario options are made
 * from {@link org.idempotencylab.scenario.Parameter} ({@link org.idempotencylab.cli.ScenarioOptions}), their
 * outputs' columns from {@link org.idempotencylab.engine.Metric}. Bad input: one line on stderr naming the
 * option, the value and the allowed range, exit code 2.
 *
 * <p>Imports: {@code engine}, {@code store}, {@code scenario}, picocli, Jackson and Commons CSV. Never JavaFX or
 * {@code ui}.
 */
package org.idempotencylab.cli;
