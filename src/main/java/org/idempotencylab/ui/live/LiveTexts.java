package org.idempotencylab.ui.live;

import org.idempotencylab.ui.FeatureTexts;

/** The words of the live view ({@code texts.properties} beside this class), for the {@code fx:include} that shows it. */
public final class LiveTexts extends FeatureTexts {
}
