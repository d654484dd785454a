/**
 * What a run is made of, declared once: {@link org.idempotencylab.scenario.Parameter} (every parameter's id,
 * option, label, unit, range, default and meaning), {@link org.idempotencylab.scenario.Scenario} (one value
 * per parameter, validated), the strategy vocabulary ({@link org.idempotencylab.scenario.Strategy},
 * {@link org.idempotencylab.scenario.RetryScope}, {@link org.idempotencylab.scenario.KeyMode},
 * {@link org.idempotencylab.scenario.StoreKind}, {@link org.idempotencylab.scenario.QueueKind}), and scenario
 * files and the built-in presets ({@link org.idempotencylab.scenario.ScenarioFiles},
 * {@link org.idempotencylab.scenario.Presets}).
 *
 * <p>Imports: the JDK and Jackson only. No other layer of the lab: the engine, the stores and both front ends
 * import this package, never the other way round (the engine's metric names reach scenario files as a list
 * given to {@link org.idempotencylab.scenario.ScenarioFiles}).
 */
package org.idempotencylab.scenario;
