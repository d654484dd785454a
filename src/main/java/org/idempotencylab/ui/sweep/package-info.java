/**
 * The Sweep tab: one parameter ({@link org.idempotencylab.scenario.Parameter#isSweepable()}) varied over a range,
 * the chosen strategies run at each point on a base scenario (every parameter, in a panel from the registry), one
 * metric ({@link org.idempotencylab.engine.Metric#numbers()}) plotted per strategy, the table of the {@code sweep}
 * command's columns and the exports. {@link org.idempotencylab.ui.sweep.SweepViewModel} holds the logic;
 * {@link org.idempotencylab.ui.sweep.SweepController} binds sweep.fxml to it and
 * {@link org.idempotencylab.ui.sweep.SweepChart} draws. Words: this package's texts.properties.
 *
 * <p>A feature: may import the engine, store and scenario layers, JavaFX, ControlsFX and the shared UI pieces
 * ({@code ui}, form, charts, export); never another feature.
 */
package org.idempotencylab.ui.sweep;
