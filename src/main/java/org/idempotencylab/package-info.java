/**
 * Idempotency Lab: a desktop lab and a command line that simulate background jobs running twice, and the
 * idempotency keys, claim tables and leases that stop it.
 *
 * <p>{@link org.idempotencylab.Main} is the entry point: no arguments open the window ({@code ui}), any
 * arguments run the command line ({@code cli}). Below them, layers with one-way arrows (checked by
 * ArchitectureTest; docs/design.md draws every package):
 * <ul>
 *   <li>{@code scenario}: what a run is made of: every parameter ({@code Parameter}), the scenario, the
 *       strategies, scenario files and presets. Imports no other layer.</li>
 *   <li>{@code store}: the idempotency stores: in-memory (first article), the claim table as a model and over
 *       JDBC (second article), locks. Imports no other layer.</li>
 *   <li>{@code engine}: the discrete-event simulator, its parts, the metrics ({@code Metric}), comparisons and
 *       sweeps. Imports {@code store} and {@code scenario}.</li>
 *   <li>{@code work}: real workers, the sign-up job run by operating-system processes on PostgreSQL
 *       ({@code WorkRun}, {@code WorkerOsProcess}). Imports {@code engine}, {@code store} and {@code scenario}.</li>
 *   <li>{@code cli} and {@code ui}: the two front ends. Each imports {@code work}, {@code engine}, {@code store}
 *       and {@code scenario}; neither imports the other; only {@code ui} knows JavaFX.</li>
 * </ul>
 */
package org.idempotencylab;
