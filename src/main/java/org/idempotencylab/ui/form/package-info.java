/**
 * Parameter panels built from the {@link org.idempotencylab.scenario.Parameter} registry: every parameter's
 * property in model units ({@link org.idempotencylab.ui.form.ScenarioForm}), a slider and an exact field bound to
 * it with the registry's validation and one message per refused value
 * ({@link org.idempotencylab.ui.form.ParameterBinding}, {@link org.idempotencylab.ui.form.SliderScale}), and the
 * panel with its basic section and collapsed advanced sections ({@link org.idempotencylab.ui.form.ParameterPanel}).
 * A parameter added to the registry reaches every panel with no change here.
 *
 * <p>A shared piece: may import the scenario layer, JavaFX, the {@code ui} package's shared pieces and charts; no
 * feature.
 */
package org.idempotencylab.ui.form;
