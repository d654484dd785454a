package org.idempotencylab.ui.keystore;

import org.idempotencylab.ui.Texts;

/** The key store's words: this package's {@code texts.properties}, for the classes and rows that write text. */
final class KeyStoreTexts {
    static final Texts TEXTS = Texts.of(KeyStoreTexts.class);

    private KeyStoreTexts() {
    }
}
