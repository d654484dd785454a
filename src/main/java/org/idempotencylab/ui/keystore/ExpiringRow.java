package org.idempotencylab.ui.keystore;

import javafx.beans.property.ReadOnlyIntegerProperty;

/**
 * What the key tables' shared cells need of a row: its countdown (when it expires, its TTL; see
 * {@link CountdownRow}), and a counter that goes up when the row should flash. Implemented by {@link KeyRow} and
 * {@link ProviderKeyRow}.
 */
public interface ExpiringRow extends CountdownRow {
    /** @return a counter that goes up each time the key saves work (a hit, a shared run, a suppressed send). */
    ReadOnlyIntegerProperty flashCountProperty();

    /** @return the key as text, as the article writes it ({@code SignupKeys.describe}). */
    String keyText();
}
