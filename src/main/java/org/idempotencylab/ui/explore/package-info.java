/**
 * The Explore tab: every schedule of at most K faults of a small scenario ({@link org.idempotencylab.engine.Explorer}),
 * per strategy, in a table (schedules, those with a duplicate, those that lost a sign-up, the shortest
 * counterexample in words), run in the background with Cancel; a counterexample plays in "Watch it happen" through
 * a {@link org.idempotencylab.ui.explore.CounterexampleStage} (an adapter App builds over the live view).
 * {@link org.idempotencylab.ui.explore.ExploreViewModel} holds the logic,
 * {@link org.idempotencylab.ui.explore.ExploreController} binds explore.fxml to it. Words: this package's
 * texts.properties.
 *
 * <p>A feature: may import the engine, store and scenario layers, JavaFX, ControlsFX and the shared UI pieces
 * ({@code ui}, form, charts, export); never another feature.
 */
package org.idempotencylab.ui.explore;
