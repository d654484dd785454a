/**
 * "Watch it happen": one simulation played slowly enough to follow, its jobs as tokens gliding through the ten
 * steps, the email provider's envelopes, clicks that lose a reply, fail a call or crash the worker process, the
 * event log and a job's history.
 *
 * <p>The parts: {@link org.idempotencylab.ui.live.LiveViewModel} composes {@code LiveRun} (the run, its picture,
 * log and history, the views that follow it), {@code SimulationRequests} (where the simulation moves: in place, or on
 * a database's thread), {@code RunStatus}, {@code RunPlayer} (play, pause, step, the frames, the timeline's seeks),
 * {@code FaultClicks} (the faults a person clicks in), {@code RunSetup} (what the next Reset runs: parameters,
 * {@code StrategyParts}, {@code DatabaseConnector}), {@code Playback} (speed, the frame budget), {@code RunProjection}
 * (the events as tokens, envelopes and station counters; plain Java), {@code EventText} and {@code EventLog} (the run
 * in words). {@link org.idempotencylab.ui.live.LiveController} binds {@code live.fxml}, which includes a
 * sub-view per part ({@code live-toolbar.fxml}, {@code live-timeline.fxml}, {@code live-second-lane.fxml}, ...),
 * each with its thin controller ({@code LiveToolbarController}, ...); {@code LiveFit} places them for the room there
 * is. {@link org.idempotencylab.ui.live.QueueCanvas} draws the queue: {@code QueueGrid} and {@code QueueLayout}
 * say where things go, a painter per kind of thing draws it, {@code TokenPlacer} moves the tokens and
 * {@code QueueHits} says what a click means. The words are in {@code texts.properties} beside these classes.
 *
 * <p>May import: {@code engine}, {@code scenario}, {@code store}, the {@code ui} package's shared pieces
 * ({@code LiveRunListener}, {@code Texts}, {@code VirtualTime}) and {@code ui.form}; JavaFX and ControlsFX in
 * the view (the controllers, the canvases and their layout and painters, the code panel, {@code StatusLine},
 * {@code FittedText} and {@code LiveFit}),
 * {@code javafx.beans}/{@code javafx.collections} only in the view-models. Never
 * another feature: the views that follow the run (the key store, the classroom kit) listen through
 * {@link org.idempotencylab.ui.LiveRunListener}, connected by {@code App}.
 */
package org.idempotencylab.ui.live;
