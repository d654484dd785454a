package org.idempotencylab.ui.sweep;

import org.idempotencylab.ui.FeatureTexts;

/** The words of the Sweep tab ({@code texts.properties} beside this class), for the {@code fx:include} that shows it. */
public final class SweepTexts extends FeatureTexts {
}
