package org.idempotencylab.ui.explore;

import org.idempotencylab.ui.FeatureTexts;

/** The words of the Explore tab ({@code texts.properties} beside this class), for the tab that shows it. */
public final class ExploreTexts extends FeatureTexts {
}
