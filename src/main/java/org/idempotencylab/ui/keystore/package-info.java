/**
 * The Key store pane (below the play area of "Watch it happen"): what the idempotency stores hold at each moment of the live run, on the simulation clock:
 * the first article's in-memory store (state, saved value, TTL countdown, hits), or, when the run uses one, the
 * second article's claim table ({@code processed_jobs} with its lease) or the lock-only store; and the keys the
 * email provider remembers. Rows flash on a hit; a crash, an expiry or a row limit shows as it is.
 *
 * <p>{@link org.idempotencylab.ui.keystore.KeyStoreViewModel} follows the live run as a
 * {@link org.idempotencylab.ui.LiveRunListener} ({@code App} connects it, at most
 * {@value org.idempotencylab.ui.keystore.KeyStoreViewModel#FLUSHES_PER_SECOND} flushes a second while playing):
 * it buffers the stores' changes and publishes them once per flush; the claim table and the lock store, which
 * have no listener, are polled then. {@link org.idempotencylab.ui.keystore.KeyStoreController} only binds
 * {@code keystore.fxml}. That view, its style sheet and its words ({@code texts.properties}) are beside these
 * classes in the resources.
 *
 * <p>May import: {@code engine}, {@code scenario}, {@code store} and the {@code ui} package's shared pieces
 * ({@code LiveRunListener}, {@code Texts}, {@code VirtualTime}); JavaFX in the controller and the cells,
 * {@code javafx.beans}/{@code javafx.collections} only in the view-models. Never another feature: it knows
 * nothing of the live view.
 */
package org.idempotencylab.ui.keystore;
