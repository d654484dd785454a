package org.idempotencylab.ui.compare;

import org.idempotencylab.ui.FeatureTexts;

/** The words of the Compare tab ({@code texts.properties} beside this class), for the {@code fx:include} that shows it. */
public final class CompareTexts extends FeatureTexts {
}
