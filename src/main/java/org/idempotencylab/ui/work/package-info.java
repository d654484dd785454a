/**
 * The Real workers tab: a real run of the {@code work} command (worker processes on one PostgreSQL, embedded when
 * no URL is given) started, watched and steered from the window. Its Workers box shows every real worker process
 * (PID, running / killed / restarting, the jobs it took; a click kills it with SIGKILL), the run's real claim table
 * {@code processed_jobs} is shown in the key store's claim-table view (through {@code ui.ClaimTableView}, which
 * {@code App} makes), and the provider's sends per user and the metrics {@code work} prints are read from the
 * tables.
 *
 * <p>{@link org.idempotencylab.ui.work.WorkViewModel} runs everything slow off the FX thread (the embedded
 * database's start, the run, every database read, a kill) and applies the results on it;
 * {@link org.idempotencylab.ui.work.WorkController} only binds {@code work.fxml}. The words are in
 * {@code texts.properties} beside these classes.
 *
 * <p>May import: {@code work} (the real run), {@code engine}, {@code scenario}, {@code store}, the {@code ui}
 * package's shared pieces and {@code ui.form}'s parsing of typed values; JavaFX. Never another feature.
 */
package org.idempotencylab.ui.work;
