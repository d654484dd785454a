package org.idempotencylab.ui.lessons;

import org.idempotencylab.ui.FeatureTexts;

/** The words of the lessons ({@code texts.properties} beside this class), for the {@code fx:include}s in lab.fxml. */
public final class LessonTexts extends FeatureTexts {
}
