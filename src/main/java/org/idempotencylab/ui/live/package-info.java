/**
 * "Watch it happen": one simulation played slowly enough to follow, its jobs as tokens gliding through the ten
 * steps, the email provider's envelopes, clicks that lose a reply, fail a call or crash the worker process, the
 * event log and a job's history.
 *
 * <p>The parts: {@link org.idempotencylab.ui.live.LiveViewModel} composes {@code Playback} (playing, speed, the
 * frame budget), {@code RunProjection} (the run's events as tokens, envelopes and station counters; plain Java),
 * {@code EventText} and {@code EventLog} (the run in words), {@code DatabaseConnector} (a claim table on a real
 * database, opened off the FX thread) and {@code StrategyParts}; {@link org.idempotencylab.ui.live.LiveController}
 * only binds {@code fxml/live.fxml} to it; {@link org.idempotencylab.ui.live.QueueCanvas} draws the queue. The
 * words are in {@code texts.properties} beside these classes.
 *
 * <p>May import: {@code engine}, {@code scenario}, {@code store}, the {@code ui} package's shared pieces
 * ({@code LiveRunListener}, {@code Texts}, {@code VirtualTime}) and {@code ui.form}; JavaFX and ControlsFX in
 * the view (the controller, the canvases, the code panel, {@code StatusLine} and {@code FittedText}),
 * {@code javafx.beans}/{@code javafx.collections} only in the view-models. Never
 * another feature: the views that follow the run (the key store, the classroom kit) listen through
 * {@link org.idempotencylab.ui.LiveRunListener}, connected by {@code App}.
 */
package org.idempotencylab.ui.live;
