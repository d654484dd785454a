/**
 * The lab's window: {@link org.idempotencylab.ui.App}, the one place that wires the features together (their
 * view-models, the classroom kit's adapters over the Compare, Live and Sweep views in {@code ScenarioViews} and
 * {@code LiveScenarioView}, with {@code ClassroomCut}, the size and speed a preset plays at in the live view; the
 * controller factory); {@link org.idempotencylab.ui.LabController}, the window's root controller (lab.fxml: the
 * menus, the tabs, each built from its feature's view when first shown, the teaching note);
 * {@link org.idempotencylab.ui.LaunchSwitches}, the one reader of the {@code -Dlab.*} launch switches; and the
 * small pieces every feature shares: {@link org.idempotencylab.ui.ControllerFactory},
 * {@link org.idempotencylab.ui.Texts} (a package's texts.properties), {@link org.idempotencylab.ui.BackgroundRun}
 * (a long run off the FX thread),
 * {@link org.idempotencylab.ui.TabCommands} (what the menus ask of a tab),
 * {@link org.idempotencylab.ui.LiveRunListener} (following the live run),
 * {@link org.idempotencylab.ui.ClaimTableView} (the key store's claim-table view, for the Real workers tab),
 * {@link org.idempotencylab.ui.ListLabels} (a choice list's words) and {@link org.idempotencylab.ui.VirtualTime}.
 * The window's own resources (lab.fxml, lab.css with the concepts' colours, presentation.css, texts.properties) are
 * beside these classes; each feature's FXML, CSS and words are in its own package's folder.
 *
 * <p>May import: the engine, store and scenario layers, JavaFX and ControlsFX, and the shared UI packages (form,
 * charts, export), and {@code work} (the real workers). Only {@code App}, {@code LabController} and the adapters
 * ({@code ScenarioViews}, {@code LiveScenarioView}, {@code ClassroomCut}) import the features (compare, live,
 * keystore, sweep, explore, kit, lessons, work); the features import this package's shared pieces, never each other
 * (ArchitectureTest).
 */
package org.idempotencylab.ui;
