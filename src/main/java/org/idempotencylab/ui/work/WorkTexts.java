package org.idempotencylab.ui.work;

import org.idempotencylab.ui.FeatureTexts;
import org.idempotencylab.ui.Texts;

/**
 * The Real workers tab's words: this package's {@code texts.properties}, for the classes that write text
 * ({@link #TEXTS}), and as the bundle class lab.fxml's tab names.
 */
public final class WorkTexts extends FeatureTexts {
    static final Texts TEXTS = Texts.of(WorkTexts.class);
}
