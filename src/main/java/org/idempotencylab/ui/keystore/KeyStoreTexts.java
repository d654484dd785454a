package org.idempotencylab.ui.keystore;

import org.idempotencylab.ui.FeatureTexts;
import org.idempotencylab.ui.Texts;

/**
 * The key store's words: this package's {@code texts.properties}, for the classes and rows that write text
 * ({@link #TEXTS}), and as the bundle class live.fxml's {@code fx:include} names.
 */
public final class KeyStoreTexts extends FeatureTexts {
    static final Texts TEXTS = Texts.of(KeyStoreTexts.class);
}
