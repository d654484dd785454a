/**
 * The discrete-event simulation of background jobs that run twice, and of the idempotency keys that stop them:
 * the first article's seeded sign-up simulation ("Jobs that run twice") and the second article's durable path
 * (claim table with leases, crashes, durable queues), on a virtual clock in milliseconds.
 *
 * <p>What is where:
 * <ul>
 *   <li>{@link org.idempotencylab.engine.SignupSimulation}: builds one run's parts, drives it ({@code run},
 *       {@code step}, {@code advanceTo}) and tells a {@link org.idempotencylab.engine.SimulationListener} what
 *       happened. The views and the command line drive runs only through it, {@code Comparison} and
 *       {@code Sweep}, and read what they produce: {@code StrategyResult}, {@code Metric}, {@code ResultColumns},
 *       {@code SimulationEvent}, the step and key names ({@code SignupSteps}, {@code SignupKeys}) and the
 *       provider's keys ({@code EmailProvider}); the parts below stay package-private.</li>
 *   <li>The parts, each readable and testable alone: {@code JobQueue} (the queue), {@code WorkerProcess} and
 *       {@code Worker} (the workers, crashes, restarts), {@code StepCalls} (call durations and the one method
 *       that draws a call's outcome), one {@code StepGate} per store kind, {@code ScheduledEvent} (everything
 *       scheduled on the {@link org.idempotencylab.engine.Simulator}), and
 *       {@link org.idempotencylab.engine.RunMetrics} (one counter per
 *       {@link org.idempotencylab.engine.Metric}).</li>
 *   <li>Random streams ({@link org.idempotencylab.engine.RandomStreams}, {@link org.idempotencylab.engine.Mulberry32}):
 *       the article's outcome stream, and one derived stream per other random quantity, so that turning a
 *       feature off never shifts a draw.</li>
 * </ul>
 *
 * <p>Adding a store is one value of {@link org.idempotencylab.scenario.StoreKind} (with its words), one gate class
 * implementing {@code StepGate}, and its lines in {@code StepGates} (its gate and its traits); nothing else in the
 * engine branches on the store kind (a test checks it). Outside the engine, the compiler then asks for the real
 * workers' step ({@code work.SignupWorker}) and the live view's look ({@code ui.live.StoreLook}).
 *
 * <p>Dependencies go one way (docs/design.md): the engine may import {@code org.idempotencylab.store} and
 * {@code org.idempotencylab.scenario}, and the JDK; never JavaFX, {@code org.idempotencylab.ui} or
 * {@code org.idempotencylab.cli}. Nothing here knows a window exists: the live view advances a simulation from
 * its own animation timer, and the engine never calls back into the toolkit.
 */
package org.idempotencylab.engine;
