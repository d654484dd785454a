/**
 * The classroom kit: presets and scenario files loaded into the view they are for and saved from it, the teaching
 * note with its watched number, presentation mode, the shortcuts, the opening scene, and what the lab remembers
 * ({@link org.idempotencylab.ui.kit.ScenarioKit}, {@link org.idempotencylab.ui.kit.LabPrefs},
 * {@link org.idempotencylab.ui.kit.WindowMemory}); the window's frame ({@code ui.LabController}, lab.fxml: menus,
 * tabs, note) binds them. The kit reaches the Compare, Live and Sweep views only through
 * {@link org.idempotencylab.ui.kit.ScenarioView}, and the tabs' features only through
 * {@link org.idempotencylab.ui.TabCommands}; {@code App} builds the adapters. Words: this package's
 * texts.properties.
 *
 * <p>A feature: may import the engine, store and scenario layers, JavaFX and the shared UI pieces ({@code ui},
 * form, charts, export); never another feature.
 */
package org.idempotencylab.ui.kit;
