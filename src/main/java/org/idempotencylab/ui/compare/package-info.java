/**
 * "Compare strategies": every parameter in a panel from the registry, the strategies run side by side in the
 * background, the table (columns from {@link org.idempotencylab.engine.Metric}), the duplicates chart and their
 * exports. {@link org.idempotencylab.ui.compare.CompareViewModel} holds the logic, testable without the toolkit
 * until a run starts; {@link org.idempotencylab.ui.compare.CompareController} binds compare.fxml to it. Words:
 * this package's texts.properties.
 *
 * <p>A feature: may import the engine, store and scenario layers, JavaFX, ControlsFX and the shared UI pieces
 * ({@code ui}, form, charts, export); never another feature.
 */
package org.idempotencylab.ui.compare;
