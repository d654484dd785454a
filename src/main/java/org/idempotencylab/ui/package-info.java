/**
 * The lab's window: {@link org.idempotencylab.ui.App}, the one place that wires the features together (their
 * view-models, the classroom kit's adapters over the Compare, Live and Sweep views in {@code ScenarioViews} and {@code
 * LiveScenarioView}, with {@code ClassroomCut}, the size and speed a preset plays at in the live view; the controller
 * factory), and the small pieces every feature shares: {@link org.idempotencylab.ui.ControllerFactory}, {@link
 * org.idempotencylab.ui.Texts} (a package's texts.properties), {@link org.idempotencylab.ui.BackgroundRun} (a long run
 * off the FX thread), {@link org.idempotencylab.ui.TabCommands} (what the menus ask of a tab), {@link
 * org.idempotencylab.ui.LiveRunListener} (following the live run), {@link org.idempotencylab.ui.ClaimTableView} (the
 * key store's claim-table view, for the Real workers tab), {@link org.idempotencylab.ui.ListLabels} (a choice list's
 * words) and {@link org.idempotencylab.ui.VirtualTime}.
 *
 * <p>May import: the engine, store and scenario layers, JavaFX and ControlsFX, and the shared UI packages (form,
 * charts, export), and {@code work} (the real workers). Only {@code App} and the adapters ({@code ScenarioViews},
 * {@code LiveScenarioView}, {@code ClassroomCut}) import the features (compare, live, keystore, sweep, explore, kit,
 * lessons, work); the features import this package's shared pieces, never each other (ArchitectureTest).
 */
package org.idempotencylab.ui;
